/**
 * A practice game against the computer: the blind player's whole screen over a local session whose
 * sighted seat the computer takes (src/practice/opponent.ts), and a small practice panel with the
 * hint and the take-back (practice only). The engine is loaded here, when the game starts, never at
 * the app's start; the game is archived as it is played, like every game.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import type { Clock } from '../../ports/clock.ts';
import { ENGINE_UNAVAILABLE, type Engine } from '../../ports/engine.ts';
import type { TalkControls } from '../../ports/listener.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import { describeHint } from '../../speech/review.ts';
import { speechText } from '../../speech/messages.ts';
import { aidsAllowed } from '../../match/concerns/participants.ts';
import type { MatchSession } from '../../session/local.ts';
import { startPracticeSession, type PracticeChoices } from '../../practice/session.ts';
import { startEngineOpponent } from '../../practice/opponent.ts';
import { loadWorkerEngine } from '../../engine/load.ts';
import { BlindScreen } from '../blind/BlindScreen.tsx';
import { useSessionArchive } from '../archive/useSessionArchive.ts';
import { archiveTranslator } from '../archive/messages.ts';
import { practiceTranslator } from './messages.ts';

/** How deep a hint looks (full strength, bounded so the player does not wait). */
const HINT_SEARCH = { depth: 14, movetimeMs: 1000 } as const;

export interface PracticeGameProps {
  readonly settings: Settings;
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly output: OutputRouter;
  readonly clock: Clock;
  readonly choices: PracticeChoices;
  readonly onNewGame: () => void;
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
  const { settings, output, clock, choices, loadEngine = loadWorkerEngine, onSession } = props;
  const locale = settings.locale;
  const t = practiceTranslator(locale);
  const [session] = useState(() => startPracticeSession(settings, choices, clock));
  useEffect(() => onSession?.(session), [onSession, session]);
  const computer = t('opponent', { level: choices.level });
  const blind = archiveTranslator(locale)('blindPlayer');
  useSessionArchive(
    session,
    'local',
    {
      Event: t('event'),
      White: choices.color === 'w' ? blind : computer,
      Black: choices.color === 'w' ? computer : blind,
    },
    undefined,
    locale,
  );

  const say = useCallback(
    (text: string, politeness: 'polite' | 'assertive' = 'polite') =>
      output.deliver([{ text, lang: locale, politeness, interrupt: true }]),
    [output, locale],
  );

  const engine = useRef<Engine | null>(null);
  const [status, setStatus] = useState(t('loading'));
  const { level } = choices;
  const { random = Math.random, cap } = props;
  useEffect(() => {
    let stopped = false;
    let stop = () => {};
    const failed = (e: unknown) => {
      const t = practiceTranslator(locale);
      const text =
        e instanceof Error && e.name === ENGINE_UNAVAILABLE
          ? t('unavailable')
          : t('failed', { reason: e instanceof Error ? e.message : String(e) });
      setStatus(text);
      say(text, 'assertive');
    };
    loadEngine().then((loaded) => {
      if (stopped) return loaded.dispose();
      engine.current = loaded;
      const opponent = startEngineOpponent(session, loaded, {
        level,
        random,
        onError: failed,
        ...(cap ? { cap } : {}),
      });
      stop = () => {
        opponent.stop();
        loaded.dispose();
      };
      setStatus(practiceTranslator(locale)('ready', { level }));
    }, failed);
    return () => {
      stopped = true;
      engine.current = null;
      stop();
    };
    // One engine for the life of the game.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  const hint = useCallback(async () => {
    const state = session.getState();
    const board = state.boards.blind.aperture;
    const mine = state.setup.blindColor;
    // Checklist 84: no hints while competition mode is on.
    if (!aidsAllowed(state)) return say(speechText(locale, 'competitionOn'));
    if (!engine.current) return say(status);
    if (state.phase !== 'playing' || board.fen.split(' ')[1] !== mine) return say(t('notYourTurn'));
    try {
      const found = await engine.current.search(board.fen, HINT_SEARCH);
      say(describeHint(board.fen, found.bestMove, { vocabulary: settings.vocabulary, locale }));
    } catch (e) {
      say(t('failed', { reason: e instanceof Error ? e.message : String(e) }), 'assertive');
    }
  }, [session, say, t, settings.vocabulary, locale, status]);

  // Heard through the match's events like every change (the blind screen says "taken back").
  const takeBack = () => void session.dispatch({ kind: 'takeBack', by: 'blind' });

  // The practice keys: the blind screen handles its own keys first and stops them there.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest('input, select, textarea, [role="dialog"]')) return;
    if (event.shiftKey && event.key.toLowerCase() === 'h') {
      event.preventDefault();
      void hint();
    } else if (!event.shiftKey && event.key === 'u') {
      event.preventDefault();
      takeBack();
    }
  };

  // After the blind screen's own start (colour, rules: a child's effect runs first), the level;
  // queued, not interrupting it.
  useEffect(
    () =>
      output.deliver([
        { text: t('started', { level }), lang: locale, politeness: 'polite', interrupt: false },
      ]),
    // Once, when the game starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

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
        opening="new"
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
        <button type="button" onClick={() => void hint()} aria-keyshortcuts="Shift+H">
          {t('hint')}
        </button>{' '}
        <button type="button" onClick={takeBack} aria-keyshortcuts="U">
          {t('takeBack')}
        </button>{' '}
        <button type="button" onClick={props.onNewGame}>
          {t('newGame')}
        </button>
      </section>
    </div>
  );
}
