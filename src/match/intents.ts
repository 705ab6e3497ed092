/**
 * Intents: everything anyone at the table can do, as data. Keyboard, voice, clicks and the network
 * all produce these; `reduce` is the one path from an intent to the next state. Every intent
 * carries who did it (`by`), which `authorize` checks against the role's rights.
 */
import type { Color, PromotionPiece, Square } from '../core/index.ts';
import {
  ANNUL_REASONS,
  DUTIES,
  ROLES,
  type AnnulReason,
  type ClaimKind,
  type Duty,
  type PlayerRole,
  type Role,
} from './types.ts';

/** Every intent kind, for tables (authorization, protocol validation). */
export const INTENT_KINDS = [
  'startGame',
  'join',
  'leave',
  'setTwinBoards',
  'lift',
  'removeCaptured',
  'returnCaptured',
  'place',
  'choosePromotion',
  'touch',
  'move',
  'jAdoube',
  'announce',
  'correctAnnouncement',
  'pressClock',
  'repeat',
  'execute',
  'relayLift',
  'relayRemove',
  'relayPlace',
  'offerDraw',
  'acceptDraw',
  'declineDraw',
  'claim',
  'reportTouch',
  'resign',
  'query',
  'stopClocks',
  'resumeClocks',
  'confirmCorrection',
  'decideClaim',
  'adjustClock',
  'penalize',
  'overrideSetting',
  'sealMove',
  'adjourn',
  'resume',
  'takeBack',
  'claimTouch',
  'enforceTouch',
  'nameTouchedPiece',
  'reinstatePosition',
  'annulGame',
  'judgeColoursReversed',
  'forfeitLateArrival',
  'setCompetition',
  'writeScore',
] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

/** What a player may ask for (BL-31): answered only to the asker. */
export const QUERY_TOPICS = ['movesMade', 'timeUsed', 'lastMove', 'moveInProgress', 'duties'] as const;
export type QueryTopic = (typeof QUERY_TOPICS)[number];

/** Arbiter penalties (E93 Art 16.5; BL-26 "certain disadvantages"). */
export const PENALTIES = ['warning', 'timeAddedToOffender', 'timeAddedToOpponent', 'lossOfGame'] as const;
export type Penalty = (typeof PENALTIES)[number];

/** Supplement settings the arbiter may adapt locally (BL-03, S85 only). */
export type SettingOverride =
  | { readonly setting: 'relay'; readonly value: 'automatic' | 'assisted' | 'manual' }
  | { readonly setting: 'assistantDuties'; readonly value: readonly Duty[] }
  | { readonly setting: 'requireRepetition'; readonly value: boolean }
  | { readonly setting: 'allowSightedAssistant'; readonly value: boolean }
  | { readonly setting: 'twinBoards'; readonly value: boolean };

type By = { readonly by: Role };

export type Intent = By &
  (
    | { readonly kind: 'startGame' }
    | { readonly kind: 'join'; readonly role: Role }
    | { readonly kind: 'leave'; readonly role: Role }
    | { readonly kind: 'setTwinBoards'; readonly on: boolean }
    /** Take a piece out of its aperture on the accessible board (a touch, BL-08). */
    | { readonly kind: 'lift'; readonly square: Square }
    /** Take the captured piece off the mover's own board (BL-12 (i), BL-14, BL-15). */
    | { readonly kind: 'removeCaptured'; readonly square: Square }
    /** Put back an enemy piece removed by mistake (the touch stays in the ledger). */
    | { readonly kind: 'returnCaptured'; readonly square: Square }
    /** Put the piece in hand into an aperture (BL-09). */
    | { readonly kind: 'place'; readonly square: Square }
    | { readonly kind: 'choosePromotion'; readonly piece: PromotionPiece }
    /** The sighted player's deliberate selection of a piece (a touch, BL-11). */
    | { readonly kind: 'touch'; readonly square: Square }
    /** The sighted player's click or drag: touch and move in one (BL-11). */
    | { readonly kind: 'move'; readonly uci: string }
    | { readonly kind: 'jAdoube' }
    /** Announce the move in progress; `uci` when spoken/typed, omitted = the placed move. */
    | { readonly kind: 'announce'; readonly uci?: string }
    /** Slip of the tongue, before the clock is pressed (BL-22). */
    | { readonly kind: 'correctAnnouncement'; readonly uci: string }
    | { readonly kind: 'pressClock' }
    /** The opponent's repetition of the announced move (BL-18); omitted uci = as announced. */
    | { readonly kind: 'repeat'; readonly uci?: string }
    /** Relay the oldest announced move not yet on a board (BL-24); omitted uci = as announced. */
    | { readonly kind: 'execute'; readonly board?: PlayerRole; readonly uci?: string }
    /** Manual relay (BL-24): lift the opponent's piece on the own board to carry out his announced move. */
    | { readonly kind: 'relayLift'; readonly square: Square }
    /** Manual relay: take the own piece the announced move captures off the own board (r.3(a)). */
    | { readonly kind: 'relayRemove'; readonly square: Square }
    /** Manual relay: put the piece in hand down; on its own square it is put back, else it executes the move. */
    | { readonly kind: 'relayPlace'; readonly square: Square }
    | { readonly kind: 'offerDraw' }
    | { readonly kind: 'acceptDraw' }
    | { readonly kind: 'declineDraw' }
    | {
        readonly kind: 'claim';
        readonly claim: Exclude<ClaimKind, 'touchMove'>;
        /** Repetition / fifty moves: the move the claimant states he will play. */
        readonly move?: string;
      }
    /** S85 r.9(e): the assistant tells the controller the sighted player touched a piece. */
    | { readonly kind: 'reportTouch'; readonly square: Square }
    /** Confirmed beforehand in the UI dialogue. */
    | { readonly kind: 'resign' }
    | { readonly kind: 'query'; readonly topic: QueryTopic }
    | { readonly kind: 'stopClocks' }
    | { readonly kind: 'resumeClocks' }
    /** Arbiter (or, without one, each player for rule 8) confirms the proposed correction. */
    | { readonly kind: 'confirmCorrection' }
    | { readonly kind: 'decideClaim'; readonly upheld: boolean }
    /** Arbiter sets a clock; readings below the E88/E93 floors are applied with warnings (GR-64). */
    | {
        readonly kind: 'adjustClock';
        readonly color: Color;
        /** The used time to set (the analogue clock's reading, 003/001 Art 12.4). */
        readonly usedMs: number;
      }
    | { readonly kind: 'penalize'; readonly color: Color; readonly penalty: Penalty; readonly ms?: number }
    | { readonly kind: 'overrideSetting'; readonly override: SettingOverride }
    /**
     * Write or change the sealed move (§2.13, GR-70): `move` as written (UCI or algebraic); `hidden`
     * is the redacted form everyone but its writer receives over the network (GR-71).
     */
    | { readonly kind: 'sealMove'; readonly move?: string; readonly hidden?: true }
    /**
     * The sealer stops the clock without starting the opponent's (E93 13.1(a)). `sessionEndsAt`:
     * when the session would have ended, for the early-adjournment charge of the edition (E93 13.1(b)).
     */
    | {
        readonly kind: 'adjourn';
        readonly sessionEndsAt?: number;
        /**
         * At a resumption the sealer is absent: the player having the move seals his reply instead,
         * stops his clock and starts the absent opponent's; the envelope is opened on the
         * opponent's arrival (000 Art 16.4; 003/001 Art 14.4; 002 Art 16.4).
         */
        readonly opponentAbsent?: true;
      }
    /**
     * Resumption (000 Art 16; 003/001 Art 14): the envelope is opened and the sealed move played.
     * `revealed` is the opened move as the holder of the envelope (the server) logs it, so copies
     * of the match that never saw the move can play it too. `replierAbsent` (the arbiter): the
     * replying player is absent, so his clock is started and the envelope stays closed until the
     * next `resume`, on his arrival (E93 14.3; GR-72).
     */
    | {
        readonly kind: 'resume';
        readonly revealed?: string;
        readonly replierAbsent?: true;
        /**
         * The sealer is absent and the player who must reply is present: the envelope is opened
         * (000 Art 16.2; 003/001 Art 14.2) at his request alone when no arbiter takes part.
         */
        readonly sealerAbsent?: true;
      }
    /** Practice games only: take back the player's last move (and the computer's reply). */
    | { readonly kind: 'takeBack' }
    /**
     * A player claims that his opponent touched the piece on `square` and must move it (Art 7.4 /
     * 8.4: before touching a piece himself). E72 (Art 20 1(d)): the square may be left out, and the
     * claimant names the touched man once the arbiter upholds the accusation.
     */
    | { readonly kind: 'claimTouch'; readonly square?: Square }
    /** The arbiter enforces touch-move without a claim (000 Interp 8.4 (1974)): `color` touched `square`. */
    | { readonly kind: 'enforceTouch'; readonly color: Color; readonly square: Square }
    /**
     * E72 Art 20 1(d), 20.3: the claimant names the touched man the accused must move or capture
     * (`square`), or — with `capturingFrom` — "the capture that must be made by two touched men":
     * the accused's touched man on `capturingFrom` takes the touched man on `square`.
     */
    | { readonly kind: 'nameTouchedPiece'; readonly square: Square; readonly capturingFrom?: Square }
    /**
     * The arbiter finds that ply `ply` (1-based) was illegal: the position before it is reinstated
     * with the clocks of the log, and the piece that made it must move (000 Art 9.1; 003/001 Art 8.1).
     */
    | { readonly kind: 'reinstatePosition'; readonly ply: number }
    /** The arbiter annuls the game and a new one is played (000 Art 9; 003/001 Art 8; GR-27). */
    | { readonly kind: 'annulGame'; readonly reason: AnnulReason }
    /**
     * The arbiter finds the colours reversed: the edition decides annul or play on (§3 row 12);
     * `restart` is his choice where the edition leaves a new game to him (E88 8.7, E93 8.6).
     */
    | { readonly kind: 'judgeColoursReversed'; readonly restart: boolean }
    /** The arbiter (or, without one, the player present) forfeits a player who has not arrived. */
    | { readonly kind: 'forfeitLateArrival'; readonly color: Color }
    /** The arbiter sets competition mode for the room: no aids on any screen (checklist 84). */
    | { readonly kind: 'setCompetition'; readonly on: boolean }
    /** The blind player's own typed score, the whole of it as written so far (BL-38(c)). */
    | { readonly kind: 'writeScore'; readonly text: string }
  );

/** The intent of one kind, e.g. `IntentOf<'lift'>`. */
export type IntentOf<K extends IntentKind> = Extract<Intent, { kind: K }>;

/** Why a value from outside (the network, storage) is not an intent. */
export interface IntentError {
  readonly code: 'notAnObject' | 'unknownKind' | 'unknownRole' | 'badField';
  readonly message: string;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length <= 32;
const isSquareText = (v: unknown): boolean => typeof v === 'string' && /^[a-h][1-8]$/.test(v);
const isUciText = (v: unknown): boolean =>
  typeof v === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/i.test(v.trim());
const isColor = (v: unknown): boolean => v === 'w' || v === 'b';
const isTime = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e10;
const optional =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === undefined || check(v);

/** The fields each kind carries and how to check them. */
const FIELDS: Readonly<Record<IntentKind, Readonly<Record<string, (v: unknown) => boolean>>>> = {
  startGame: {},
  join: { role: (v) => (ROLES as readonly unknown[]).includes(v) },
  leave: { role: (v) => (ROLES as readonly unknown[]).includes(v) },
  setTwinBoards: { on: (v) => typeof v === 'boolean' },
  lift: { square: isSquareText },
  removeCaptured: { square: isSquareText },
  returnCaptured: { square: isSquareText },
  place: { square: isSquareText },
  choosePromotion: { piece: (v) => v === 'q' || v === 'r' || v === 'b' || v === 'n' },
  touch: { square: isSquareText },
  move: { uci: isUciText },
  jAdoube: {},
  announce: { uci: optional(isUciText) },
  correctAnnouncement: { uci: isUciText },
  pressClock: {},
  repeat: { uci: optional(isUciText) },
  execute: { uci: optional(isUciText), board: optional((v) => v === 'blind' || v === 'sighted') },
  relayLift: { square: isSquareText },
  relayRemove: { square: isSquareText },
  relayPlace: { square: isSquareText },
  offerDraw: {},
  acceptDraw: {},
  declineDraw: {},
  claim: {
    claim: (v) => v === 'repetition' || v === 'fiftyMoves' || v === 'time' || v === 'insufficientMaterial',
    move: optional(isUciText),
  },
  reportTouch: { square: isSquareText },
  resign: {},
  query: { topic: (v) => (QUERY_TOPICS as readonly unknown[]).includes(v) },
  stopClocks: {},
  resumeClocks: {},
  confirmCorrection: {},
  decideClaim: { upheld: (v) => typeof v === 'boolean' },
  adjustClock: { color: isColor, usedMs: isTime },
  penalize: {
    color: isColor,
    penalty: (v) => (PENALTIES as readonly unknown[]).includes(v),
    ms: optional(isTime),
  },
  overrideSetting: { override: isOverride },
  sealMove: { move: optional(isSealedText), hidden: optional((v) => v === true) },
  adjourn: { sessionEndsAt: optional(isTime), opponentAbsent: optional((v) => v === true) },
  resume: {
    revealed: optional(isSealedText),
    replierAbsent: optional((v) => v === true),
    sealerAbsent: optional((v) => v === true),
  },
  takeBack: {},
  claimTouch: { square: optional(isSquareText) },
  enforceTouch: { color: isColor, square: isSquareText },
  nameTouchedPiece: { square: isSquareText, capturingFrom: optional(isSquareText) },
  reinstatePosition: { ply: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) < 10_000 },
  annulGame: { reason: (v) => (ANNUL_REASONS as readonly unknown[]).includes(v) },
  judgeColoursReversed: { restart: (v) => typeof v === 'boolean' },
  forfeitLateArrival: { color: isColor },
  setCompetition: { on: (v) => typeof v === 'boolean' },
  // Within one network frame (net/protocol MAX_MESSAGE_BYTES): a long game's score is ~2,000 characters.
  writeScore: { text: (v) => typeof v === 'string' && v.length <= 4_000 },
};

/** A sealed move as written: a short line of notation (GR-73 free text is judged later). */
function isSealedText(v: unknown): boolean {
  return typeof v === 'string' && v.trim().length > 0 && v.length <= 32;
}

function isOverride(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as { setting?: unknown; value?: unknown };
  switch (o.setting) {
    case 'relay':
      return o.value === 'automatic' || o.value === 'assisted' || o.value === 'manual';
    case 'assistantDuties':
      return Array.isArray(o.value) && o.value.every((d) => (DUTIES as readonly unknown[]).includes(d));
    case 'requireRepetition':
    case 'allowSightedAssistant':
    case 'twinBoards':
      return typeof o.value === 'boolean';
    default:
      return false;
  }
}

/**
 * Checks a value from outside (a network frame, a stored log) and returns it as an intent, keeping
 * only the fields its kind carries. Nothing is trusted: `reduce` never sees a malformed intent.
 */
/** FIELDS as lists, made once (listing them at every intent was garbage per intent). */
const FIELD_LISTS = new Map(
  Object.entries(FIELDS).map(([kind, checks]) => [kind, Object.entries(checks)] as const),
);

const KIND_SET: ReadonlySet<unknown> = new Set(INTENT_KINDS);
const ROLE_SET: ReadonlySet<unknown> = new Set(ROLES);

export function parseIntent(value: unknown): ParsedIntent {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: { code: 'notAnObject', message: 'An intent is an object.' } };
  const v = value as Readonly<Record<string, unknown>>;
  return parseIntentOf(v, v.by);
}

type ParsedIntent = { ok: true; value: Intent } | { ok: false; error: IntentError };

/**
 * `parseIntent({ ...fields, by })` without that copy: the fields of a network frame, stamped with
 * the sender's role (the server does this on every intent, issue 14).
 */
export function parseIntentOf(fields: Readonly<Record<string, unknown>>, by: unknown): ParsedIntent {
  const kind = fields['kind'];
  if (!isString(kind) || !KIND_SET.has(kind))
    return { ok: false, error: { code: 'unknownKind', message: `Unknown intent kind.` } };
  if (!ROLE_SET.has(by)) return { ok: false, error: { code: 'unknownRole', message: 'Unknown role.' } };
  const out: Record<string, unknown> = { kind, by };
  for (const [field, check] of FIELD_LISTS.get(kind as IntentKind) ?? []) {
    const v = fields[field];
    if (!check(v)) return { ok: false, error: { code: 'badField', message: `Bad or missing “${field}”.` } };
    if (v !== undefined) out[field] = typeof v === 'string' ? v.trim() : v;
  }
  return { ok: true, value: out as Intent };
}
