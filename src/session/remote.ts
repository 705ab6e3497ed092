/**
 * A match session played through the server: the same MatchSession shape as the local session
 * (local.ts), so the blind player's screen and the paired screens run on it unchanged. The state
 * is folded from the room's log with the shared reducer. An intent is first tried on the state the
 * player sees: if the rules refuse it, the refusal is reported at once (the player hears why) and
 * nothing is sent; otherwise it goes to the server, which decides, logs it and sends it back to
 * everyone. Feedback comes only from events: nothing is said until the entry returns. Meanwhile
 * the intent is "in flight": `getState` is the logged state with the intents in flight applied on
 * top (rebased whenever an entry arrives), so keys pressed in the meantime are built on the state
 * they were meant for ("lift g1, place h3" stays a lift and a place), and `room().pending` says how
 * many wait.
 */
import type { Clock } from '../ports/clock.ts';
import type { Entry, Session, Transport, TransportStatus } from '../ports/transport.ts';
import type { MatchEvent } from '../match/events.ts';
import type { Intent } from '../match/intents.ts';
import { observe, reduce } from '../match/reducer.ts';
import type { MatchState } from '../match/types.ts';
import type { MatchSession } from './local.ts';
import { sessionNews } from './news.ts';
import { makeEmitter } from '../ports/emitter.ts';
import type { ErrorCode, Seat, WireIntent } from '../net/protocol.ts';
import { foldRoom, openRoom, type RoomView } from '../net/room.ts';

/** A refusal from the server (rights, sequence, rate) or from the local rules check. */
export interface ServerRefusal {
  readonly code: ErrorCode | string;
  readonly message: string;
  /** Increases with each refusal so a repeated message is announced again. */
  readonly serial: number;
  /** Also sent to the session's events as the match's refusal: the player's screen says it. */
  readonly told?: true;
}

/** The room around the session: connection, presence and the server's last refusal. */
export interface RoomStatus {
  readonly status: TransportStatus;
  readonly view: RoomView | null;
  readonly online: readonly Seat[];
  readonly refusal: ServerRefusal | null;
  readonly pending: number;
  /**
   * The seat was opened on a second screen: `here` this screen took it over, else it lost it (the
   * connection is closed, nothing more is sent from here). Null while nobody took over.
   */
  readonly takeover: { readonly here: boolean; readonly serial: number } | null;
}

export interface RemoteSession extends MatchSession {
  /** Whether the room has been received (before that, getState throws). */
  readonly ready: boolean;
  room(): RoomStatus;
  /** Subscribes to room changes (status, presence, refusals, state). */
  subscribeRoom(listener: () => void): () => void;
  close(): void;
}

export interface RemoteSessionOptions {
  readonly transport: Transport;
  readonly entry: Entry;
  readonly clock: Clock;
  /** A seat was taken (save the session to resume after a reload). */
  readonly onSeated?: (session: Session) => void;
  /** The resume was refused for good (forget the saved session). */
  readonly onLost?: (code: string) => void;
}

/** A room not (yet) connected: nothing seen, nothing waiting. */
export const OFFLINE_STATUS: RoomStatus = {
  status: 'offline',
  view: null,
  online: [],
  refusal: null,
  pending: 0,
  takeover: null,
};

/** Starts the transport and keeps a folded copy of the room. */
export function createRemoteSession(options: RemoteSessionOptions): RemoteSession {
  const { transport, clock } = options;
  const news = sessionNews();
  const roomNews = makeEmitter();
  let status: RoomStatus = OFFLINE_STATUS;
  /** Local time effects (a flag seen falling) on top of the logged state, until the next entry. */
  let observed: MatchState | null = null;
  let serial = 0;
  /** Intents sent and not yet in the log, oldest first, with the time they were tried. */
  let inFlight: { readonly intent: Intent; readonly at: number }[] = [];
  /** The logged state with the intents in flight on top; null when it must be folded again. */
  let optimistic: MatchState | null = null;

  const notifyRoom = () => roomNews.emit();
  const notifyState = () => news.changed();
  const emitEvents = news.told;
  const setRoom = (patch: Partial<RoomStatus>) => {
    status = { ...status, ...patch };
    notifyRoom();
  };
  const logged = (): MatchState => {
    if (observed) return observed;
    if (!status.view) throw new Error('The room has not arrived yet.');
    return status.view.state;
  };
  const current = (): MatchState => {
    if (inFlight.length === 0) return logged();
    optimistic ??= inFlight.reduce((s, f) => reduce(s, f.intent, f.at).state, logged());
    return optimistic;
  };
  /** Drops the intents in flight that this entry is (ours, same intent, oldest first). */
  const settle = (
    entries: readonly { readonly role: string; readonly intent: WireIntent }[],
    role: string,
  ) => {
    for (const e of entries) {
      const head = inFlight[0];
      if (!head || e.role !== role) continue;
      const { by: _by, ...wire } = head.intent;
      if (JSON.stringify(wire) === JSON.stringify(e.intent)) inFlight = inFlight.slice(1);
    }
    optimistic = null;
  };

  transport.subscribe((e) => {
    switch (e.kind) {
      case 'status':
        setRoom({ status: e.status });
        return;
      case 'seated':
        options.onSeated?.(e.session);
        return;
      case 'room':
        if (!status.view || status.view.code !== e.code) {
          const view = openRoom(e.code, e.role, e.config);
          if (view) {
            observed = null;
            setRoom({ view });
            notifyState();
          }
        }
        return;
      case 'entries': {
        const before = status.view;
        if (!before) return;
        const after = foldRoom(before, e.entries);
        observed = null;
        settle(e.entries, before.role);
        setRoom({ view: after, pending: transport.pending });
        notifyState();
        if (!e.replay)
          emitEvents(
            after.recent.slice(-e.entries.length).flatMap((f) => f.events),
            after.state,
          );
        return;
      }
      case 'presence':
        setRoom({ online: e.online });
        return;
      case 'pending':
        // Whatever is no longer waiting and did not come back as an entry was not accepted.
        if (inFlight.length > e.count) {
          inFlight = inFlight.slice(inFlight.length - e.count);
          optimistic = null;
          notifyState();
        }
        setRoom({ pending: e.count });
        return;
      case 'takeover':
        serial += 1;
        setRoom({ takeover: { here: e.here, serial } });
        if (!e.here) {
          inFlight = [];
          optimistic = null;
          notifyState();
        }
        return;
      case 'refused': {
        // The refused intent has left the queue already (the `pending` count said so).
        serial += 1;
        const view = status.view;
        const told = e.intent && view ? ({ told: true } as const) : {};
        setRoom({
          // The case the server named is what the player reads (speech/refusals.ts words it).
          refusal: { code: e.reason ?? e.code, message: e.message, serial, ...told },
          pending: transport.pending,
        });
        if (e.code === 'badToken' || e.code === 'noSuchRoom') options.onLost?.(e.code);
        if (e.intent && view) {
          // Tell the player why, in the match's own terms where the local rules can say it.
          const intent = { ...e.intent, by: view.role } as unknown as Intent;
          const trial = reduce(current(), intent, clock.now());
          const refusals = trial.events.filter((ev) => ev.type === 'refused');
          emitEvents(
            refusals.length > 0
              ? refusals
              : [
                  {
                    type: 'refused',
                    intent: intent.kind,
                    by: view.role,
                    refusal: { code: 'notAuthorized', message: e.message },
                    audience: [view.role],
                  },
                ],
            current(),
          );
        }
        return;
      }
    }
  });
  transport.start(options.entry);

  return {
    clock,
    get ready() {
      return status.view !== null;
    },
    getState: current,
    tick() {
      if (!status.view) return [];
      const r = observe(current(), clock.now());
      if (r.state !== current()) {
        observed = r.state;
        notifyState();
      }
      emitEvents(r.events, r.state);
      return r.events;
    },
    dispatch(intent: Intent) {
      if (!status.view) return [];
      if (status.takeover?.here === false) {
        // The seat is played on another screen: this one sends nothing and says why.
        const events: MatchEvent[] = [
          {
            type: 'refused',
            intent: intent.kind,
            by: intent.by,
            refusal: { code: 'seatTakenElsewhere', message: 'Your seat is played on another screen.' },
            audience: [intent.by],
          },
        ];
        emitEvents(events, current());
        return events;
      }
      const now = clock.now();
      const trial = reduce(current(), intent, now);
      const refused = trial.events.length > 0 && trial.events.every((ev) => ev.type === 'refused');
      if (refused) {
        const first = trial.events[0];
        if (first?.type === 'refused') {
          serial += 1;
          setRoom({ refusal: { code: first.refusal.code, message: first.refusal.message, serial } });
        }
        emitEvents(trial.events, current());
        return trial.events;
      }
      const { by: _by, ...wire } = intent;
      // Queries change nothing the next key builds on; only moves of the game go in flight.
      if (intent.kind !== 'query') {
        inFlight = [...inFlight, { intent, at: now }];
        optimistic = null;
      }
      transport.send(wire as unknown as WireIntent);
      setRoom({ pending: transport.pending });
      notifyState();
      return [];
    },
    subscribe: news.subscribe,
    onEvents: news.onEvents,
    room: () => status,
    subscribeRoom: (listener) => roomNews.subscribe(listener),
    close: () => transport.close(),
  };
}
