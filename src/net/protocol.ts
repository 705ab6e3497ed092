/**
 * The wire protocol between the Twinboard server and its clients (pure, shared by both sides).
 * It owns the message shapes, the size limit and the parsers: `parseClientMessage` on the server,
 * `parseServerMessage` on the client. Every parser returns a Result with a stable error code; nothing
 * here throws on input from the network.
 *
 * The game itself travels as a log of entries: every accepted intent gets a room-wide sequence
 * number (`seq`), the server's clock reading (`at`) and the seat that sent it (`role`). Clients fold
 * the same pure reducer over the log, so a client that missed entries resumes by asking for
 * everything after the last `seq` it saw (DESIGN principle 7: nothing is lost).
 */
import { err, ok, type Result } from '../core/index.ts';
import { INTENT_KINDS } from '../match/intents.ts';
import { ROLES } from '../match/types.ts';

/** Largest frame accepted, in UTF-8 bytes; bigger frames are refused with `tooLarge`. */
export const MAX_MESSAGE_BYTES = 8 * 1024;
/** The WebSocket path on the server. */
export const WS_PATH = '/ws';

/** The seats of a game are the match roles (spec BL-04, checklist 4). */
export const SEATS = ROLES;
export type Seat = (typeof SEATS)[number];

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

export type ClientMessage =
  /** Open a new room; the sender takes `role` and gets the pairing code and a secret token. */
  | { readonly t: 'create'; readonly role: Seat; readonly config: { readonly [key: string]: Json } }
  /** Take a seat in an existing room by its pairing code. */
  | { readonly t: 'join'; readonly code: string; readonly role: Seat }
  /** Re-attach with a token after a reload or a dropped connection; entries after `after` follow. */
  | { readonly t: 'resume'; readonly code: string; readonly token: string; readonly after: number }
  /**
   * An intent. `n` is the sender's own counter: exactly one more than its last accepted intent, so
   * a replayed or reordered frame is refused instead of applied twice.
   */
  | { readonly t: 'intent'; readonly n: number; readonly intent: WireIntent }
  | { readonly t: 'ping' };

export const ERROR_CODES = [
  'badJson',
  'badMessage',
  'tooLarge',
  'rateLimited',
  'noSuchRoom',
  'badToken',
  'seatTaken',
  'seatRefused',
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

export type ServerMessage =
  /** The sender now holds `role` in room `code`; keep `token` secret to resume later. */
  | { readonly t: 'seated'; readonly code: string; readonly role: Seat; readonly token: string }
  /**
   * Sent after create/join/resume: the room's configuration, the entries after the client's `after`,
   * and `n`, the sender's last accepted intent counter (queued intents above it are re-sent).
   */
  | {
      readonly t: 'welcome';
      readonly code: string;
      readonly role: Seat;
      readonly config: { readonly [key: string]: Json };
      readonly createdAt: number;
      readonly n: number;
      readonly entries: readonly LogEntry[];
    }
  | { readonly t: 'entry'; readonly entry: LogEntry }
  /** The sender's intent number `n` was logged as `seq`. */
  | { readonly t: 'ack'; readonly n: number; readonly seq: number }
  /** Seats currently connected. */
  | { readonly t: 'presence'; readonly online: readonly Seat[] }
  | { readonly t: 'error'; readonly code: ErrorCode; readonly message: string; readonly n?: number }
  | { readonly t: 'pong' };

export interface ProtocolError {
  readonly code: ErrorCode;
  readonly message: string;
}

const fail = (code: ErrorCode, message: string): { ok: false; error: ProtocolError } =>
  err({ code, message });

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

type JsonObject = { readonly [key: string]: Json };

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnlyKeys(value: JsonObject, keys: readonly string[]): boolean {
  return Object.keys(value).every((k) => keys.includes(k));
}

function isCounter(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Parses JSON text from the network, refusing oversized frames first. */
function parseJson(text: string): Result<Json, ProtocolError> {
  if (utf8Length(text) > MAX_MESSAGE_BYTES)
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
  const kind = value['kind'];
  if (typeof kind !== 'string' || !(INTENT_KINDS as readonly string[]).includes(kind))
    return fail('badIntent', 'Unknown intent kind.');
  return ok(value as WireIntent);
}

/** Validates a frame sent by a client. */
export function parseClientMessage(text: string): Result<ClientMessage, ProtocolError> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const m = json.value;
  if (!isPlainObject(m)) return fail('badMessage', 'A message is an object.');
  switch (m['t']) {
    case 'create': {
      const { role, config } = m;
      if (!hasOnlyKeys(m, ['t', 'role', 'config']) || !isSeat(role) || !isPlainObject(config))
        return fail('badMessage', 'create needs a role and a config object.');
      return ok({ t: 'create', role, config });
    }
    case 'join': {
      const { code, role } = m;
      if (!hasOnlyKeys(m, ['t', 'code', 'role']) || typeof code !== 'string' || !isSeat(role))
        return fail('badMessage', 'join needs a code and a role.');
      const normal = normalizeCode(code);
      if (!isPairingCode(normal)) return fail('noSuchRoom', 'That is not a pairing code.');
      return ok({ t: 'join', code: normal, role });
    }
    case 'resume': {
      const { code, token, after } = m;
      if (
        !hasOnlyKeys(m, ['t', 'code', 'token', 'after']) ||
        typeof code !== 'string' ||
        typeof token !== 'string' ||
        !isCounter(after)
      )
        return fail('badMessage', 'resume needs a code, a token and a sequence number.');
      const normal = normalizeCode(code);
      if (!isPairingCode(normal)) return fail('noSuchRoom', 'That is not a pairing code.');
      if (!TOKEN_PATTERN.test(token)) return fail('badToken', 'That token is not valid.');
      return ok({ t: 'resume', code: normal, token, after });
    }
    case 'intent': {
      const { n, intent } = m;
      if (!hasOnlyKeys(m, ['t', 'n', 'intent']) || !isCounter(n) || n < 1)
        return fail('badMessage', 'intent needs a counter n ≥ 1 and an intent.');
      const parsed = parseWireIntent(intent);
      return parsed.ok ? ok({ t: 'intent', n, intent: parsed.value }) : parsed;
    }
    case 'ping':
      return hasOnlyKeys(m, ['t']) ? ok({ t: 'ping' }) : fail('badMessage', 'ping has no fields.');
    default:
      return fail('badMessage', 'Unknown message type.');
  }
}

function parseEntry(value: unknown): LogEntry | null {
  if (!isPlainObject(value)) return null;
  const { seq, at, role, intent } = value;
  if (!isCounter(seq) || !isCounter(at) || !isSeat(role)) return null;
  const parsed = parseWireIntent(intent);
  return parsed.ok ? { seq, at, role, intent: parsed.value } : null;
}

/** Validates a frame sent by the server (the client trusts nothing it cannot parse). */
export function parseServerMessage(text: string): Result<ServerMessage, ProtocolError> {
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    return fail('badJson', 'The message is not JSON.');
  }
  const m = json;
  if (!isPlainObject(m)) return fail('badMessage', 'A message is an object.');
  const bad = fail('badMessage', `Malformed ${String(m['t'])} message.`);
  switch (m['t']) {
    case 'seated': {
      const { code, role, token } = m;
      if (typeof code !== 'string' || !isSeat(role) || typeof token !== 'string') return bad;
      return ok({ t: 'seated', code, role, token });
    }
    case 'welcome': {
      const { code, role, config, createdAt, n, entries } = m;
      if (
        typeof code !== 'string' ||
        !isSeat(role) ||
        !isPlainObject(config) ||
        !isCounter(createdAt) ||
        !isCounter(n) ||
        !Array.isArray(entries)
      )
        return bad;
      const parsed: LogEntry[] = [];
      for (const e of entries) {
        const entry = parseEntry(e);
        if (!entry) return bad;
        parsed.push(entry);
      }
      return ok({ t: 'welcome', code, role, config, createdAt, n, entries: parsed });
    }
    case 'entry': {
      const entry = parseEntry(m['entry']);
      return entry ? ok({ t: 'entry', entry }) : bad;
    }
    case 'ack': {
      const { n, seq } = m;
      return isCounter(n) && isCounter(seq) ? ok({ t: 'ack', n, seq }) : bad;
    }
    case 'presence': {
      const online = m['online'];
      return Array.isArray(online) && online.every(isSeat) ? ok({ t: 'presence', online }) : bad;
    }
    case 'error': {
      const { code, message, n } = m;
      if (typeof code !== 'string' || !(ERROR_CODES as readonly string[]).includes(code)) return bad;
      if (typeof message !== 'string' || (n !== undefined && !isCounter(n))) return bad;
      return ok({ t: 'error', code: code as ErrorCode, message, ...(n === undefined ? {} : { n }) });
    }
    case 'pong':
      return ok({ t: 'pong' });
    default:
      return bad;
  }
}

/** Serialises a message for the wire (the one place frames are written). */
export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message);
}
