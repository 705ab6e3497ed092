/**
 * The match vocabulary: roles, assistant duties, relay modes, the setup of a game and the shape of
 * the match state — twin boards (each player's own aperture-lifecycle board), twin scoresheets, the
 * announcement log with per-ply clock snapshots, the clock, offers, claims, discrepancies and the
 * evidence log. Pure data; `reduce` (reducer.ts) is the only writer.
 */
import type {
  ApertureState,
  Clock,
  Color,
  Game,
  GameResult,
  GrowingList,
  Piece,
  PieceType,
  Profile,
  ProfileId,
  Square,
  TimeControl,
} from '../core/index.ts';

/** Everyone who can take part in a game (BL-04). */
export const ROLES = [
  'blind',
  'sighted',
  'blindAssistant',
  'sightedAssistant',
  'arbiter',
  'spectator',
] as const;
export type Role = (typeof ROLES)[number];

/** The two player seats; each owns one board and one scoresheet (BL-24). */
export const PLAYER_ROLES = ['blind', 'sighted'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

/**
 * The assistant's duties, S85 r.9 (a)–(f): relay a move onto the opponent's board, announce moves,
 * keep the VH player's score and start the opponent's clock, inform only on request, claim on time
 * and report the sighted player's touches, adjournment formalities.
 */
export const DUTIES = ['relay', 'announce', 'score', 'inform', 'claimTime', 'adjourn'] as const;
export type Duty = (typeof DUTIES)[number];

/** How an announced move reaches the other board (BL-24). */
export const RELAY_MODES = ['automatic', 'assisted', 'manual'] as const;
export type RelayMode = (typeof RELAY_MODES)[number];

/** Sighted vs VH, or VH vs VH (BL-02: both players get an accessible board). */
export const PAIRINGS = ['sightedVsBlind', 'blindVsBlind'] as const;
export type Pairing = (typeof PAIRINGS)[number];

/** Everything chosen at game start. Changes later only through logged overrides (BL-03). */
export interface MatchSetup {
  /** The rule edition (core/profiles.ts); every edition difference is read from it. */
  readonly profileId: ProfileId;
  /** Single rules changed from the edition's (spec §3: "each overridable per rule"); usually none. */
  readonly ruleOverrides?: Partial<Omit<Profile, 'id' | 'label' | 'notes'>>;
  readonly pairing: Pairing;
  /** The colour of the player in the `blind` seat. */
  readonly blindColor: Color;
  readonly relay: RelayMode;
  /** The blind player's assistant's duties (S85 "any or all"; S72/S80 always all six, BL-29). */
  readonly assistantDuties: readonly Duty[];
  readonly timeControl: TimeControl;
  readonly startFen: string;
  /** BL-18(c): false = automatic read-back logged as the repetition; true = explicit repetition. */
  readonly requireRepetition: boolean;
  /** BL-14: `onDrop` (default) or `explicit` removal of the captured piece. */
  readonly captureRemoval: 'onDrop' | 'explicit';
  /** BL-16: the rook is placed for the player (`automatic`) or by him (`player`). */
  readonly castlingRook: 'automatic' | 'player';
  /** BL-11: touch-move on the sighted board, strictly enforced or advisory (logged). */
  readonly sightedTouchMove: 'strict' | 'advisory';
  /** BL-01: two boards in use. Obligatory in S72/S80; on demand of either player in S85. */
  readonly twinBoards: boolean;
  /** BL-05 override (S85, arbiter only): a sighted player's assistant despite the VH assistant. */
  readonly allowSightedAssistant: boolean;
  /**
   * BL-13 CONFIG: the opponent's clock starts by itself this long after the move is executed
   * (placed, capture removed, announced), leaving a window to correct a slip (BL-22); null = the
   * player (or his assistant) presses it (DEFAULT).
   */
  readonly autoPressAfterMs: number | null;
  /**
   * GR-73: `structured` (DEFAULT) accepts only a sealed move that reads as exactly one legal move;
   * `freeText` (CONFIG, arbiter training) keeps it as written and judges it at resumption (§2.13).
   */
  readonly sealing: 'structured' | 'freeText';
  /** A practice game against the computer: the player may take moves back (issue 15). */
  readonly practice: boolean;
  /**
   * Competition mode, set by the arbiter for the room (checklist 84, 000 Art 19.1; 003/001 Art 15.1):
   * no legal-move read-outs, move hints or other aids on any screen while on.
   */
  readonly competition: boolean;
  /**
   * The event's default time for a late arrival (000 Art 17.2; 003 Art 10.13; 001 Art 10.15: one
   * hour): a player who has not arrived this long after the session started loses (checklist 52).
   */
  readonly lateArrivalMs: number;
  /**
   * `typed`: the blind player keeps his own score (BL-38(c), `writeScore`), and it is his
   * scoresheet for rules 7 and 8; `automatic` (DEFAULT): Twinboard writes it for him.
   */
  readonly blindScore: 'automatic' | 'typed';
}

/** Who is present. Roles not present cannot act (no arbiter = GR-96 automation only). */
export type Participants = Readonly<Record<Role, boolean>>;

/** One player's own board: the moves executed on it and the lifecycle of the move in hand. */
export interface SeatBoard {
  /** Every move standing on this board, in order (completed own moves and relayed moves). */
  readonly game: Game;
  /** The aperture lifecycle (core/aperture.ts) of this board for the move in progress. */
  readonly aperture: ApertureState;
}

/** One completed ply in the announcement log (BL-24, BL-28, GR-26). */
export interface PlyRecord {
  /** 1-based. */
  readonly ply: number;
  readonly color: Color;
  /** The move completed on the mover's board. */
  readonly uci: string;
  readonly san: string;
  /** The announcement (UCI), or null while it waits for the assistant (r.9(b)). */
  readonly announced: string | null;
  readonly announcedBy: Role | 'twinboard' | null;
  /** The opponent's repetition (BL-18), or null while none is logged. */
  readonly repeated: string | null;
  readonly repeatedBy: Role | 'twinboard' | null;
  /** What was executed on the opponent's board, and by whom; null while not yet. */
  readonly executed: string | null;
  readonly executedBy: Role | 'twinboard' | null;
  readonly completedAt: number;
  /** The clock right after the press, so rule 8 restores times exactly (GR-26); null if unknown. */
  readonly clockAfter: Clock | null;
}

export const CLAIM_KINDS = ['repetition', 'fiftyMoves', 'time', 'insufficientMaterial', 'touchMove'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** A claim waiting for the arbiter (GR-55). */
export interface PendingClaim {
  readonly kind: ClaimKind;
  readonly by: Role;
  readonly claimant: Color;
  /** For repetition / fifty moves: the move the claimant states he will play. */
  readonly move: string | null;
  /** For a touch report: the square of the touched piece. */
  readonly square: Square | null;
  /** Twinboard's objective check, as evidence for the arbiter (null: not checkable). */
  readonly verified: boolean | null;
  /** Whether the clocks were running when the claim was made (to restart them after). */
  readonly clocksWereRunning: boolean;
}

/** A board difference and its proposed correction (BL-25…BL-27). */
export interface Discrepancy {
  readonly rule: 7 | 8;
  readonly detectedAt: number;
  /** What differs: `board/board`, `board/score:blind`, `board/score:sighted`, `score/score`. */
  readonly differences: readonly string[];
  /** The moves both boards (and both scores) will show after the correction. */
  readonly correctedMoves: readonly string[];
  /** Boards to be reset. */
  readonly boardsToReset: readonly PlayerRole[];
  /** Rule 8: the clock to restore and where it comes from (the log, or the proportional formula). */
  readonly clock: Clock | null;
  readonly clockSource: 'log' | 'proportional' | null;
  /** S72/S80 rule 7 (profile `arbiterSanction`): the arbiter chooses a sanction (BL-26). */
  readonly sanctionChoice: boolean;
  /** Without an arbiter, rule 8 needs both players' agreement (GR-96). */
  readonly agreedBy: readonly PlayerRole[];
}

export type MatchPhase = 'setup' | 'playing' | 'over';

/** One immutable line of the evidence log (BL-28, checklist 34). */
export interface LogEntry {
  readonly seq: number;
  readonly at: number;
  readonly by: Role | 'twinboard';
  /** The intent kind or Twinboard action. */
  readonly what: string;
  /** Human-readable detail (the refusal reason for refused intents). */
  readonly detail: string;
  readonly refused: boolean;
  /** What an accepted intent did, as data, for screens to put into words. */
  readonly subject?: LogSubject;
  /** Why a refused intent was refused, as data, for screens to put into the viewer's words. */
  readonly refusal?: LoggedRefusal;
}

/** A refusal as the log keeps it: its code, and for an illegal placement the reason and the piece. */
export interface LoggedRefusal {
  readonly code: string;
  readonly reason?: string;
  readonly piece?: PieceType;
}

/**
 * An accepted intent without its author (the sealed move left out, GR-71), the move it named or
 * resolved to (`uci`), the position before it on the board it concerned, and the piece it touched.
 */
export interface LogSubject {
  readonly intent: { readonly kind: string; readonly uci?: string } & Readonly<Record<string, unknown>>;
  readonly fen: string;
  readonly piece?: Piece;
}

/**
 * The sealed move as written. `move` is the default structured entry (a UCI move chosen on the board
 * or by a notation parser; it cannot be ambiguous or illegal, GR-73); `text` is the CONFIG free-text
 * sealing, judged only when the envelope is opened.
 */
export type SealedMove =
  { readonly kind: 'move'; readonly uci: string } | { readonly kind: 'text'; readonly text: string };

/** The five envelope items of 000 Art 15.2 / 003/001 Art 13.2, and the move itself. */
export interface Envelope {
  readonly white: string;
  readonly black: string;
  /** The position immediately before the sealed move. */
  readonly fenBefore: string;
  /** Time used by each player at the moment the clock was stopped, in milliseconds. */
  readonly timeUsed: { readonly w: number; readonly b: number };
  readonly sealer: Color;
  /** The number of the sealed move (the full-move number of `fenBefore`). */
  readonly moveNumber: number;
  /** Who wrote it: the player or the blind player's assistant (BL-34). */
  readonly writtenBy: Role;
}

/** One custody step (GR-71); it never contains the sealed move. */
export interface CustodyEntry {
  readonly at: number;
  readonly by: Role;
  readonly action:
    | 'sealingBegun'
    | 'moveWritten'
    | 'moveChanged'
    | 'clockStopped'
    | 'envelopeHeld'
    | 'resumptionBegun'
    | 'replierClockStarted'
    | 'envelopeOpened';
}

/**
 * An adjournment in progress (spec §2.13, GR-70–GR-72). While `sealing` the sealer's clock runs and
 * the move may change; once `adjourned` the clocks are stopped, the envelope is with the arbiter
 * and the move is fixed. Only resumption removes it (the move is then played on both boards).
 */
export interface MatchAdjournment {
  readonly phase: 'sealing' | 'adjourned' | 'awaitingReplier';
  /** The five envelope items (000 Art 15.2; 003/001 Art 13.2). */
  readonly envelope: Envelope;
  /**
   * The sealed move as written; `hidden` on a copy of the match that was sent the redacted entry
   * (everyone but its writer, GR-71); null until written.
   */
  readonly sealed: SealedMove | { readonly kind: 'hidden' } | null;
  /** Custody and access steps (GR-71); never the move itself. */
  readonly custody: readonly CustodyEntry[];
  /** E93 14.3: since when the absent replier's clock has run with the envelope still closed. */
  readonly replierClockSince: number | null;
  /** Without an arbiter both players ask to resume (GR-96); who has asked so far. */
  readonly resumeAskedBy: readonly PlayerRole[];
}

/** The whole match. Immutable; every change goes through `reduce`. */
/**
 * The opponent's piece a player has lifted to carry out the announced move on his own board
 * (manual relay, BL-24), and his own piece taken off as captured, until the placement executes it.
 */
export interface RelayHand {
  readonly seat: PlayerRole;
  readonly ply: number;
  readonly piece: Piece;
  readonly from: Square;
  readonly removed: { readonly square: Square; readonly piece: Piece } | null;
}

export interface MatchState {
  readonly setup: MatchSetup;
  readonly participants: Participants;
  readonly phase: MatchPhase;
  /** Each player's OWN board (twin boards, BL-24). */
  readonly boards: Readonly<Record<PlayerRole, SeatBoard>>;
  /** Each player's OWN scoresheet: UCI moves as written (BL-24, BL-38). */
  readonly scores: Readonly<Record<PlayerRole, readonly string[]>>;
  /** The announcement log, one record per completed ply. */
  readonly plies: readonly PlyRecord[];
  /** A repetition heard before the mover pressed his clock (BL-18), applied at the press. */
  readonly earlyRepetition: { readonly uci: string; readonly by: Role } | null;
  /**
   * The move a claimant declared and must now play, his claim having failed (003 Art 10.11(b),
   * 001 Art 10.13(b): "obliged to execute this move"); null when none is owed.
   */
  readonly declaredMove: { readonly color: Color; readonly uci: string } | null;
  /**
   * The piece an upheld touch-move claim or the arbiter bound `color` to (Art 7.2 / 8.2): it binds
   * on an advisory sighted board too, until his move is made; null when none.
   */
  readonly boundPiece: { readonly color: Color; readonly square: Square } | null;
  /** Since when the move in progress has met every execution condition (for `autoPressAfterMs`). */
  readonly readySince: number | null;
  readonly clock: Clock;
  /** The clock at the start, for rule 8 retraction to ply 0. */
  readonly clockAtStart: Clock;
  readonly drawOffer: { readonly by: Color; readonly atPly: number } | null;
  readonly claim: PendingClaim | null;
  readonly discrepancy: Discrepancy | null;
  /** Who stopped the clocks to seek or as the arbiter (GR-63), while stopped. */
  readonly stoppedBy: Role | null;
  /** Flags already signalled (GR-61). */
  readonly flagged: { readonly w: boolean; readonly b: boolean };
  /** How the game ended (core claims.ts `GameResult`), once it has. */
  readonly result: GameResult | null;
  /** The adjournment in progress, if any (§2.13). */
  readonly adjournment: MatchAdjournment | null;
  /** When the current session began (the start, or the last resumption), for a late arrival. */
  readonly sessionStartedAt: number | null;
  /**
   * E72 Art 20 1(d), 20.3: a touch accusation upheld where the opponent must name the touched man;
   * the namer's clock runs until he names it.
   */
  readonly touchNaming: { readonly namer: Color; readonly accused: Color; readonly since: number } | null;
  /** Games annulled and replayed (000 Art 9; 003/001 Art 8; GR-27), kept as evidence. */
  readonly annulled: readonly AnnulledGame[];
  /** The opponent's move being carried out by hand on a player's own board (manual relay). */
  readonly relayHand: RelayHand | null;
  /** The evidence log, one line per intent (a list that shares its lines with earlier states'). */
  readonly log: GrowingList<LogEntry>;
}

/** Why the arbiter annulled a game (000 Art 9.1–9.4; 003/001 Art 8.1–8.6). */
export const ANNUL_REASONS = ['positionNotReinstatable', 'wrongInitialPosition', 'coloursReversed'] as const;
export type AnnulReason = (typeof ANNUL_REASONS)[number];

/** An annulled game, archived (GR-27, checklist 61). */
export interface AnnulledGame {
  readonly at: number;
  readonly reason: AnnulReason;
  readonly startFen: string;
  readonly moves: readonly string[];
  /** The colour the blind player had in the annulled game. */
  readonly blindColor: Color;
}
