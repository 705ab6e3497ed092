/**
 * The real room engine: src/match behind the server's RoomEngine seam. It owns the translation of
 * untrusted JSON into typed match values — the room configuration (MatchOptions) and each intent,
 * field by field — and the rule for what gets logged: an intent is logged only when `authorize`
 * allows it AND the reducer does something with it; an intent the reducer only refuses changes
 * nothing and is answered with an error instead (issue 6: "a bad one gets an error reply and
 * changes nothing").
 */
import { err, ok, type Result } from '../core/index.ts';
import { authorize } from '../match/authorize.ts';
import { parseIntentOf, type Intent } from '../match/intents.ts';
import { reduce, reduceAuthorized } from '../match/reducer.ts';
import { createMatch, dutiesOf, type MatchOptions } from '../match/setup.ts';
import { PROFILE_IDS } from '../core/profiles.ts';
import { DUTIES, PAIRINGS, RELAY_MODES, ROLES, type MatchState } from '../match/types.ts';
import type { Json, Seat, WireIntent } from '../net/protocol.ts';
import type { Refusal, RoomConfig, RoomEngine } from './engine.ts';

type Obj = { readonly [key: string]: Json };
type Check = (value: Json | undefined) => boolean;

const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
const bool: Check = (v) => typeof v === 'boolean';
const uci: Check = (v) => typeof v === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(v);
const millis: Check = (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100 * 3_600_000;
const color = oneOf(['w', 'b']);
const duties: Check = (v) => Array.isArray(v) && v.length <= DUTIES.length && v.every(oneOf(DUTIES));
const badIntent = (message: string): { ok: false; error: Refusal } => err({ code: 'badIntent', message });
/** The match's refusal, sent as its code (worded by the client) with its message for the log. */
const refusal = (code: Refusal['code'], r: { readonly code: string; readonly message: string }): Refusal => ({
  code,
  reason: r.code,
  message: r.message,
});

/**
 * Types an intent from the wire (the match layer's `parseIntent`) and stamps it with the sender's
 * seat: `by` is always the seat the token belongs to, whatever the client wrote. A field the kind
 * does not carry is refused rather than dropped, so nothing rides along unseen (checklist 41).
 */
export function parseWire(wire: WireIntent, by: Seat): Result<Intent, Refusal> {
  const parsed = parseIntentOf(wire, by);
  if (!parsed.ok) return badIntent(parsed.error.message);
  // (for…in: a frame is a plain object from JSON.parse, and no array of its keys is made per intent)
  for (const key in wire)
    if (key !== 'kind' && key !== 'by' && !Object.hasOwn(parsed.value, key))
      return badIntent(`Unexpected field “${key}”.`);
  return parsed;
}

const period: Check = (p) => {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return false;
  const o = p as Obj;
  if (Object.keys(o).some((k) => !['moves', 'timeMs', 'incrementMs', 'delayMs'].includes(k))) return false;
  const quota =
    o['moves'] === null ||
    (typeof o['moves'] === 'number' && Number.isInteger(o['moves']) && o['moves'] >= 1);
  return (
    quota &&
    millis(o['timeMs']) &&
    (o['timeMs'] as number) > 0 &&
    optional(millis)(o['incrementMs']) &&
    optional(millis)(o['delayMs'])
  );
};

const CONFIG_FIELDS: Readonly<Record<keyof MatchOptions, Check>> = {
  profileId: optional(oneOf(PROFILE_IDS)),
  pairing: optional(oneOf(PAIRINGS)),
  blindColor: optional(color),
  relay: optional(oneOf(RELAY_MODES)),
  // A paired game is never a practice game: take-backs stay out of games between people.
  practice: (v) => v === undefined || v === false,
  assistantDuties: optional(duties),
  timeControl: optional((v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const { label, periods, repeatLast } = v as Obj;
    return (
      Object.keys(v).every((k) => ['label', 'periods', 'repeatLast'].includes(k)) &&
      typeof label === 'string' &&
      label.length <= 80 &&
      typeof repeatLast === 'boolean' &&
      Array.isArray(periods) &&
      periods.length >= 1 &&
      periods.length <= 4 &&
      periods.every(period)
    );
  }),
  startFen: optional((v) => typeof v === 'string' && v.length <= 100),
  moves: optional((v) => Array.isArray(v) && v.length <= 600 && v.every(uci)),
  requireRepetition: optional(bool),
  captureRemoval: optional(oneOf(['onDrop', 'explicit'])),
  castlingRook: optional(oneOf(['automatic', 'player'])),
  sightedTouchMove: optional(oneOf(['strict', 'advisory'])),
  competition: optional(bool),
  lateArrivalMs: optional((v) => millis(v) && (v as number) > 0),
  blindScore: optional(oneOf(['automatic', 'typed'])),
  twinBoards: optional(bool),
  sealing: optional(oneOf(['structured', 'freeText'])),
  // BL-13 CONFIG: the automatic clock press after a correction window.
  autoPressAfterMs: optional((v) => v === null || (millis(v) && (v as number) <= 60_000)),
  roles: optional((v) => Array.isArray(v) && v.length <= ROLES.length && v.every(oneOf(ROLES))),
};

function toOptions(config: RoomConfig): MatchOptions {
  return config as unknown as MatchOptions;
}

/** The room state is the match state. */
export const matchEngine: RoomEngine<MatchState> = {
  parseConfig(config) {
    for (const key of Object.keys(config))
      if (!Object.hasOwn(CONFIG_FIELDS, key))
        return err({ code: 'badConfig', message: `Unknown setting “${key}”.` });
    for (const [key, check] of Object.entries(CONFIG_FIELDS))
      if (!check(config[key])) return err({ code: 'badConfig', message: `Setting “${key}” is invalid.` });
    // The players' seats always exist in a room; assistants and the arbiter are chosen at setup.
    const roles = [...new Set(['blind', 'sighted', ...((config['roles'] as string[] | undefined) ?? [])])];
    const normal: RoomConfig = { ...config, roles: roles.filter((r) => r !== 'spectator') };
    const created = createMatch(toOptions(normal));
    if (!created.ok) return err({ code: 'badConfig', message: created.error.message });
    return ok(normal);
  },

  initial(config) {
    const created = createMatch(toOptions(config));
    // parseConfig accepted this configuration when the room was made.
    if (!created.ok) throw new Error(`stored configuration no longer valid: ${created.error.message}`);
    return created.value;
  },

  canSeat(state, taken, role) {
    if (role !== 'spectator' && taken.includes(role))
      return err({ code: 'seatRefused', reason: 'seatTaken', message: 'Someone already holds that role.' });
    if (role === 'spectator' || state.participants[role]) return ok(true);
    const allowed = authorize(state, { kind: 'join', role, by: role });
    return allowed.ok ? ok(true) : err(refusal('seatRefused', allowed.error));
  },

  seatIntent(state, role) {
    // Roles chosen at setup are already present; others (and the first spectator) join.
    return state.participants[role] ? null : { kind: 'join', role };
  },

  complete(state, sent, at) {
    if (sent.kind !== 'resume') return sent;
    // Only the envelope's holder names the opened move: a client's own `revealed` is dropped, or
    // the other copies of the match would play a move the server did not (§2.13).
    const { revealed: _fromClient, ...wire } = sent;
    const sealed = state.adjournment?.sealed;
    if (!sealed || sealed.kind === 'hidden') return wire;
    const intent = parseWire(wire, (wire['by'] as Seat | undefined) ?? 'spectator');
    if (!intent.ok) return wire;
    // Reveal the move only with the intent that really opens the envelope (not a first request).
    const opens = reduce(state, intent.value, at).events.some((e) => e.type === 'sealedMoveOpened');
    return opens ? { ...wire, revealed: sealed.kind === 'move' ? sealed.uci : sealed.text } : wire;
  },

  isFinished: (state) => state.phase === 'over',

  redact(state, entry, viewer) {
    const intent = entry.intent;
    if (intent.kind !== 'sealMove' || intent['move'] === undefined) return entry;
    // The writers of a sealed move: its sender, and the blind player with his assistant when the
    // assistant holds the adjournment duty (S85 r.9(f)); everyone else learns only that it exists.
    const blindSide: readonly Seat[] = dutiesOf(state.setup, 'blindAssistant').includes('adjourn')
      ? ['blind', 'blindAssistant']
      : ['blind'];
    const writers = blindSide.includes(entry.role) ? blindSide : [entry.role];
    if (writers.includes(viewer)) return entry;
    return { ...entry, intent: { kind: 'sealMove', by: entry.role, hidden: true } };
  },

  step(state, role, wire, at) {
    // The hidden sealed move exists only on the way out (redact); the server keeps the real one.
    if (wire.kind === 'sealMove' && wire['hidden'] !== undefined)
      return badIntent('A sealed move is sent written, not hidden.');
    const intent = parseWire(wire, role);
    if (!intent.ok) return intent;
    const allowed = authorize(state, intent.value);
    if (!allowed.ok) return err(refusal('forbidden', allowed.error));
    // Typed and authorized just above: the reducer need not do either again (issue 14).
    const next = reduceAuthorized(state, intent.value, at);
    const first = next.events[0];
    if (first?.type === 'refused' && next.events.every((e) => e.type === 'refused'))
      return err(refusal('refused', first.refusal));
    if (next.state === state && next.events.length === 0)
      return err({ code: 'refused', reason: 'nothingChanged', message: 'That changes nothing.' });
    return ok(next.state);
  },
};
