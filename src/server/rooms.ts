/**
 * Rooms in memory: a room is loaded lazily from the log when someone attaches and dropped from
 * memory when its last connection leaves, so idle rooms cost only their rows in SQLite. It owns
 * the order of operations for an intent: counter check → engine (authorize + reduce) → durable
 * append → ack and broadcast.
 */
import { err, ok, type Result } from '../core/index.ts';
import { encodeMessage, type ErrorCode, type LogEntry, type Seat, type WireIntent } from '../net/protocol.ts';
import type { RoomConfig, RoomEngine } from './engine.ts';
import type { SeatRow, Store } from './store.ts';

export interface Failure {
  readonly code: ErrorCode;
  readonly message: string;
}

/** Anything that can receive entries for a room (a WebSocket connection on the server). */
export interface Member {
  /** Receives an `entry` frame, encoded once for the whole room. */
  deliver(frame: string): void;
  presence(online: readonly Seat[]): void;
}

/** A room held in memory while anyone is attached. */
export class Room<S> {
  readonly members = new Map<Member, SeatRow>();

  constructor(
    readonly code: string,
    readonly config: RoomConfig,
    readonly createdAt: number,
    public state: S,
    public lastSeq: number,
    /** Each seat's last accepted intent counter, by seat id. */
    readonly counters: Map<number, number>,
  ) {}

  online(): Seat[] {
    return [...new Set([...this.members.values()].map((s) => s.role))];
  }
}

export class Rooms<S> {
  private readonly loaded = new Map<string, Room<S>>();

  constructor(
    private readonly store: Store,
    private readonly engine: RoomEngine<S>,
  ) {}

  /** Rooms currently held in memory. */
  get residentCount(): number {
    return this.loaded.size;
  }

  /** The room, from memory or rebuilt from its log. */
  load(code: string): Room<S> | undefined {
    const cached = this.loaded.get(code);
    if (cached) return cached;
    const row = this.store.room(code);
    if (!row) return undefined;
    let state = this.engine.initial(row.config, row.createdAt);
    let lastSeq = 0;
    for (const e of this.store.entries(code, 0)) {
      // Every logged intent was accepted when it was written, so replaying it succeeds.
      const next = this.engine.step(state, e.role, e.intent, e.at);
      if (next.ok) state = next.value;
      lastSeq = e.seq;
    }
    const counters = new Map(this.store.seats(code).map((s) => [s.id, s.lastN]));
    const room = new Room(code, row.config, row.createdAt, state, Math.max(lastSeq, row.lastSeq), counters);
    this.loaded.set(code, room);
    return room;
  }

  create(code: string, config: RoomConfig, at: number): Room<S> | undefined {
    if (!this.store.createRoom(code, at, config)) return undefined;
    return this.load(code);
  }

  /** Takes a seat; the engine decides whether the role is free (BL-05). */
  seat(room: Room<S>, role: Seat, tokenHash: string, at: number): Result<SeatRow, Failure> {
    const taken = this.store.seats(room.code).map((s) => s.role);
    const allowed = this.engine.canSeat(room.state, taken, role);
    if (!allowed.ok) return err(allowed.error);
    const seat = this.store.addSeat(room.code, role, tokenHash, at);
    room.counters.set(seat.id, 0);
    const intent = this.engine.seatIntent(room.state, role);
    if (intent) {
      const logged = this.submit(room, seat, 1, intent, at);
      if (!logged.ok) return err(logged.error);
      return ok({ ...seat, lastN: 1 });
    }
    return ok(seat);
  }

  attach(room: Room<S>, member: Member, seat: SeatRow): void {
    // The room may have been dropped from memory a moment ago by this member's own detach.
    this.loaded.set(room.code, room);
    room.members.set(member, seat);
    this.announcePresence(room);
  }

  detach(room: Room<S>, member: Member): void {
    room.members.delete(member);
    if (room.members.size === 0) this.loaded.delete(room.code);
    else this.announcePresence(room);
  }

  /** Drops a room nobody is attached to (after a refused join or resume). */
  release(room: Room<S>): void {
    if (room.members.size === 0) this.loaded.delete(room.code);
  }

  private announcePresence(room: Room<S>): void {
    const online = room.online();
    for (const m of room.members.keys()) m.presence(online);
  }

  /** The log after `after` as `viewer` may see it. */
  entriesFor(room: Room<S>, after: number, viewer: Seat): LogEntry[] {
    return this.store.entries(room.code, after).map((e) => this.engine.redact(room.state, e, viewer));
  }

  lastCounter(room: Room<S>, seat: SeatRow): number {
    return room.counters.get(seat.id) ?? 0;
  }

  /**
   * Checks and logs one intent. The entry is durable in SQLite before this returns, and only then
   * delivered to the room's members.
   */
  submit(room: Room<S>, seat: SeatRow, n: number, intent: WireIntent, at: number): Result<LogEntry, Failure> {
    const last = room.counters.get(seat.id) ?? 0;
    if (n <= last) return err({ code: 'replayed', message: `Intent ${n} was already accepted.` });
    if (n !== last + 1) return err({ code: 'outOfOrder', message: `Expected intent ${last + 1}, got ${n}.` });
    // The log records who acted as the seat the token belongs to, whatever the client wrote.
    const stamped = this.engine.complete(room.state, { ...intent, by: seat.role }, at);
    const next = this.engine.step(room.state, seat.role, stamped, at);
    if (!next.ok) return err(next.error);
    const entry = this.store.append(room.code, seat.id, n, seat.role, at, stamped);
    room.state = next.value;
    room.lastSeq = entry.seq;
    room.counters.set(seat.id, n);
    // One frame per distinct view of the entry (most entries look the same to everyone).
    const frames = new Map<string, string>();
    for (const [m, s] of room.members) {
      const seen = this.engine.redact(room.state, entry, s.role);
      const key = seen === entry ? '' : JSON.stringify(seen.intent);
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = encodeMessage({ t: 'entry', entry: seen });
        frames.set(key, frame);
      }
      m.deliver(frame);
    }
    return ok(entry);
  }
}
