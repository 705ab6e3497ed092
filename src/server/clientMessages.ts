/**
 * What each client message does once its frame has been checked and parsed (sockets.ts): ping,
 * create a room, join or resume a seat, submit an intent, make an invitation, remove a seat. Every
 * refusal is an `error` reply that changes nothing; a failed join or resume counts against the
 * address (FailureLedger), and creating rooms is rate-limited per address.
 */
import type { ClientMessage, Seat } from '../net/protocol.ts';
import { hashToken, makePairingCode, makeToken } from './codes.ts';
import { CLOSE_REMOVED, CLOSE_TAKEN_OVER, rateLimited, refuse, type Connection } from './connection.ts';
import type { RoomEngine } from './engine.ts';
import type { AddressLimits, FailureLedger } from './limits.ts';
import { REFUSALS } from './refusals.ts';
import { isManager, type Room, type Rooms } from './rooms.ts';
import type { SeatRow, Store } from './store.ts';

const ROOM_SPECTATOR_LIMIT = 32;

/** The client message of type `T`. */
type MessageOf<T extends ClientMessage['t']> = Extract<ClientMessage, { readonly t: T }>;

/** How a seat is taken: by the room's creator, or joining with an invitation code or none. */
type SeatedBy = { readonly creator: true } | { readonly creator: false; readonly invite: string | null };

/** The client messages of every connection, over the rooms and the store. */
export class ClientMessages<S> {
  constructor(
    private readonly rooms: Rooms<S>,
    private readonly store: Store,
    private readonly engine: RoomEngine<S>,
    /** Failed joins and resumes per address. */
    private readonly joinFailures: FailureLedger,
    private readonly addresses: AddressLimits,
  ) {}

  /** Does what `m` asks for `c`, received at `at`. */
  handle(c: Connection, m: ClientMessage, at: number): void {
    switch (m.t) {
      case 'ping':
        return c.send({ t: 'pong' });
      case 'create':
        return this.create(c, m, at);
      case 'join':
      case 'resume':
        return this.enter(c, m, at);
      case 'intent':
        return this.submit(c, m, at);
      case 'invite':
        return this.invite(c, m, at);
      case 'removeSeat':
        return this.removeSeat(c, m, at);
    }
  }

  /** Takes `c` out of its room (it closed, or moves to another seat). */
  leave(c: Connection): void {
    const room = this.roomOf(c);
    if (room) this.rooms.detach(room, c);
    c.room = null;
    c.seat = null;
  }

  private roomOf(c: Connection): Room<S> | null {
    return c.room as Room<S> | null;
  }

  /** A new room with a fresh pairing code, its creator seated as the role asked. */
  private create(c: Connection, m: MessageOf<'create'>, at: number): void {
    const config = this.engine.parseConfig(m.config);
    if (!config.ok) return refuse(c, config.error);
    const wait = this.addresses.createRoom(c.ip, at);
    if (wait > 0) return rateLimited(c, REFUSALS.tooManyRooms, wait);
    // A collision among 16.7 million codes is rare; a few retries make it negligible.
    for (let i = 0; i < 8; i++) {
      const room = this.rooms.create(makePairingCode(), config.value, at);
      if (room) return this.take(c, room, m.role, at, { creator: true });
    }
    return refuse(c, REFUSALS.noPairingCode);
  }

  /** Joins a room with its pairing code, or resumes a seat with its token. */
  private enter(c: Connection, m: MessageOf<'join' | 'resume'>, at: number): void {
    const { rooms, joinFailures } = this;
    if (!joinFailures.allowed(c.ip, at))
      return rateLimited(c, REFUSALS.tooManyFailures, joinFailures.retryAfter(c.ip, at));
    const room = rooms.load(m.code);
    if (!room) {
      joinFailures.fail(c.ip, at);
      return refuse(c, REFUSALS.noSuchRoom);
    }
    if (m.t === 'join') return this.take(c, room, m.role, at, { creator: false, invite: m.invite ?? null });
    const seat = this.store.seatByToken(room.code, hashToken(m.token));
    if (!seat) {
      joinFailures.fail(c.ip, at);
      rooms.release(room);
      return refuse(c, REFUSALS.badToken);
    }
    return this.welcome(c, room, seat, m.after);
  }

  /** Seats `c` in `room` as `role`: as its creator, or joining with an invitation code or none. */
  private take(c: Connection, room: Room<S>, role: Seat, at: number, by: SeatedBy): void {
    const { rooms } = this;
    if (role === 'spectator' && room.members.size >= ROOM_SPECTATOR_LIMIT) {
      rooms.release(room);
      return refuse(c, REFUSALS.roomFull);
    }
    const token = makeToken();
    const seated = rooms.seat(
      room,
      role,
      hashToken(token),
      at,
      by.creator ? by : { creator: false, inviteHash: by.invite === null ? null : hashToken(by.invite) },
    );
    if (!seated.ok) {
      // A wrong invitation is a guess like a wrong code: it counts against the address.
      if (seated.error.code === 'inviteNeeded' && !by.creator && by.invite !== null)
        this.joinFailures.fail(c.ip, at);
      rooms.release(room);
      return refuse(c, seated.error);
    }
    c.send({ t: 'seated', code: room.code, role, token });
    this.welcome(c, room, seated.value, 0);
  }

  /** Attaches `c` to its seat and replays the log after `after`; an older connection on the seat is let go. */
  private welcome(c: Connection, room: Room<S>, seat: SeatRow, after: number): void {
    const { rooms } = this;
    this.leave(c);
    c.room = room as Room<unknown>;
    c.seat = seat;
    const entries = rooms.entriesFor(room, Math.min(after, room.lastSeq), seat.role);
    c.send({
      t: 'welcome',
      code: room.code,
      role: seat.role,
      config: room.config,
      createdAt: room.createdAt,
      n: rooms.lastCounter(room, seat),
      entries,
    });
    // A second connection on the same seat takes it over, saying so to both (issue 14); one
    // already closing (a reload) is let go without a word.
    const replaced = rooms.attach(room, c, seat) as Connection[];
    let tookOver = false;
    for (const old of replaced) {
      old.room = null;
      old.seat = null;
      if (!old.open) continue;
      tookOver = true;
      old.send({ t: 'takeover', role: seat.role, here: false });
      old.socket.close(CLOSE_TAKEN_OVER, 'seat taken over');
    }
    if (tookOver) c.send({ t: 'takeover', role: seat.role, here: true });
  }

  /** An intent of the seat's, for the rooms to check and fold. */
  private submit(c: Connection, m: MessageOf<'intent'>, at: number): void {
    const room = this.roomOf(c);
    if (!room || !c.seat) return refuse(c, REFUSALS.notSeated, m.n);
    // Acknowledged by the commit, once the intent is in the log.
    const result = this.rooms.submit(room, c.seat, m.n, m.intent, at, c);
    if (!result.ok) return refuse(c, result.error, m.n);
  }

  /** A new invitation for a seat that needs one, made by the creator or the arbiter. */
  private invite(c: Connection, m: MessageOf<'invite'>, at: number): void {
    const room = this.roomOf(c);
    if (!room || !c.seat) return refuse(c, REFUSALS.notSeated);
    if (!isManager(c.seat)) return refuse(c, REFUSALS.notManager);
    const invite = makePairingCode();
    this.store.putInvitation(room.code, m.role, hashToken(invite), at);
    return c.send({ t: 'invitation', role: m.role, invite });
  }

  /** The creator removes another seat: its connections are told and closed. */
  private removeSeat(c: Connection, m: MessageOf<'removeSeat'>, at: number): void {
    const room = this.roomOf(c);
    if (!room || !c.seat) return refuse(c, REFUSALS.notSeated);
    if (!c.seat.creator) return refuse(c, REFUSALS.notCreator);
    if (m.seat === c.seat.id) return refuse(c, REFUSALS.ownSeat);
    for (const gone of this.rooms.removeSeat(room, m.seat, at) as Connection[]) {
      gone.room = null;
      gone.seat = null;
      gone.send({ t: 'error', ...REFUSALS.seatRemoved });
      gone.socket.close(CLOSE_REMOVED, 'seat removed');
    }
    // The creator hears the new seat list (also when the seat was already gone).
    return c.send({ t: 'seats', seats: this.rooms.seatsOf(room) });
  }
}
