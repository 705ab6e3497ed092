/**
 * The local game's session seen from a second window (issue 13: the opponent's board on a second
 * monitor). The window holding the game shares its session over a message channel (the browser's
 * BroadcastChannel): every state change and every batch of events goes out, and intents coming in
 * are dispatched to the one session. The second window's mirror keeps no state of its own: it
 * shows the last state received and sends its intents back, so both windows show one game.
 */
import type { Intent } from '../match/intents.ts';
import type { MatchEvent } from '../match/events.ts';
import { GrowingList } from '../core/index.ts';
import type { LogEntry, MatchState, SeatBoard } from '../match/types.ts';
import type { Clock } from '../ports/clock.ts';
import type { MatchSession } from './local.ts';
import { sessionNews } from './news.ts';

/** The part of BroadcastChannel the mirror uses (a fake in tests). */
export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: { readonly data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (e: { readonly data: unknown }) => void): void;
}

/** The state as the channel carries it: the evidence log as a plain array. */
type CarriedState = Omit<MatchState, 'log'> & { readonly log: readonly LogEntry[] };

type Message =
  | { readonly type: 'hello' }
  | { readonly type: 'state'; readonly state: CarriedState }
  | { readonly type: 'events'; readonly events: readonly MatchEvent[]; readonly state: CarriedState }
  | { readonly type: 'intent'; readonly intent: Intent };

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';

/** A board as the channel carries it: a turn's edited board (core/editedBoard.ts) as a plain Map. */
function cloneableBoard(seat: SeatBoard): SeatBoard {
  const board = seat.aperture.board;
  return board instanceof Map ? seat : { ...seat, aperture: { ...seat.aperture, board: new Map(board) } };
}

/**
 * The state as the channel carries it: structured cloning keeps plain Maps and arrays, not other
 * classes (an edited board, the evidence log's GrowingList).
 */
function cloneable(state: MatchState): CarriedState {
  const blind = cloneableBoard(state.boards.blind);
  const sighted = cloneableBoard(state.boards.sighted);
  return { ...state, boards: { blind, sighted }, log: state.log.toArray() };
}

/** The state as it was before the channel carried it. */
function revived(carried: CarriedState): MatchState {
  return { ...carried, log: GrowingList.of(carried.log) };
}

/** The channel name of the local game's session. */
export const LOCAL_CHANNEL = 'twinboard.local';

/**
 * Shares `session` on `channel` until the returned function is called. Only the sighted player's
 * intents are accepted from a mirror (the second window is his board).
 */
export function shareSession(session: MatchSession, channel: Channel): () => void {
  const post = (m: Message) => channel.postMessage(m);
  const onMessage = (e: { readonly data: unknown }) => {
    if (!isMessage(e.data)) return;
    if (e.data.type === 'hello') post({ type: 'state', state: cloneable(session.getState()) });
    else if (e.data.type === 'intent' && e.data.intent.by === 'sighted') session.dispatch(e.data.intent);
  };
  channel.addEventListener('message', onMessage);
  const offState = session.subscribe(() => post({ type: 'state', state: cloneable(session.getState()) }));
  const offEvents = session.onEvents((events, state) =>
    post({ type: 'events', events, state: cloneable(state) }),
  );
  post({ type: 'state', state: cloneable(session.getState()) });
  return () => {
    channel.removeEventListener('message', onMessage);
    offState();
    offEvents();
  };
}

/** A mirror of a shared session; `null` state until the first one arrives. */
export interface MirrorSession extends MatchSession {
  readonly ready: () => boolean;
  close(): void;
}

/** Opens the mirror of the session shared on `channel`, and asks for the current state. */
export function mirrorSession(channel: Channel, clock: Clock): MirrorSession {
  let state: MatchState | null = null;
  const news = sessionNews();
  const onMessage = (e: { readonly data: unknown }) => {
    if (!isMessage(e.data)) return;
    if (e.data.type !== 'state' && e.data.type !== 'events') return;
    const next = revived(e.data.state);
    state = next;
    news.changed();
    if (e.data.type === 'events') news.told(e.data.events, next);
  };
  channel.addEventListener('message', onMessage);
  channel.postMessage({ type: 'hello' } satisfies Message);
  return {
    clock,
    ready: () => state !== null,
    getState: () => {
      if (!state) throw new Error('the shared session has not arrived yet');
      return state;
    },
    // The window that holds the game keeps time; its events arrive here.
    tick: () => [],
    dispatch: (intent) => {
      channel.postMessage({ type: 'intent', intent } satisfies Message);
      return [];
    },
    subscribe: news.subscribe,
    onEvents: news.onEvents,
    close: () => channel.removeEventListener('message', onMessage),
  };
}
