/**
 * A whole game on one device: the blind player's screen and, beside it, the sighted player's
 * screen (also openable in a second window for a second monitor), both driving one match session (createMatch + reduce from src/match). The paired
 * screens replace the local opponent with a remote one through the same intents. The game is
 * archived as it is played, and an opt-in audio recording can be started here (BL-38(b)).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createMatch } from '../../match/setup.ts';
import { observe, reduce } from '../../match/reducer.ts';
import type { Settings, SettingKey } from '../../app/settings.ts';
import type { Clock } from '../../ports/clock.ts';
import type { TalkControls } from '../../app/voice.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import { BlindScreen } from '../blind/BlindScreen.tsx';
import { createLocalSession, type MatchSession } from '../../session/local.ts';
import { SightedPlayer } from '../sighted/SightedPlayer.tsx';
import { LOCAL_CHANNEL, shareSession } from '../../session/mirror.ts';
import { tSighted } from '../sighted/messages.ts';
import { useSessionArchive } from '../archive/useSessionArchive.ts';
import { RecordingToggle } from '../archive/Recording.tsx';
import {
  browserRecorderPlatform,
  createGameRecorder,
  indexedDbRecordingStore,
  type GameRecorder,
} from '../../app/recorder.ts';

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
}

/** Makes a started local match with the player's settings. */
export function startLocalSession(
  settings: Settings,
  clock: Clock,
  blindColor: 'w' | 'b' = 'w',
  startFen?: string,
): MatchSession {
  const match = createMatch({
    profileId: settings.edition,
    blindColor,
    castlingRook: settings.rookPlacement === 'auto' ? 'automatic' : 'player',
    captureRemoval: settings.captureRemoval,
    ...(startFen ? { startFen } : {}),
  });
  // createMatch only fails on a bad start position or role list; neither is possible here.
  if (!match.ok) throw new Error(match.error.message);
  const session = createLocalSession(match.value, reduce, observe, clock);
  session.dispatch({ kind: 'startGame', by: 'blind' });
  return session;
}

/** The local game screen. */
export function LocalGame(props: LocalGameProps): ReactNode {
  const { settings, clock, onSession } = props;
  // One session for the life of the screen: settings changes do not restart the game.
  const [session] = useState(() => startLocalSession(settings, clock, props.blindColor));
  useEffect(() => onSession?.(session), [onSession, session]);
  const gameId = useSessionArchive(session, 'local', {}, undefined, settings.locale);
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
      />
      <section className="local-opponent" aria-labelledby="opponent-heading">
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
