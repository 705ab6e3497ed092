/**
 * The Transport port: how a screen takes part in a room on the server. The screen asks to create,
 * join or resume a room, sends intents, and hears the room's log entries in order, its seat and
 * the connection status. src/net/client.ts is the WebSocket adapter (reconnect with backoff,
 * resume from the last sequence number, queue while offline). The plain types of the frames live
 * here too (the log entry, the intent as data, seats, refusal codes); net/protocol.ts parses them.
 */
import type { Role } from '../match/types.ts';

// ---- The wire frames' plain types (net/protocol.ts parses them, the server and client send them). ----

/** The seats of a game are the match roles (spec BL-04, checklist 4). */
export type Seat = Role;

/** A JSON value as it may travel on the wire. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
/**
 * An intent as data: a `kind` from the match layer's list and its fields. `by` is stamped by the
 * server with the sender's seat; whatever the client wrote there is ignored.
 */
export type WireIntent = { readonly kind: string } & { readonly [key: string]: Json };

/** One accepted intent in a room's log. */
export interface LogEntry {
  readonly seq: number;
  /** Server time in milliseconds since the epoch when the intent was accepted. */
  readonly at: number;
  readonly role: Seat;
  readonly intent: WireIntent;
}

/** The seats only an invitation opens; the pairing code lets in the players and spectators. */
export const INVITED_SEATS = [
  'blindAssistant',
  'sightedAssistant',
  'arbiter',
] as const satisfies readonly Seat[];
export type InvitedSeat = (typeof INVITED_SEATS)[number];

/** One seat of a room as the creator and the arbiter see it. */
export interface SeatInfo {
  readonly id: number;
  readonly role: Seat;
  readonly online: boolean;
  /** The seat that created the room (it cannot be removed). */
  readonly creator: boolean;
}

/** Why the server refused a frame, a seat or an intent (stable codes). */
export const ERROR_CODES = [
  'badJson',
  'badMessage',
  'tooLarge',
  'rateLimited',
  'noSuchRoom',
  'badToken',
  'seatTaken',
  'seatRefused',
  /** An assistant's or the arbiter's seat needs an invitation code (missing or wrong). */
  'inviteNeeded',
  /** The creator removed this seat. */
  'seatRemoved',
  'notSeated',
  'replayed',
  'outOfOrder',
  'forbidden',
  'refused',
  'badIntent',
  'badConfig',
  'serverError',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The server's finer cases of an error code, each with its own words on the client. */
export const SERVER_REASONS = [
  'notAPairingCode',
  'tokenInvalid',
  'roomFull',
  'inviteInvalid',
  'tooManyMessages',
  'tooManyConnections',
  'tooManyRooms',
  'tooManyFailures',
  'notManager',
  'notCreator',
  'ownSeat',
  'nothingChanged',
  'notSaved',
  'noPairingCode',
] as const;
export type ServerReason = (typeof SERVER_REASONS)[number];

// ---- The port. ----

/** What a screen keeps to come back to its seat after a reload. */
export interface Session {
  readonly code: string;
  readonly token: string;
  readonly role: Seat;
}

export type TransportStatus = 'connecting' | 'online' | 'offline' | 'closed';

/** How to enter a room. */
export type Entry =
  | { readonly create: { readonly role: Seat; readonly config: { readonly [key: string]: Json } } }
  /** `invite`: the one-time code an assistant's or the arbiter's seat needs. */
  | { readonly join: { readonly code: string; readonly role: Seat; readonly invite?: string } }
  | { readonly resume: Session };

export type TransportEvent =
  | { readonly kind: 'status'; readonly status: TransportStatus }
  /** A seat was taken: save the session to resume later. */
  | { readonly kind: 'seated'; readonly session: Session }
  /** The room's settings, once per (re)connection. */
  | {
      readonly kind: 'room';
      readonly code: string;
      readonly role: Seat;
      readonly config: { readonly [key: string]: Json };
      readonly createdAt: number;
    }
  /**
   * New log entries, in sequence order, each delivered exactly once. `replay` marks the catch-up
   * after a (re)connection, which screens fold without announcing.
   */
  | { readonly kind: 'entries'; readonly entries: readonly LogEntry[]; readonly replay: boolean }
  | { readonly kind: 'presence'; readonly online: readonly Seat[] }
  /** The room's seats (only the creator and the arbiter receive them). */
  | { readonly kind: 'seats'; readonly seats: readonly SeatInfo[] }
  /** A one-time invitation code for an assistant's or the arbiter's seat, as asked with `invite`. */
  | { readonly kind: 'invitation'; readonly role: InvitedSeat; readonly invite: string }
  /**
   * The seat was opened on a second connection. `here`: this connection took it over; otherwise
   * this one lost it and the transport is closed (it does not reconnect and take it back).
   */
  | { readonly kind: 'takeover'; readonly role: Seat; readonly here: boolean }
  /** The number of intents not yet accepted changed. */
  | { readonly kind: 'pending'; readonly count: number }
  /** The server refused something (an intent of ours, or the seat/resume itself). */
  | {
      readonly kind: 'refused';
      readonly code: ErrorCode;
      /** Which case of `code` (a server reason or the match's refusal code): what is worded. */
      readonly reason?: string;
      /** English, for logs; players read the words of `reason` or `code` (speech/refusals.ts). */
      readonly message: string;
      readonly intent?: WireIntent;
      /** With `rateLimited`: the transport tries again by itself after this many milliseconds. */
      readonly retryAfterMs?: number;
    };

export interface Transport {
  /** Connects and enters the room; reconnects by itself until `close`. */
  start(entry: Entry): void;
  /** Queues an intent; it is sent when online and re-sent after a reconnect until accepted. */
  send(intent: WireIntent): void;
  /** Asks for an invitation code for `role` (creator or arbiter only; answered by an `invitation`). */
  invite(role: InvitedSeat): void;
  /** Removes a seat of the room (creator only; answered by new `seats`). */
  removeSeat(seatId: number): void;
  subscribe(listener: (event: TransportEvent) => void): () => void;
  /** The last sequence number received. */
  readonly lastSeq: number;
  readonly status: TransportStatus;
  /** Intents waiting to be accepted. */
  readonly pending: number;
  close(): void;
}
