/**
 * A match session played through the server: the same MatchSession shape as the local session
 * (local.ts), so the blind player's screen and the paired screens run on it unchanged. The state
 * is folded from the room's log by the session log's own fold (room.ts, log.ts). An intent is first
 * tried on the state the player sees: if the rules refuse it, the refusal is reported at once (the
 * player hears why) and nothing is sent; otherwise it goes to the server, which decides, logs it
 * and sends it back to everyone. Feedback comes only from events: nothing is said until the entry returns. Meanwhile
 * the intent is "in flight": `getState` is the logged state with the intents in flight applied on
 * top (rebased whenever an entry arrives), so keys pressed in the meantime are built on the state
 * they were meant for ("lift g1, place h3" stays a lift and a place), and `room().pending` says how
 * many wait.
 */
import type { Clock } from '../ports/clock.ts';
import type { Entry, Session, Transport, TransportEvent, TransportStatus } from '../ports/transport.ts';
import type { MatchEvent } from '../match/events.ts';
import type { Intent } from '../match/intents.ts';
import { observe, reduce } from '../match/reducer.ts';
import type { MatchState } from '../match/types.ts';
import type { MatchSession } from './local.ts';
import { sessionNews } from './news.ts';
import { makeEmitter } from '../ports/emitter.ts';
import type { ErrorCode, Json, LogEntry, Seat, WireIntent } from '../net/protocol.ts';
import { foldRoom, openRoom, type RoomView } from './room.ts';

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
  const session = new Remote(options);
  options.transport.subscribe(session.hear);
  options.transport.start(options.entry);
  return session;
}

/** An intent sent and not yet in the log, with the time it was tried. */
interface Sent {
  readonly intent: Intent;
  readonly at: number;
}

/**
 * The folded room, the intents in flight and the listeners of one remote session. Its members are
 * bound, so a screen may pass them on alone.
 */
class Remote implements RemoteSession {
  readonly clock: Clock;
  private readonly transport: Transport;
  private readonly news = sessionNews();
  private readonly roomNews = makeEmitter();
  private status: RoomStatus = OFFLINE_STATUS;
  /** Local time effects (a flag seen falling) on top of the logged state, until the next entry. */
  private observed: MatchState | null = null;
  private serial = 0;
  /** Intents sent and not yet in the log, oldest first. */
  private inFlight: readonly Sent[] = [];
  /** The logged state with the intents in flight on top; null when it must be folded again. */
  private optimistic: MatchState | null = null;

  constructor(private readonly options: RemoteSessionOptions) {
    this.clock = options.clock;
    this.transport = options.transport;
  }

  // ---- The session. ----

  get ready(): boolean {
    return this.status.view !== null;
  }

  /** The logged state with the intents in flight applied on top. */
  getState = (): MatchState => {
    if (this.inFlight.length === 0) return this.logged();
    this.optimistic ??= this.inFlight.reduce((s, f) => reduce(s, f.intent, f.at).state, this.logged());
    return this.optimistic;
  };

  tick = (): readonly MatchEvent[] => {
    if (!this.status.view) return [];
    const r = observe(this.getState(), this.clock.now());
    if (r.state !== this.getState()) {
      this.observed = r.state;
      this.news.changed();
    }
    this.news.told(r.events, r.state);
    return r.events;
  };

  /**
   * Tries the intent on the state the player sees: a refusal is told at once and nothing is sent;
   * otherwise it goes to the server (and, unless a query, in flight until its entry returns).
   */
  dispatch = (intent: Intent): readonly MatchEvent[] => {
    if (!this.status.view) return [];
    if (this.status.takeover?.here === false) return this.playedElsewhere(intent);
    const now = this.clock.now();
    const trial = reduce(this.getState(), intent, now);
    const refused = trial.events.length > 0 && trial.events.every((ev) => ev.type === 'refused');
    if (refused) {
      const first = trial.events[0];
      if (first?.type === 'refused') {
        this.serial += 1;
        this.setRoom({
          refusal: { code: first.refusal.code, message: first.refusal.message, serial: this.serial },
        });
      }
      this.news.told(trial.events, this.getState());
      return trial.events;
    }
    const { by: _by, ...wire } = intent;
    // Queries change nothing the next key builds on; only moves of the game go in flight.
    if (intent.kind !== 'query') {
      this.inFlight = [...this.inFlight, { intent, at: now }];
      this.optimistic = null;
    }
    this.transport.send(wire as unknown as WireIntent);
    this.setRoom({ pending: this.transport.pending });
    this.news.changed();
    return [];
  };

  subscribe = this.news.subscribe;
  onEvents = this.news.onEvents;
  room = (): RoomStatus => this.status;
  subscribeRoom = (listener: () => void): (() => void) => this.roomNews.subscribe(listener);
  close = (): void => this.transport.close();

  /** The seat is played on another screen: this one sends nothing and says why. */
  private playedElsewhere(intent: Intent): readonly MatchEvent[] {
    const events: MatchEvent[] = [
      {
        type: 'refused',
        intent: intent.kind,
        by: intent.by,
        refusal: { code: 'seatTakenElsewhere', message: 'Your seat is played on another screen.' },
        audience: [intent.by],
      },
    ];
    this.news.told(events, this.getState());
    return events;
  }

  // ---- The room, from what the transport says. ----

  private setRoom(patch: Partial<RoomStatus>): void {
    this.status = { ...this.status, ...patch };
    this.roomNews.emit();
  }

  /** The state folded from the log, with the time effects seen since. */
  private logged(): MatchState {
    if (this.observed) return this.observed;
    if (!this.status.view) throw new Error('The room has not arrived yet.');
    return this.status.view.state;
  }

  /** Forgets the intents in flight but the newest `count` (the rest were settled or dropped). */
  private keepInFlight(count: number): void {
    this.inFlight = this.inFlight.slice(this.inFlight.length - count);
    this.optimistic = null;
    this.news.changed();
  }

  /** What the transport says (the factory subscribes this): connection, room, entries, refusals. */
  hear = (e: TransportEvent): void => {
    switch (e.kind) {
      case 'status':
        this.setRoom({ status: e.status });
        return;
      case 'seated':
        this.options.onSeated?.(e.session);
        return;
      case 'room':
        return this.roomArrived(e.code, e.role, e.config);
      case 'entries':
        return this.entriesArrived(e.entries, e.replay);
      case 'presence':
        this.setRoom({ online: e.online });
        return;
      case 'pending':
        // Whatever is no longer waiting and did not come back as an entry was not accepted.
        if (this.inFlight.length > e.count) this.keepInFlight(e.count);
        this.setRoom({ pending: e.count });
        return;
      case 'takeover':
        this.serial += 1;
        this.setRoom({ takeover: { here: e.here, serial: this.serial } });
        if (!e.here) this.keepInFlight(0);
        return;
      case 'refused':
        return this.refusedByServer(e);
    }
  };

  /** The room's settings (once per connection): a new room starts its fold, the same one goes on. */
  private roomArrived(code: string, role: Seat, config: { readonly [key: string]: Json }): void {
    if (this.status.view && this.status.view.code === code) return;
    const view = openRoom(code, role, config);
    if (!view) return;
    this.observed = null;
    this.setRoom({ view });
    this.news.changed();
  }

  /** New entries: folded, the intents in flight rebased on them, their events told unless replayed. */
  private entriesArrived(entries: readonly LogEntry[], replay: boolean): void {
    const before = this.status.view;
    if (!before) return;
    const after = foldRoom(before, entries);
    this.observed = null;
    this.settle(entries, before.role);
    this.setRoom({ view: after, pending: this.transport.pending });
    this.news.changed();
    if (!replay)
      this.news.told(
        after.recent.slice(-entries.length).flatMap((f) => f.events),
        after.state,
      );
  }

  /** Drops the intents in flight that these entries are (ours, same intent, oldest first). */
  private settle(entries: readonly LogEntry[], role: string): void {
    for (const e of entries) {
      const head = this.inFlight[0];
      if (!head || e.role !== role) continue;
      const { by: _by, ...wire } = head.intent;
      if (JSON.stringify(wire) === JSON.stringify(e.intent)) this.inFlight = this.inFlight.slice(1);
    }
    this.optimistic = null;
  }

  /** The server refused something: the room says so, and a refused intent of ours is told as a refusal. */
  private refusedByServer(e: Extract<TransportEvent, { readonly kind: 'refused' }>): void {
    // The refused intent has left the queue already (the `pending` count said so).
    this.serial += 1;
    const view = this.status.view;
    const told = e.intent && view ? ({ told: true } as const) : {};
    this.setRoom({
      // The case the server named is what the player reads (speech/refusals.ts words it).
      refusal: { code: e.reason ?? e.code, message: e.message, serial: this.serial, ...told },
      pending: this.transport.pending,
    });
    if (e.code === 'badToken' || e.code === 'noSuchRoom') this.options.onLost?.(e.code);
    if (e.intent && view) this.tellRefusal({ ...e.intent, by: view.role } as unknown as Intent, e.message);
  }

  /** Tells the player why the server refused `intent`, in the match's terms where the local rules can. */
  private tellRefusal(intent: Intent, message: string): void {
    const trial = reduce(this.getState(), intent, this.clock.now());
    const refusals = trial.events.filter((ev) => ev.type === 'refused');
    this.news.told(
      refusals.length > 0
        ? refusals
        : [
            {
              type: 'refused',
              intent: intent.kind,
              by: intent.by,
              refusal: { code: 'notAuthorized', message },
              audience: [intent.by],
            },
          ],
      this.getState(),
    );
  }
}
