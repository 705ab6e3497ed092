/**
 * A practice game against the computer: the blind player's whole screen over a local session whose
 * sighted seat the computer takes (src/practice/opponent.ts), and a small practice panel with the
 * hint and the take-back (practice only). The engine is loaded here, when the game starts or is
 * resumed, never at the app's start; the game is kept on the device and archived as it is played
 * (under one id, so the archive can resume it), like a local game. The hint, the take-back and the
 * engine's status are the practice model's (controllers/practice.ts).
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Engine } from '../../ports/engine.ts';
import type { TalkControls } from '../../ports/listener.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import type { KeyValueStore } from '../../ports/storage.ts';
import type { MatchSession } from '../../session/local.ts';
import type { OpenedPractice } from '../../practice/session.ts';
import { startEngineOpponent } from '../../practice/opponent.ts';
import { loadWorkerEngine } from '../../engine/load.ts';
import { BlindScreen } from '../blind/BlindScreen.tsx';
import { useSessionArchive } from '../archive/useSessionArchive.ts';
import { practiceTags, practiceTranslator } from './messages.ts';
import { createPracticeModel } from '../../controllers/practice.ts';

export interface PracticeGameProps {
  readonly settings: Settings;
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly output: OutputRouter;
  readonly clock: Clock;
  /** The game: new or resumed, kept on the device (practice/session.ts). */
  readonly game: OpenedPractice;
  readonly onNewGame: () => void;
  /** Where the archive is kept (default: the browser's local storage). */
  readonly store?: KeyValueStore;
  readonly voices?: readonly string[];
  readonly pushToTalk?: () => void;
  readonly talk?: TalkControls;
  /** The engine (default: Stockfish in a Web Worker); tests give the Node one. */
  readonly loadEngine?: () => Promise<Engine>;
  /** Randomness for the weaker levels' slips (default Math.random). */
  readonly random?: () => number;
  /** Bounds the computer's time per move (tests). */
  readonly cap?: { readonly movetimeMs: number };
  readonly onSession?: (session: MatchSession) => void;
}

export function PracticeGame(props: PracticeGameProps): ReactNode {
  const { settings, output, clock, game, loadEngine = loadWorkerEngine, onSession } = props;
  const locale = settings.locale;
  const t = practiceTranslator(locale);
  const { session, level } = game;
  const opening = game.resumed ? 'resumed' : 'new';
  useEffect(() => onSession?.(session), [onSession, session]);
  const computer = t('opponent', { level });
  useSessionArchive(
    session,
    'practice',
    practiceTags(locale, game.color, level),
    props.store,
    locale,
    game.id,
  );
  const { random = Math.random, cap } = props;
  const [model] = useState(() =>
    createPracticeModel(
      session,
      {
        output,
        loadEngine,
        words: t,
        seatComputer: (engine, onError) =>
          startEngineOpponent(session, engine, { level, random, onError, ...(cap ? { cap } : {}) }).stop,
      },
      { level, locale, vocabulary: settings.vocabulary },
    ),
  );
  useLayoutEffect(() => model.setOptions({ level, locale, vocabulary: settings.vocabulary }, t));
  // One engine for the life of the game; after the blind screen's own start (a child's effect runs
  // first), so the level is said after the colour and rules.
  useEffect(() => model.connect(opening), [model, opening]);
  const { status } = useSyncExternalStore(model.subscribe, model.getView);

  // The practice keys: the blind screen handles its own keys first and stops them there.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented) return;
    if ((event.target as HTMLElement).closest('input, select, textarea, [role="dialog"]')) return;
    if (model.keyDown(event)) event.preventDefault();
  };

  // Focus lands on the board when the game starts (DESIGN.md principle 8), never on the page body.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')?.focus(), []);

  return (
    <div className="practice-game" onKeyDown={onKeyDown} ref={root}>
      <BlindScreen
        session={session}
        settings={settings}
        onSettingChange={props.onSettingChange}
        output={output}
        opening={opening}
        now={clock.now}
        voices={props.voices}
        pushToTalk={props.pushToTalk}
        {...(props.talk ? { talk: props.talk } : {})}
      />
      <section aria-labelledby="practice-panel-heading" className="practice-panel">
        <h2 id="practice-panel-heading">{t('panel')}</h2>
        <p>{computer}</p>
        <p>{status}</p>
        <p id="practice-keys">{t('keys')}</p>
        <button type="button" onClick={() => void model.input({ kind: 'hint' })} aria-keyshortcuts="Shift+H">
          {t('hint')}
        </button>{' '}
        <button type="button" onClick={() => void model.input({ kind: 'takeBack' })} aria-keyshortcuts="U">
          {t('takeBack')}
        </button>{' '}
        <button type="button" onClick={props.onNewGame}>
          {t('newGame')}
        </button>
      </section>
    </div>
  );
}
