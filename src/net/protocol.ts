/**
 * The wire protocol between the Twinboard server and its clients (pure, shared by both sides).
 * It owns the message shapes, the size limit and the parsers: `parseClientMessage` on the server,
 * `parseServerMessage` on the client. Every parser returns a Result with a stable error code; nothing
 * here throws on input from the network.
 *
 * The game itself travels as a log of entries: every accepted intent gets a room-wide sequence
 * number (`seq`), the server's clock reading (`at`) and the seat that sent it (`role`), the fields
 * the server keeps in SQLite. It is the session log's entry with its seat (session/log.ts
 * RoomEntry), the intent as JSON; clients fold it as a local game's log is folded (session/room.ts),
 * so a client that missed entries resumes by asking for everything after the last `seq` it saw
 * (DESIGN principle 7: nothing is lost).
 */
import { err, ok, type Result } from '../core/index.ts';
import { INTENT_KINDS } from '../match/intents.ts';
import { ROLES } from '../match/types.ts';
import {
  ERROR_CODES,
  INVITED_SEATS,
  SERVER_REASONS,
  type ErrorCode,
  type InvitedSeat,
  type Json,
  type LogEntry,
  type Seat,
  type SeatInfo,
  type ServerReason,
  type WireIntent,
} from '../ports/transport.ts';

// The frames' plain types are the Transport port's (ports/transport.ts); the protocol reads them.
export { ERROR_CODES, INVITED_SEATS, SERVER_REASONS };
export type { ErrorCode, InvitedSeat, Json, LogEntry, Seat, SeatInfo, ServerReason, WireIntent };

/** Largest frame accepted, in UTF-8 bytes; bigger frames are refused with `tooLarge`. */
export const MAX_MESSAGE_BYTES = 8 * 1024;
/** The WebSocket path on the server. */
export const WS_PATH = '/ws';

/** The seats of a game are the match roles (spec BL-04, checklist 4). */
export const SEATS = ROLES;

type JsonObject = { readonly [key: string]: Json };

// ---- Field checks: each message below is defined once, as a table of these. ----

/** A check of one field; `optional` marks a field that may be absent. */
interface Field<T> {
  (value: unknown): value is T;
  optional?: true;
}
type Shape = { readonly [field: string]: Field<unknown> };
type Checked<F> = F extends Field<infer T> ? T : never;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends { optional: true } ? K : never;
}[keyof S];
/** The message type a shape defines: `t` plus its fields, optional ones optional. */
type MessageOf<K extends string, S extends Shape> = { readonly t: K } & {
  readonly [F in Exclude<keyof S, OptionalKeys<S>>]: Checked<S[F]>;
} & { readonly [F in OptionalKeys<S>]?: Checked<S[F]> };
type MessagesOf<Table extends { readonly [K: string]: Shape }> = {
  [K in keyof Table & string]: MessageOf<K, Table[K]>;
}[keyof Table & string];

function optional<T>(check: (value: unknown) => value is T): Field<T> & { optional: true } {
  const f = ((value: unknown) => check(value)) as Field<T> & { optional: true };
  f.optional = true;
  return f;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isCounter(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
const isPositive = (v: unknown): v is number => isCounter(v) && v >= 1;
const isInvitedSeat = (v: unknown): v is InvitedSeat =>
  typeof v === 'string' && (INVITED_SEATS as readonly string[]).includes(v);
const isErrorCode = (v: unknown): v is ErrorCode =>
  typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);
const isIntent = (v: unknown): v is WireIntent => parseWireIntent(v).ok;
/** Present; `parseClientMessage` checks it next, so a bad intent is refused as `badIntent`. */
const isUncheckedIntent = (v: unknown): v is WireIntent => v !== undefined;
const isEntry = (v: unknown): v is LogEntry =>
  isPlainObject(v) && isCounter(v['seq']) && isCounter(v['at']) && isSeat(v['role']) && isIntent(v['intent']);
const isSeatInfo = (v: unknown): v is SeatInfo =>
  isPlainObject(v) &&
  isCounter(v['id']) &&
  isSeat(v['role']) &&
  isBoolean(v['online']) &&
  isBoolean(v['creator']);
const listOf =
  <T>(check: (v: unknown) => v is T) =>
  (v: unknown): v is readonly T[] =>
    Array.isArray(v) && v.every(check);

/**
 * Checks `value` against a shape: every field of the shape present (unless optional) and valid,
 * and, when `strict`, no other own field. Only own properties count, so `constructor`,
 * `__proto__` or `toString` in a frame are unknown fields like any other (issue 14).
 */
function matches(value: JsonObject, shape: Shape, strict: boolean): boolean {
  for (const key of Object.keys(value))
    if (key !== 't' && !Object.hasOwn(shape, key)) {
      if (strict) return false;
    }
  for (const key of Object.keys(shape)) {
    const check = shape[key] as Field<unknown>;
    const present = Object.hasOwn(value, key);
    if (!present ? !check.optional : !check(value[key])) return false;
  }
  return true;
}

// ---- The messages. ----

/** What a client may send; the server refuses any other field. */
const CLIENT_MESSAGES = {
  /** Open a new room; the sender takes `role` and gets the pairing code and a secret token. */
  create: { role: isSeat, config: isPlainObject },
  /**
   * Take a seat by the room's pairing code; an assistant's or the arbiter's seat also needs the
   * `invite` code the creator or the arbiter made for it.
   */
  join: { code: isString, role: isSeat, invite: optional(isString) },
  /** Re-attach with a token after a reload or a dropped connection; entries after `after` follow. */
  resume: { code: isString, token: isString, after: isCounter },
  /**
   * An intent. `n` is the sender's own counter: exactly one more than its last accepted intent, so
   * a replayed or reordered frame is refused instead of applied twice.
   */
  intent: { n: isPositive, intent: isUncheckedIntent },
  /** The creator or the arbiter asks for a one-time invitation code for an assistant or arbiter seat. */
  invite: { role: isInvitedSeat },
  /** The creator removes a seat (its token stops working; its connection is closed). */
  removeSeat: { seat: isCounter },
  ping: {},
} as const satisfies { readonly [t: string]: Shape };

/** What the server sends; the client ignores fields it does not know (an older cached app). */
const SERVER_MESSAGES = {
  /** The sender now holds `role` in room `code`; keep `token` secret to resume later. */
  seated: { code: isString, role: isSeat, token: isString },
  /**
   * Sent after create/join/resume: the room's configuration, the entries after the client's `after`,
   * and `n`, the sender's last accepted intent counter (queued intents above it are re-sent).
   */
  welcome: {
    code: isString,
    role: isSeat,
    config: isPlainObject,
    createdAt: isCounter,
    n: isCounter,
    entries: listOf(isEntry),
  },
  entry: { entry: isEntry },
  /** The sender's intent number `n` was logged as `seq`. */
  ack: { n: isCounter, seq: isCounter },
  /** Seats currently connected. */
  presence: { online: listOf(isSeat) },
  /** The room's seats, sent to the creator and the arbiter whenever they change. */
  seats: { seats: listOf(isSeatInfo) },
  /** A one-time code that lets one person take `role` (with the room's pairing code). */
  invitation: { role: isInvitedSeat, invite: isString },
  /**
   * The same seat was opened on a second connection, which took it over: `here` is true on the
   * connection that now holds it, false on the one that lost it (closed right after, not retried).
   */
  takeover: { role: isSeat, here: isBoolean },
  /**
   * A refusal. `reason` says which case of `code` it is (one of SERVER_REASONS, or the match's own
   * refusal code), so the client words it in its player's language; `message` is English for logs
   * and developers, never shown. `n` names the refused intent; `retryAfterMs` (with `rateLimited`)
   * says when to try again, which the client does by itself.
   */
  error: {
    code: isErrorCode,
    reason: optional(isString),
    message: isString,
    n: optional(isCounter),
    retryAfterMs: optional(isCounter),
  },
  pong: {},
} as const satisfies { readonly [t: string]: Shape };

export type ClientMessage = MessagesOf<typeof CLIENT_MESSAGES>;
export type ServerMessage = MessagesOf<typeof SERVER_MESSAGES>;

export interface ProtocolError {
  readonly code: ErrorCode;
  /** Which case of `code` (SERVER_REASONS, or the match's refusal code), for the client's words. */
  readonly reason?: string;
  /** English, for logs and developers; players read the words of `reason` or `code`. */
  readonly message: string;
}

const fail = (code: ErrorCode, message: string, reason?: ServerReason): { ok: false; error: ProtocolError } =>
  err({ code, message, ...(reason ? { reason } : {}) });

/** Pairing codes: three short words, written lower-case and joined by hyphens. */
const CODE_PATTERN = /^[a-z]{2,8}-[a-z]{2,8}-[a-z]{2,8}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Reads a pairing code as typed or spoken ("Ocean Tiger lamp", "ocean-tiger-lamp"). */
export function normalizeCode(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .split(/[\s\-_.,]+/)
    .filter((w) => w !== '')
    .join('-');
}

export function isSeat(value: unknown): value is Seat {
  return typeof value === 'string' && (SEATS as readonly string[]).includes(value);
}

export function isPairingCode(text: string): boolean {
  return CODE_PATTERN.test(text);
}

/** UTF-8 length of a string, without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Parses JSON text from the network, refusing oversized frames first. */
function parseJson(text: string): Result<Json, ProtocolError> {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most frames are short enough not to be counted.
  if (text.length * 3 > MAX_MESSAGE_BYTES && utf8Length(text) > MAX_MESSAGE_BYTES)
    return fail('tooLarge', `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`);
  try {
    return ok(JSON.parse(text) as Json);
  } catch {
    return fail('badJson', 'The message is not JSON.');
  }
}

/** An intent object: a plain object whose `kind` is one of the match layer's intent kinds. */
export function parseWireIntent(value: unknown): Result<WireIntent, ProtocolError> {
  if (!isPlainObject(value)) return fail('badIntent', 'An intent is an object.');
  const kind = Object.hasOwn(value, 'kind') ? value['kind'] : undefined;
  if (typeof kind !== 'string' || !(INTENT_KINDS as readonly string[]).includes(kind))
    return fail('badIntent', 'Unknown intent kind.');
  return ok(value as WireIntent);
}

/** The message table entry for a frame's `t`, own entries only. */
function shapeOf<Table extends { readonly [t: string]: Shape }>(table: Table, t: Json | undefined) {
  return typeof t === 'string' && Object.hasOwn(table, t) ? (table[t] as Shape) : undefined;
}

/** Validates a frame sent by a client. */
export function parseClientMessage(text: string): Result<ClientMessage, ProtocolError> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const m = json.value;
  if (!isPlainObject(m)) return fail('badMessage', 'A message is an object.');
  const shape = shapeOf(CLIENT_MESSAGES, m['t']);
  if (!shape) return fail('badMessage', 'Unknown message type.');
  if (!matches(m, shape, true))
    return fail('badMessage', `Malformed ${String(m['t'])} message: a field is missing, wrong or unknown.`);
  const message = m as unknown as ClientMessage;
  switch (message.t) {
    case 'join':
    case 'resume': {
      const code = normalizeCode(message.code);
      if (!isPairingCode(code)) return fail('noSuchRoom', 'That is not a pairing code.', 'notAPairingCode');
      if (message.t === 'resume' && !TOKEN_PATTERN.test(message.token))
        return fail('badToken', 'That token is not valid.', 'tokenInvalid');
      if (message.t === 'join' && message.invite !== undefined)
        return ok({ ...message, code, invite: normalizeCode(message.invite) });
      return ok({ ...message, code });
    }
    case 'intent': {
      const parsed = parseWireIntent(message.intent);
      return parsed.ok ? ok(message) : parsed;
    }
    default:
      return ok(message);
  }
}

/** Validates a frame sent by the server (the client trusts nothing it cannot parse). */
export function parseServerMessage(text: string): Result<ServerMessage, ProtocolError> {
  let m: Json;
  try {
    m = JSON.parse(text) as Json;
  } catch {
    return fail('badJson', 'The message is not JSON.');
  }
  if (!isPlainObject(m)) return fail('badMessage', 'A message is an object.');
  const shape = shapeOf(SERVER_MESSAGES, m['t']);
  if (!shape || !matches(m, shape, false)) return fail('badMessage', `Malformed ${String(m['t'])} message.`);
  return ok(m as unknown as ServerMessage);
}

/** Serialises a message for the wire (the one place frames are written). */
export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message);
}
