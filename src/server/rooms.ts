/**
 * Rooms in memory: a room is loaded lazily from the log when someone attaches and dropped from
 * memory when its last connection leaves, so idle rooms cost only their rows in SQLite. It owns
 * the order of operations for an intent: counter check → engine (authorize + reduce) → durable
 * append → ack and broadcast. The intents accepted in one turn of the event loop are appended in
 * one transaction (`commit`), and only once it is committed are they broadcast and acknowledged;
 * the room's state in memory runs ahead of the log in between, and a failed commit drops the rooms
 * concerned from memory so that they are rebuilt from the log. It also owns who may take which
 * seat: the pairing code opens the players' seats and spectating, an assistant's or the arbiter's
 * seat needs the invitation the creator or the arbiter made for it (issue 14).
 */
import { err, ok, type Result } from '../core/index.ts';
import {
  INVITED_SEATS,
  encodeMessage,
  type ErrorCode,
  type LogEntry,
  type Seat,
  type SeatInfo,
  type ServerMessage,
  type WireIntent,
} from '../net/protocol.ts';
import type { RoomConfig, RoomEngine } from './engine.ts';
import { REFUSALS } from './refusals.ts';
import { silentLogger, type Logger } from './log.ts';
import type { AppendRow, SeatRow, Store } from './store.ts';

export interface Failure {
  readonly code: ErrorCode;
  /** Which case of `code` (SERVER_REASONS, or the match's refusal code): what the client words. */
  readonly reason?: string;
  /** English, for the log. */
  readonly message: string;
}

/** Anything that can receive a room's messages (a WebSocket connection on the server). */
export interface Member {
  /** Sends a frame already encoded (an entry is encoded once for the whole room). */
  deliver(frame: string): void;
  send(message: ServerMessage): void;
  /** Closes the connection so that its client resumes from the log. */
  drop(): void;
  /** Whether the connection can still receive (not closing). */
  readonly open: boolean;
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

/** Whether a seat may see the room's seats and make invitations: the creator and the arbiter. */
export function isManager(seat: SeatRow): boolean {
  return seat.creator || seat.role === 'arbiter';
}

export function needsInvitation(role: Seat): boolean {
  return (INVITED_SEATS as readonly Seat[]).includes(role);
}

/** An accepted intent waiting for the commit: its row, its room, and who hears of it then. */
interface Pending<S> {
  readonly row: AppendRow;
  readonly room: Room<S>;
  readonly entry: LogEntry;
  readonly sender: Member | null;
  readonly n: number;
}

export class Rooms<S> {
  private readonly loaded = new Map<string, Room<S>>();
  private pending: Pending<S>[] = [];
  /** When the oldest intent waiting for the commit was accepted (Infinity: none waits). */
  pendingSince = Infinity;

  /** `schedule` is called when a first intent waits, to `commit` before the loop turns again. */
  constructor(
    private readonly store: Store,
    private readonly engine: RoomEngine<S>,
    private readonly schedule: () => void = () => undefined,
    private readonly logger: Logger = silentLogger,
  ) {}

  /** Rooms currently held in memory. */
  get residentCount(): number {
    return this.loaded.size;
  }

  isLoaded(code: string): boolean {
    return this.loaded.has(code);
  }

  /** The room, from memory or rebuilt from its log. */
  load(code: string): Room<S> | undefined {
    const cached = this.loaded.get(code);
    if (cached) return cached;
    // A room dropped from memory a moment ago may still have entries waiting for the commit.
    this.commit();
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
    const counters = this.store.counters(code);
    const room = new Room(code, row.config, row.createdAt, state, Math.max(lastSeq, row.lastSeq), counters);
    this.loaded.set(code, room);
    return room;
  }

  create(code: string, config: RoomConfig, at: number): Room<S> | undefined {
    if (!this.store.createRoom(code, at, config)) return undefined;
    return this.load(code);
  }

  /**
   * Takes a seat; the engine decides whether the role is free (BL-05). An assistant's or the
   * arbiter's seat is taken only with its invitation (`inviteHash`), which is then used up.
   */
  seat(
    room: Room<S>,
    role: Seat,
    tokenHash: string,
    at: number,
    entry: { readonly creator: true } | { readonly creator: false; readonly inviteHash: string | null },
  ): Result<SeatRow, Failure> {
    const invited = !entry.creator && needsInvitation(role);
    if (invited) {
      if (entry.inviteHash === null) return err(REFUSALS.inviteNeeded);
      if (!this.store.hasInvitation(room.code, role, entry.inviteHash)) return err(REFUSALS.inviteInvalid);
    }
    const taken = this.store.seats(room.code).map((s) => s.role);
    const allowed = this.engine.canSeat(room.state, taken, role);
    if (!allowed.ok) return err(allowed.error);
    if (invited && entry.inviteHash !== null) this.store.useInvitation(room.code, role, entry.inviteHash);
    const seat = this.store.addSeat(room.code, role, tokenHash, at, entry.creator);
    room.counters.set(seat.id, 0);
    const intent = this.engine.seatIntent(room.state, role);
    if (intent) {
      const logged = this.submit(room, seat, 1, intent, at);
      if (!logged.ok) return err(logged.error);
      return ok({ ...seat, lastN: 1 });
    }
    return ok(seat);
  }

  /** Removes a seat: its token stops working and its connections are closed by the caller. */
  removeSeat(room: Room<S>, seatId: number, at: number): Member[] {
    if (!this.store.removeSeat(room.code, seatId, at)) return [];
    const gone = [...room.members].filter(([, s]) => s.id === seatId).map(([m]) => m);
    for (const m of gone) room.members.delete(m);
    this.announce(room);
    return gone;
  }

  /**
   * Attaches a connection to its seat. Other connections on the same seat lose it (a second
   * device or a reloaded tab takes the seat over) and are returned for the caller to tell and close.
   */
  attach(room: Room<S>, member: Member, seat: SeatRow): Member[] {
    // The room may have been dropped from memory a moment ago by this member's own detach.
    this.loaded.set(room.code, room);
    const replaced = [...room.members].filter(([m, s]) => s.id === seat.id && m !== member).map(([m]) => m);
    for (const m of replaced) room.members.delete(m);
    room.members.set(member, seat);
    this.announce(room);
    return replaced;
  }

  detach(room: Room<S>, member: Member): void {
    if (!room.members.delete(member)) return;
    if (room.members.size === 0) this.unload(room);
    else this.announce(room);
  }

  /** Drops a room nobody is attached to (after a refused join or resume). */
  release(room: Room<S>): void {
    if (room.members.size === 0) this.unload(room);
  }

  private unload(room: Room<S>): void {
    // Only this copy: after a failed commit the room may have been rebuilt from the log.
    if (this.loaded.get(room.code) === room) this.loaded.delete(room.code);
  }

  /** The room's seats as the creator and the arbiter see them. */
  seatsOf(room: Room<S>): SeatInfo[] {
    const online = new Set([...room.members.values()].map((s) => s.id));
    return this.store
      .seats(room.code)
      .map((s) => ({ id: s.id, role: s.role, online: online.has(s.id), creator: s.creator }));
  }

  /** Tells everyone who is online, and the managers who holds which seat. */
  announce(room: Room<S>): void {
    const presence = encodeMessage({ t: 'presence', online: room.online() });
    let seats: string | null = null;
    for (const [m, s] of room.members) {
      m.deliver(presence);
      if (isManager(s)) m.deliver((seats ??= encodeMessage({ t: 'seats', seats: this.seatsOf(room) })));
    }
  }

  /** The log after `after` as `viewer` may see it (what waits for the commit is committed first). */
  entriesFor(room: Room<S>, after: number, viewer: Seat): LogEntry[] {
    this.commit();
    return this.store.entries(room.code, after).map((e) => this.engine.redact(room.state, e, viewer));
  }

  lastCounter(room: Room<S>, seat: SeatRow): number {
    return room.counters.get(seat.id) ?? 0;
  }

  /**
   * Checks one intent and applies it to the room in memory; it is appended to the log by the next
   * `commit`, which then broadcasts it and acknowledges it to `sender` (as its intent number `n`).
   */
  submit(
    room: Room<S>,
    seat: SeatRow,
    n: number,
    intent: WireIntent,
    at: number,
    sender: Member | null = null,
  ): Result<LogEntry, Failure> {
    const last = room.counters.get(seat.id) ?? 0;
    if (n <= last) return err({ code: 'replayed', message: `Intent ${n} was already accepted.` });
    if (n !== last + 1) return err({ code: 'outOfOrder', message: `Expected intent ${last + 1}, got ${n}.` });
    // The log records who acted as the seat the token belongs to, whatever the client wrote.
    const stamped = this.engine.complete(room.state, { ...intent, by: seat.role }, at);
    const next = this.engine.step(room.state, seat.role, stamped, at);
    if (!next.ok) return err(next.error);
    const ended = this.engine.isFinished(next.value) && !this.engine.isFinished(room.state);
    const entry: LogEntry = { seq: room.lastSeq + 1, at, role: seat.role, intent: stamped };
    // The intent is serialised once, for the log and for the frame most members receive.
    const intentJson = JSON.stringify(stamped);
    const row: AppendRow = {
      code: room.code,
      seq: entry.seq,
      at,
      role: seat.role,
      seatId: seat.id,
      n,
      intentJson,
      ended,
    };
    room.state = next.value;
    room.lastSeq = entry.seq;
    room.counters.set(seat.id, n);
    if (this.pending.length === 0) {
      this.pendingSince = at;
      this.schedule();
    }
    this.pending.push({ row, room, entry, sender, n });
    return ok(entry);
  }

  /**
   * Appends the intents accepted since the last commit in one transaction, then broadcasts each
   * to its room's members and acknowledges it to its sender. If the transaction fails, nothing of
   * it was logged: the rooms concerned are dropped from memory and their members told and cut off,
   * so they resume from the log (a client re-sends its unacknowledged intents).
   */
  commit(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.pendingSince = Infinity;
    try {
      this.store.appendAll(batch.map((p) => p.row));
    } catch (e) {
      this.logger.error({ err: e, intents: batch.length }, 'could not write the log');
      this.failed(batch);
      return;
    }
    for (const p of batch) {
      this.broadcast(p);
      p.sender?.send({ t: 'ack', n: p.n, seq: p.entry.seq });
    }
  }

  private broadcast({ room, entry, row }: Pending<S>): void {
    let shared: string | null = null;
    for (const [m, s] of room.members) {
      const seen = this.engine.redact(room.state, entry, s.role);
      m.deliver(
        seen === entry
          ? (shared ??= `{"t":"entry","entry":{"seq":${entry.seq},"at":${entry.at},"role":"${entry.role}","intent":${row.intentJson}}}`)
          : encodeMessage({ t: 'entry', entry: seen }),
      );
    }
  }

  private failed(batch: readonly Pending<S>[]): void {
    for (const p of batch) p.sender?.send({ t: 'error', ...REFUSALS.notSaved, n: p.n });
    for (const room of new Set(batch.map((p) => p.room))) {
      this.unload(room);
      for (const m of room.members.keys()) m.drop();
      room.members.clear();
    }
  }
}
