/**
 * A whole game on one device: the blind player's screen and, beside it, the sighted player's
 * screen (SightedPlayer; also in a second window for a second monitor, #/local/opponent, kept in
 * step over a BroadcastChannel), both driving one match session. The session is kept on the device as it is played
 * (src/session/store.ts): a reload resumes the running game, piece in hand included, and says so;
 * an unfinished game from the archive can be resumed (#/local/<id>); "New local game" (#/local/new)
 * asks before it replaces a running game. The game is archived as it is played, and an opt-in
 * audio recording can be started here (BL-38(b)). The device is shared, but the blind player's
 * keyboard focus and live regions are his alone: the opponent's pointer never moves the focus
 * (useFocusStays on his panel) and his panel shows its notes without speaking them (issue 28).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import type { Clock } from '../../ports/clock.ts';
import { localStore, type KeyValueStore } from '../../ports/storage.ts';
import type { TalkControls } from '../../ports/listener.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import type { MatchOptions } from '../../match/setup.ts';
import { BlindScreen } from '../blind/BlindScreen.tsx';
import { SightedPlayer } from '../sighted/SightedPlayer.tsx';
import { LOCAL_CHANNEL, shareSession } from '../../session/mirror.ts';
import { tSighted } from '../sighted/messages.ts';
import { Dialog } from '../blind/Dialog.tsx';
import { translator } from '../../speech/blindMessages.ts';
import type { MatchSession } from '../../session/local.ts';
import {
  createSessionStore,
  resumeStoredSession,
  startMemorySession,
  startStoredSession,
  type SessionStore,
} from '../../session/store.ts';
import { useSessionArchive } from '../archive/useSessionArchive.ts';
import { RecordingToggle } from '../archive/Recording.tsx';
import { useFocusStays } from './useFocusStays.ts';
import { makeGameId } from '../../session/gameIds.ts';
import {
  browserRecorderPlatform,
  createGameRecorder,
  indexedDbRecordingStore,
  type GameRecorder,
} from '../../session/recorder.ts';

export interface LocalGameProps {
  readonly settings: Settings;
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly output: OutputRouter;
  readonly clock: Clock;
  readonly voices?: readonly string[];
  /** The blind player's colour (default White). */
  readonly blindColor?: 'w' | 'b';
  readonly pushToTalk?: () => void;
  /** The talk key held or toggled (settings.talkMode). */
  readonly talk?: TalkControls;
  /** The opt-in audio recording of the game (default: the browser's microphone into IndexedDB). */
  readonly recorder?: GameRecorder;
  /** Receives the session once made (the voice input and tests dispatch through it). */
  readonly onSession?: (session: MatchSession) => void;
  /** Where local games are kept (default: the browser's local storage). */
  readonly store?: KeyValueStore;
  /**
   * Which game: `undefined` resumes the running game or starts one, `'new'` starts a new one
   * (asking first when a game is running), an id resumes that game from the archive.
   */
  readonly game?: string;
  /** Called with the route of the game being played (to replace `#/local/new` after the choice). */
  readonly onRoute?: (route: string) => void;
}

/** The match options a new local game takes from the player's settings. */
export function localMatchOptions(
  settings: Settings,
  blindColor: 'w' | 'b' = 'w',
  startFen?: string,
): MatchOptions {
  return {
    profileId: settings.edition,
    blindColor,
    castlingRook: settings.rookPlacement === 'auto' ? 'automatic' : 'player',
    captureRemoval: settings.captureRemoval,
    ...(startFen ? { startFen } : {}),
  };
}

/** A started local match with the player's settings, held in memory only (tests). */
export function startLocalSession(
  settings: Settings,
  clock: Clock,
  blindColor: 'w' | 'b' = 'w',
  startFen?: string,
): MatchSession {
  return startMemorySession(localMatchOptions(settings, blindColor, startFen), clock);
}

/** The game this screen plays: resumed from the device, or new. */
interface Opened {
  readonly id: string;
  readonly session: MatchSession;
  readonly resumed: boolean;
}

/** The running (unfinished) game on this device, if any. */
function runningGame(store: SessionStore): string | null {
  const id = store.current();
  if (id === null) return null;
  const stored = store.load(id);
  return stored && stored.state.phase !== 'over' ? id : null;
}

function openGame(
  store: SessionStore,
  wanted: string | undefined,
  settings: Settings,
  clock: Clock,
  blindColor: 'w' | 'b' | undefined,
): Opened {
  const id = wanted && wanted !== 'new' ? wanted : wanted === undefined ? runningGame(store) : null;
  if (id !== null) {
    const resumed = resumeStoredSession(store, id, clock);
    if (resumed && resumed.session.getState().phase !== 'over') {
      store.setCurrent(id);
      return { id, session: resumed.session, resumed: true };
    }
  }
  const newId = makeGameId(clock.now(), Math.random());
  const session = startStoredSession(
    store,
    { id: newId, options: localMatchOptions(settings, blindColor), createdAt: clock.now() },
    clock,
  );
  return { id: newId, session, resumed: false };
}

/** The local game screen: asks first when a new game would replace a running one. */
export function LocalGame(props: LocalGameProps): ReactNode {
  const [store] = useState(() => createSessionStore(props.store ?? localStore()));
  const [running] = useState(() => (props.game === 'new' ? runningGame(store) : null));
  const [choice, setChoice] = useState<'ask' | 'new' | 'resume'>(running ? 'ask' : 'new');
  // A game untouched when a game setting changed is started again with it (its number is the key).
  const [restarts, setRestarts] = useState(0);
  const tr = translator(props.settings.locale);
  if (running && choice === 'ask')
    return (
      <Dialog title={tr('replaceGameTitle')} className="replace-game">
        <p>{tr('replaceGameText')}</p>
        <button type="button" onClick={() => setChoice('resume')}>
          {tr('replaceGameResume')}
        </button>
        <button type="button" onClick={() => setChoice('new')}>
          {tr('replaceGameConfirm')}
        </button>
      </Dialog>
    );
  return (
    <LocalGamePlay
      key={restarts}
      {...props}
      sessionStore={store}
      game={restarts > 0 ? 'new' : choice === 'resume' ? (running ?? undefined) : props.game}
      onRestart={() => setRestarts((n) => n + 1)}
    />
  );
}

/** The blind player's board's tab stop: where the focus goes back to from the opponent's panel. */
const blindBoardStop = () =>
  document
    .getElementById('blind-heading')
    ?.closest('section')
    ?.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]');

/** The settings that change the game itself (the match's setup), not only how it is told. */
const gameSettings = (s: Settings) => `${s.edition}/${s.captureRemoval}/${s.rookPlacement}`;

function LocalGamePlay(
  props: LocalGameProps & { readonly sessionStore: SessionStore; readonly onRestart: () => void },
): ReactNode {
  const { settings, clock, onSession, sessionStore, onRoute, onRestart } = props;
  const [opened] = useState(() => openGame(sessionStore, props.game, settings, clock, props.blindColor));
  const { session } = opened;
  // A changed game setting applies at once while nothing has been done, else from the next game;
  // the player hears which (after the app's read-back of the setting).
  const applied = useRef(gameSettings(settings));
  useEffect(() => {
    const wanted = gameSettings(settings);
    if (wanted === applied.current) return;
    applied.current = wanted;
    const s = session.getState();
    const untouched =
      s.plies.length === 0 &&
      (['blind', 'sighted'] as const).every(
        (seat) => !s.boards[seat].aperture.hand && s.boards[seat].aperture.placements.length === 0,
      );
    const tr = translator(settings.locale);
    props.output.deliver([
      {
        text: tr(untouched ? 'settingAppliesNow' : 'settingAppliesNext'),
        lang: settings.locale,
        politeness: 'polite',
        interrupt: false,
      },
    ]);
    if (untouched) {
      sessionStore.remove(opened.id);
      onRestart();
    }
  }, [settings, session, sessionStore, opened.id, onRestart, props.output]);
  useEffect(() => void onSession?.(session), [onSession, session]);
  // A reload resumes the running game, not the choice that started it.
  useEffect(() => void onRoute?.('#/local'), [onRoute]);
  // One device: the opponent's pointer never takes the blind player's keyboard focus (issue 28).
  const opponentPanel = useRef<HTMLElement | null>(null);
  useFocusStays(opponentPanel, blindBoardStop);
  const gameId = useSessionArchive(session, 'local', {}, props.store, settings.locale, opened.id);
  const [recorder] = useState(
    () => props.recorder ?? createGameRecorder(browserRecorderPlatform(), indexedDbRecordingStore()),
  );
  // Leaving the game stops a running recording, which saves it with the game.
  useEffect(
    () => () => {
      if (recorder.isRecording()) void recorder.stop();
    },
    [recorder],
  );
  // The opponent's board may also be open in a second window (#/local/opponent).
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(LOCAL_CHANNEL);
    const stop = shareSession(session, channel);
    return () => {
      stop();
      channel.close();
    };
  }, [session]);
  return (
    <div className="local-game">
      <BlindScreen
        session={session}
        settings={settings}
        onSettingChange={props.onSettingChange}
        output={props.output}
        now={clock.now}
        voices={props.voices}
        pushToTalk={props.pushToTalk}
        {...(props.talk ? { talk: props.talk } : {})}
        opening={opened.resumed ? 'resumed' : 'new'}
      />
      <section className="local-opponent" aria-labelledby="opponent-heading" ref={opponentPanel}>
        <h2 id="opponent-heading">{tSighted(settings.locale, 'localTitle')}</h2>
        <SightedPlayer
          session={session}
          locale={settings.locale}
          place="local"
          display={settings}
          onDisplayChange={props.onSettingChange}
          onOpenWindow={() => window.open('#/local/opponent', 'twinboard-opponent')}
        />
      </section>
      <div className="recording">
        <RecordingToggle recorder={recorder} gameId={gameId} output={props.output} locale={settings.locale} />
      </div>
    </div>
  );
}
