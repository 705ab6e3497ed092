/**
 * The paired routes: `#/setup` (create or join) and `#/room/CODE` (the seat this device holds in
 * that game, resumed from the saved session; without one, the join form with the code filled in).
 * The room picks the screen by role: the blind player's screen (H7's BlindScreen on a remote
 * session), the sighted player's, the assistant's (a spectator gets it without actions) or the
 * arbiter's.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Clock } from '../../ports/clock.ts';
import { localStore, type KeyValueStore } from '../../ports/storage.ts';
import type { Session, Transport } from '../../ports/transport.ts';
import type { AppOutputs } from '../../speech/speaker/outputs.ts';
import type { TalkControls } from '../../ports/listener.ts';
import { connectionNews, type ConnectionFacts } from '../../controllers/room.ts';
import { speechText } from '../../speech/messages.ts';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import { createClientTransport, socketUrl } from '../../net/client.ts';
import { loadSession, useRoom } from '../useRoom.ts';
import { BlindScreen } from '../blind/BlindScreen.tsx';
import { AssistantScreen } from '../assistant/AssistantScreen.tsx';
import { ArbiterScreen } from '../arbiter/ArbiterScreen.tsx';
import { PlayerProcedures } from '../procedures/ProcedureControls.tsx';
import { SightedScreen } from '../sighted/SightedScreen.tsx';
import { RefusalAlert, RoomHeader, StartGameContext, StatusLine } from '../sighted/PairedParts.tsx';
import { startNews } from '../sighted/paired.ts';
import type { RemoteSession } from '../../session/remote.ts';
import type { Role } from '../../match/types.ts';
import { tSighted } from '../sighted/messages.ts';
import { SetupScreen, type SetupScreenProps } from './SetupScreen.tsx';
import { archivePairedGame, type ArchivableSession } from '../archive/sessionArchiver.ts';
import { MatchNewsPanel, useMatchNews } from './MatchNews.tsx';
import { tSetup } from './messages.ts';

/** What the paired routes need from the app shell. */
export interface PairedContext {
  readonly settings: Settings;
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly outputs: AppOutputs;
  readonly clock: Clock;
  /** Tests inject these; the browser's WebSocket and localStorage otherwise. */
  readonly makeTransport?: () => Transport;
  readonly store?: KeyValueStore;
  /** Opens or closes the microphone (the app's route context has it): setup by voice. */
  readonly pushToTalk?: () => void;
  /** The talk key held or toggled, the same on the blind screen in a paired game as in a local one. */
  readonly talk?: TalkControls;
}

const browserTransport = () => createClientTransport({ url: socketUrl(window.location) });

const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const hashCode = () => /^#\/room\/([a-z-]+)/.exec(window.location.hash)?.[1] ?? '';

/**
 * Says a sentence (the pairing code, the sighted screen's announcements) through the output router,
 * so the player's choice of Twinboard's voice or the screen reader holds here too.
 */
function speakerOf(ctx: PairedContext): (text: string) => void {
  return (text) =>
    ctx.outputs.router.deliver([
      { text, lang: ctx.settings.locale, politeness: 'assertive', interrupt: true },
    ]);
}

/** Confirms a spoken setup choice through the app's output router (Speaker or live region). */
function confirmerOf(ctx: PairedContext): (text: string) => void {
  return (text) =>
    ctx.outputs.router.deliver([{ text, lang: ctx.settings.locale, politeness: 'polite', interrupt: true }]);
}

/** The setup screen's connection to the app shell, the same on both routes that show it. */
function setupWiring(
  ctx: PairedContext,
  store: KeyValueStore,
): Omit<SetupScreenProps, 'onEnter' | 'joinCode'> {
  return {
    locale: ctx.settings.locale,
    makeTransport: ctx.makeTransport ?? browserTransport,
    store,
    speak: speakerOf(ctx),
    statusHeard: () => ctx.outputs.router.mode() === 'screenReader',
    confirm: confirmerOf(ctx),
    ...(ctx.pushToTalk ? { talk: ctx.pushToTalk } : {}),
  };
}

/** `#/setup`. */
export function SetupRoute({ ctx }: { readonly ctx: PairedContext }) {
  const [store] = useState(() => ctx.store ?? localStore());
  return (
    <SetupScreen
      {...setupWiring(ctx, store)}
      onEnter={(s) => {
        window.location.hash = `#/room/${s.code}`;
      }}
    />
  );
}

/** `#/room/CODE`. */
export function RoomRoute({ ctx }: { readonly ctx: PairedContext }) {
  const code = useSyncExternalStore(subscribeHash, hashCode, () => '');
  const [store] = useState(() => ctx.store ?? localStore());
  const [entered, setEntered] = useState(0);
  const session = code ? loadSession(store, code) : null;
  if (!session)
    return (
      <SetupScreen
        key={`${code}-${entered}`}
        {...setupWiring(ctx, store)}
        joinCode={code.split('-').join(' ')}
        onEnter={(s) => {
          if (s.code === code) setEntered((n) => n + 1);
          else window.location.hash = `#/room/${s.code}`;
        }}
      />
    );
  return <PairedRoom key={`${session.code}:${session.token}`} ctx={ctx} session={session} store={store} />;
}

function PairedRoom(props: {
  readonly ctx: PairedContext;
  readonly session: Session;
  readonly store: KeyValueStore;
}) {
  const { ctx, session, store } = props;
  const room = useRoom({
    entry: { resume: session },
    makeTransport: ctx.makeTransport ?? browserTransport,
    store,
    clock: ctx.clock,
  });
  const locale = ctx.settings.locale;
  const speak = speakerOf(ctx);
  useConnectionNews(room, ctx);
  // The game is archived once its room has arrived (before that there is no state to keep).
  usePairedArchive(room.view ? room.session : null, session, store, ctx);
  const { vocabulary, verbosity } = ctx.settings;
  const news = useMatchNews(
    room.session,
    session.role,
    { locale, vocabulary, verbosity },
    // The blind player's screen says the news itself (its controller hears every event).
    session.role === 'blind' ? null : (said) => ctx.outputs.router.deliver(said),
  );
  // The blind player's screen says the start itself ("New game. You play White. …").
  useStartNews(session.role === 'blind' ? null : room.session, session.role, ctx);
  const newsPanel = <MatchNewsPanel heading={tSetup(locale, 'newsHeading')} news={news} />;
  const relayLine = room.view ? (
    <p data-testid="relay-mode">{tSighted(locale, `relay_${room.view.state.setup.relay}`)}</p>
  ) : null;
  switch (session.role) {
    case 'blind':
      return (
        <div className="paired blind">
          <RoomHeader
            locale={locale}
            title={tSighted(locale, 'role_blind')}
            code={session.code}
            room={room}
          />
          <button type="button" onClick={() => speak(session.code.split('-').join(' '))}>
            {tSighted(locale, 'speakCode')}
          </button>
          {/* A refusal the blind screen says itself is not alerted a second time. */}
          <RefusalAlert locale={locale} refusal={room.refusal?.told ? null : room.refusal} />
          {room.view ? (
            <StartGameContext.Provider value={{ role: 'blind', send: room.send }}>
              <StatusLine locale={locale} state={room.view.state} />
            </StartGameContext.Provider>
          ) : null}
          {relayLine}
          {newsPanel}
          {room.session && room.view ? (
            <BlindScreen
              session={room.session}
              settings={ctx.settings}
              onSettingChange={ctx.onSettingChange}
              output={ctx.outputs.router}
              now={ctx.clock.now}
              voices={ctx.outputs.speaker.voices().map((v) => v.name)}
              // Entering the room (or a reload) says where the player stands: before the start, that
              // the game waits for him and how to start it; during the game, as in local games.
              opening="resumed"
              // Who is in the room is known once the room's presence includes this screen.
              {...(room.online.includes('blind') ? { opponentOnline: room.online.includes('sighted') } : {})}
              {...(ctx.pushToTalk ? { pushToTalk: ctx.pushToTalk } : {})}
              {...(ctx.talk ? { talk: ctx.talk } : {})}
            />
          ) : (
            <p role="status">{tSighted(locale, 'statusConnecting')}</p>
          )}
          {room.view ? (
            <PlayerProcedures
              locale={locale}
              state={room.view.state}
              role="blind"
              color={room.view.state.setup.blindColor}
              send={room.send}
            />
          ) : null}
        </div>
      );
    case 'sighted':
      return (
        <>
          {newsPanel}
          <SightedScreen
            locale={locale}
            room={room}
            speak={speak}
            display={ctx.settings}
            onDisplayChange={ctx.onSettingChange}
          />
          {room.view ? (
            <PlayerProcedures
              locale={locale}
              state={room.view.state}
              role="sighted"
              color={room.view.state.setup.blindColor === 'w' ? 'b' : 'w'}
              send={room.send}
            />
          ) : null}
        </>
      );
    case 'arbiter':
      return (
        <>
          {newsPanel}
          {/* The arbiter may start the game: the button stands under his status line. */}
          <StartGameContext.Provider value={{ role: 'arbiter', send: room.send }}>
            <ArbiterScreen
              locale={locale}
              room={room}
              clock={ctx.clock}
              words={{ vocabulary: ctx.settings.vocabulary }}
              display={ctx.settings}
              onDisplayChange={ctx.onSettingChange}
            />
          </StartGameContext.Provider>
        </>
      );
    default:
      return (
        <>
          {relayLine}
          {newsPanel}
          <AssistantScreen
            locale={locale}
            room={room}
            clock={ctx.clock}
            display={ctx.settings}
            onDisplayChange={ctx.onSettingChange}
          />
        </>
      );
  }
}

/** The player's paired game is saved to this device's archive as it is played (principle 7). */
function usePairedArchive(
  game: ArchivableSession | null,
  seat: Session,
  store: KeyValueStore,
  ctx: PairedContext,
) {
  const { code, role } = seat;
  useEffect(
    () =>
      game ? archivePairedGame(game, { code, role }, store, ctx.clock.now, ctx.settings.locale) : undefined,
    // The clock and the names are read when the game is first seen; later renders pass equal values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [game, code, role, store],
  );
}

/** Says the start of the game once, whoever started it, on the screens that do not say it themselves. */
function useStartNews(game: RemoteSession | null, role: Role, ctx: PairedContext) {
  const { locale } = ctx.settings;
  useEffect(() => {
    if (!game) return;
    return game.onEvents((events) => {
      const news = startNews(events, game.getState(), role, locale);
      if (news)
        ctx.outputs.router.deliver([{ text: news, lang: locale, politeness: 'assertive', interrupt: false }]);
    });
    // The output router is the app's, fixed for the room's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game, role, locale]);
}

/** Says when the connection is lost and when it is back, and a takeover of the seat (controllers/room.ts). */
function useConnectionNews(room: ConnectionFacts, ctx: PairedContext) {
  const previous = useRef<ConnectionFacts>(room);
  const reached = useRef(false);
  useEffect(() => {
    const news = connectionNews(previous.current, room, reached.current);
    previous.current = room;
    if (room.status === 'online') reached.current = true;
    if (news)
      ctx.outputs.router.deliver([
        {
          text: speechText(ctx.settings.locale, news),
          lang: ctx.settings.locale,
          politeness: 'assertive',
          interrupt: false,
        },
      ]);
  }, [room, ctx]);
}
