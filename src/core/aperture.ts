/**
 * The move lifecycle on one physical-style board: the blind player's board with securing apertures
 * (spec BL-06…BL-17, BL-22) and, with `kind: 'sighted'`, the sighted player's ordinary board
 * (BL-11: select = touch, drop = move). A pure state machine: every step is
 * `(state, step, profile) → { state, events }`, where the events are past-tense data, or exactly one
 * `refused` event with a stable code and the state unchanged. It also owns the touch-move
 * obligation engine (spec §2.4, GR-20/GR-21), because the ledger of touches lives here.
 *
 * Decisions (documented for the match layer):
 * - An announcement that differs from the move already on the board is REFUSED
 *   (`announcementMismatch`), so a wrong announcement never reaches the opponent. An announcement
 *   made before the piece is placed is recorded; if the placement then differs, the clock press is
 *   refused until the player corrects the announcement (r.6 slip of the tongue, BL-22).
 * - A placement that is not a legal move is refused and the piece stays in the hand; the lift
 *   remains a touch (GR-25).
 * - After a piece has been released on a different square the move stands (Art 6 / 003 Art 6.4);
 *   lifting another piece is refused, except the rook that completes castling and, where the
 *   edition lets rook-first castling stand (E72/E80 Interp 6.1 (1971)), the king after the rook.
 */
import { err, ok, type Result } from './result.ts';
import {
  findMove,
  inspect,
  isSquare,
  legalMoves,
  legalMovesFrom,
  movesLikeThat,
  PROMOTION_PIECES,
  START_FEN,
  withUci,
  type Color,
  type MoveInfo,
  type Piece,
  type PositionInfo,
  type PromotionPiece,
  type Square,
} from './rules.ts';
import type { Profile } from './profiles.ts';
import { withSquare } from './editedBoard.ts';
import { withItem } from './lists.ts';

/** One deliberate touch (a lift) in this turn's ledger (GR-20). */
export interface Touch {
  readonly square: Square;
  readonly piece: Piece;
  /** True for a piece of the side to move. */
  readonly own: boolean;
  /** Touches in the same group were simultaneous (their order cannot be established). */
  readonly group: number;
  /** Lifted after j'adoube: an adjustment, exempt from touch-move (Art 7.1 / 8.1). */
  readonly exempt: boolean;
}

export interface ApertureOptions {
  /** `aperture`: the VH board, executed = placed + capture removed + announced (r.3); `sighted`: normal rules. */
  readonly kind: 'aperture' | 'sighted';
  /**
   * `onDrop` (DEFAULT, BL-14): dropping on an enemy piece removes it, and an en-passant drop removes
   * the pawn from its real square; `explicit` (training fidelity): the player removes it himself.
   */
  readonly captureRemoval: 'onDrop' | 'explicit';
  /** Who moves the rook once the king stands two squares away (BL-16 CONFIG). */
  readonly castlingRook: 'player' | 'automatic';
  /** `strict` allows only obligated moves; `advisory` allows any legal move and logs the violation (GR-21). */
  readonly touchMove: 'strict' | 'advisory';
}

const DEFAULT_APERTURE_OPTIONS: ApertureOptions = {
  kind: 'aperture',
  captureRemoval: 'onDrop',
  castlingRook: 'player',
  touchMove: 'strict',
};

export interface Placement {
  readonly piece: Piece;
  readonly from: Square;
  readonly to: Square;
}

export interface ApertureState {
  /** The position before the move in progress (the last executed move is in it). */
  readonly fen: string;
  /** Whose moves this board's owner makes; `both` for a single shared board. */
  readonly owner: Color | 'both';
  readonly options: ApertureOptions;
  /** What stands in the apertures now. */
  readonly board: ReadonlyMap<Square, Piece>;
  /** The piece in the player's hand and where it came from. */
  readonly hand: { readonly piece: Piece; readonly from: Square } | null;
  /** Opponent's pieces taken off this board during this turn. */
  readonly removed: readonly { readonly square: Square; readonly piece: Piece }[];
  readonly touches: readonly Touch[];
  readonly jAdoubeDeclared: boolean;
  /** Own pieces released on a different square this turn (king then rook when castling). */
  readonly placements: readonly Placement[];
  readonly promotion: PromotionPiece | null;
  /** The announced move (UCI), if any. */
  readonly announced: string | null;
  /** The last move completed on this board by a clock press. */
  readonly lastCompleted: { readonly uci: string; readonly san: string; readonly by: Color } | null;
}

export type ApertureStep =
  | { readonly type: 'declareJAdoube' }
  | { readonly type: 'lift'; readonly square: string }
  | { readonly type: 'touchTogether'; readonly squares: readonly string[] }
  | { readonly type: 'removeCaptured'; readonly square: string }
  | { readonly type: 'returnCaptured'; readonly square: string }
  | { readonly type: 'place'; readonly square: string }
  | { readonly type: 'choosePromotion'; readonly piece: string }
  | { readonly type: 'announce'; readonly uci?: string }
  | { readonly type: 'correctAnnouncement'; readonly uci: string }
  | { readonly type: 'pressClock' };

export const REFUSAL_CODES = [
  'badSquare',
  'badMove',
  'notYourTurn',
  'emptySquare',
  'handFull',
  'nothingInHand',
  'notEnemyPiece',
  'notRemoved',
  'squareOccupied',
  'illegalPlacement',
  'touchObligation',
  'captureNotRemoved',
  'wrongPieceRemoved',
  'alreadyPlaced',
  'castlingIncomplete',
  'promotionPending',
  'noPromotionPending',
  'badPromotionPiece',
  'promotionAlreadyChosen',
  'promotionNotChosen',
  'notPlaced',
  'pieceInHand',
  'notAnnounced',
  'alreadyAnnounced',
  'illegalAnnouncement',
  'announcementMismatch',
  'promotionNotAnnounced',
  'notApplicable',
  'alreadyPressed',
  'gameOver',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];
/** Why a placement is illegal: the piece does not move so, or the own king is or would be in check. */
export type PlacementReason = 'pieceMovement' | 'inCheck' | 'wouldBeInCheck';

/** What the player must do because of his touches (GR-21), in data for describe/announce. */
export type Obligation =
  | { readonly kind: 'move'; readonly square: Square; readonly piece: Piece }
  | { readonly kind: 'capture'; readonly square: Square; readonly piece: Piece; readonly with?: Square }
  | { readonly kind: 'castle'; readonly rookSquare: Square };

export type ApertureEvent =
  | { readonly type: 'jAdoubeDeclared'; readonly by: Color }
  | {
      readonly type: 'lifted';
      readonly square: Square;
      readonly piece: Piece;
      readonly own: boolean;
      readonly exempt: boolean;
      readonly obligation: Obligation | null;
    }
  | { readonly type: 'captureRemoved'; readonly square: Square; readonly piece: Piece }
  | { readonly type: 'captureReturned'; readonly square: Square; readonly piece: Piece }
  | {
      readonly type: 'placedBack';
      readonly square: Square;
      readonly piece: Piece;
      readonly obligation: Obligation | null;
    }
  | { readonly type: 'placed'; readonly from: Square; readonly to: Square; readonly piece: Piece }
  | {
      readonly type: 'castlingStarted';
      readonly side: 'king' | 'queen';
      readonly rookFrom: Square;
      readonly rookTo: Square;
    }
  | { readonly type: 'promotionPending'; readonly square: Square }
  | { readonly type: 'promotionChosen'; readonly square: Square; readonly piece: PromotionPiece }
  | { readonly type: 'announced'; readonly uci: string; readonly san: string }
  | {
      readonly type: 'announcementCorrected';
      readonly previous: string;
      readonly uci: string;
      readonly san: string;
    }
  | { readonly type: 'clockPressed'; readonly by: Color }
  | { readonly type: 'moveCompleted'; readonly uci: string; readonly san: string; readonly move: MoveInfo }
  | { readonly type: 'moveReceived'; readonly uci: string; readonly san: string }
  | { readonly type: 'warning'; readonly code: 'rookTouchedFirst' }
  | { readonly type: 'touchObligationIgnored'; readonly obligation: Obligation }
  | {
      readonly type: 'refused';
      readonly code: RefusalCode;
      readonly message: string;
      readonly square?: string;
      readonly obligation?: Obligation;
      /** For an illegal placement: why, and the piece in hand. */
      readonly reason?: PlacementReason;
      readonly piece?: Piece;
      /** For a refused clock press: every condition still missing, in the order r.3 lists them. */
      readonly missing?: readonly RefusalCode[];
    };

export interface StepResult {
  readonly state: ApertureState;
  readonly events: readonly ApertureEvent[];
}

export interface ApertureError {
  readonly code: 'invalidFen';
  readonly message: string;
}

/** A fresh board for `fen`, owned by one side (or `both` for a shared local board). */
export function createAperture(
  fen: string,
  owner: Color | 'both' = 'both',
  options: Partial<ApertureOptions> = {},
): Result<ApertureState, ApertureError> {
  const r = inspect(fen);
  if (!r.ok) return err({ code: 'invalidFen', message: r.error.message });
  return ok(freshTurn(r.value.fen, owner, { ...DEFAULT_APERTURE_OPTIONS, ...options }, null));
}

function freshTurn(
  fen: string,
  owner: Color | 'both',
  options: ApertureOptions,
  lastCompleted: ApertureState['lastCompleted'],
): ApertureState {
  const info = inspect(fen);
  return changed(NEW_TURN, {
    fen,
    owner,
    options,
    // Shared with the position's (cached, never written) board: a step that changes a board makes
    // an edited view of it (editedBoard.ts), so a fresh turn need not copy it (issue 14).
    board: info.ok ? info.value.board : new Map(),
    lastCompleted,
  });
}

/** What a turn starts with (the position and the owner come with it). */
const NEW_TURN: ApertureState = {
  fen: START_FEN,
  owner: 'both',
  options: DEFAULT_APERTURE_OPTIONS,
  board: new Map(),
  hand: null,
  removed: [],
  touches: [],
  jAdoubeDeclared: false,
  placements: [],
  promotion: null,
  announced: null,
  lastCompleted: null,
};

/**
 * The state with some fields changed (`{ ...state, ...c }`). Every state is built by this one
 * literal, in one field order, so that all of them share one hidden class and reading their fields
 * stays fast (issue 14).
 */
function changed(state: ApertureState, c: Partial<ApertureState>): ApertureState {
  const next: { -readonly [K in keyof ApertureState]: ApertureState[K] } = {
    fen: state.fen,
    owner: state.owner,
    options: state.options,
    board: state.board,
    hand: state.hand,
    removed: state.removed,
    touches: state.touches,
    jAdoubeDeclared: state.jAdoubeDeclared,
    placements: state.placements,
    promotion: state.promotion,
    announced: state.announced,
    lastCompleted: state.lastCompleted,
  };
  return Object.assign(next, c);
}

const refuse = (
  state: ApertureState,
  code: RefusalCode,
  message: string,
  extra: Partial<Extract<ApertureEvent, { type: 'refused' }>> = {},
): StepResult => ({ state, events: [{ type: 'refused', code, message, ...extra }] });

// The side to move is the character after the first space of the FEN (read without splitting it:
// this runs several times per intent on the server, issue 14).
const turnOf = (state: ApertureState): Color =>
  state.fen.charAt(state.fen.indexOf(' ') + 1) === 'b' ? 'b' : 'w';
const mayAct = (state: ApertureState): boolean => state.owner === 'both' || state.owner === turnOf(state);

/** Applies one step; never throws. */
export function applyStep(state: ApertureState, step: ApertureStep, profile: Profile): StepResult {
  const info = inspect(state.fen);
  if (info.ok && (info.value.checkmate || info.value.stalemate))
    return refuse(state, 'gameOver', 'The game is over on this board.');
  if (!mayAct(state)) {
    const pressedJustNow = state.lastCompleted !== null && state.lastCompleted.by === state.owner;
    return (step.type === 'pressClock' || step.type === 'correctAnnouncement') && pressedJustNow
      ? refuse(state, 'alreadyPressed', 'The clock has already been pressed for this move.')
      : refuse(state, 'notYourTurn', 'It is not your move.');
  }
  switch (step.type) {
    case 'declareJAdoube':
      return doDeclareJAdoube(state);
    case 'lift':
      return doLift(state, step.square, profile);
    case 'touchTogether':
      return doTouchTogether(state, step.squares, profile);
    case 'removeCaptured':
      return doRemoveCaptured(state, step.square, profile);
    case 'returnCaptured':
      return doReturnCaptured(state, step.square);
    case 'place':
      return doPlace(state, step.square, profile);
    case 'choosePromotion':
      return doChoosePromotion(state, step.piece);
    case 'announce':
      return doAnnounce(state, step.uci);
    case 'correctAnnouncement':
      return doCorrectAnnouncement(state, step.uci);
    case 'pressClock':
      return doPressClock(state);
  }
}

/** Art 7.1 (E88/E93) / Art 8.1 (E72–E80): the next lift is an adjustment, exempt from touch-move. */
function doDeclareJAdoube(state: ApertureState): StepResult {
  if (state.hand) return refuse(state, 'handFull', 'Put the piece in your hand down first.');
  return {
    state: changed(state, { jAdoubeDeclared: true }),
    events: [{ type: 'jAdoubeDeclared', by: turnOf(state) }],
  };
}

function nextGroup(state: ApertureState): number {
  return (state.touches.at(-1)?.group ?? 0) + 1;
}

function addTouch(touches: readonly Touch[], touch: Touch): readonly Touch[] {
  // The ledger keeps the first touch of each square; lifting the same piece again adds nothing —
  // except that a deliberate lift after an adjustment of that piece is a real touch from then on.
  // (Loops, not arrows: an arrow over a local makes a context on every call, issue 14.)
  let existing: Touch | undefined;
  for (const t of touches)
    if (t.square === touch.square) {
      existing = t;
      break;
    }
  if (!existing) return withItem(touches, touch);
  return existing.exempt && !touch.exempt ? withoutTouch(touches, existing).concat(touch) : touches;
}

function withoutTouch(touches: readonly Touch[], touch: Touch): Touch[] {
  return touches.filter((t) => t !== touch);
}

/**
 * The moves of a list that go to `to`, in its order (a loop: `filter` with an arrow over `to` made
 * a context and a closure on every placement, issue 14).
 */
function movesTo(moves: readonly MoveInfo[], to: Square): readonly MoveInfo[] {
  let n = 0;
  for (const m of moves) if (m.to === to) n += 1;
  if (n === 0) return NO_MOVES;
  const out = new Array<MoveInfo>(n);
  let i = 0;
  for (const m of moves) if (m.to === to) out[i++] = m;
  return out;
}
const NO_MOVES: readonly MoveInfo[] = [];

function doLift(state: ApertureState, text: string, profile: Profile): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const square = text;
  const piece = state.board.get(square);
  if (!piece) return refuse(state, 'emptySquare', `There is no piece on ${square}.`, { square });
  const mover = turnOf(state);
  if (piece.color !== mover) return doRemoveCaptured(state, square, profile);
  if (state.hand) return refuse(state, 'handFull', 'Put the piece in your hand down first.', { square });
  const pending = analyse(state);
  if (pending.stage === 'promotion' || (pending.stage === 'complete' && state.promotion !== null)) {
    // 003 Art 6.4: a pawn released on the promotion square may not be played to another square.
    return refuse(state, 'promotionPending', 'The pawn has been released on the promotion square.', {
      square,
    });
  }
  if (state.placements.length > 0 && !mayLiftAfterPlacement(state, square, profile)) {
    return refuse(state, 'alreadyPlaced', 'A piece has already been released on a new square.', { square });
  }
  const exempt = state.jAdoubeDeclared;
  const touches = addTouch(state.touches, { square, piece, own: true, group: nextGroup(state), exempt });
  const next: ApertureState = changed(state, {
    board: withSquare(state.board, square, undefined),
    hand: { piece, from: square },
    touches,
    jAdoubeDeclared: false,
  });
  return {
    state: next,
    events: [{ type: 'lifted', square, piece, own: true, exempt, obligation: obligationOf(next, profile) }],
  };
}

/** The only lifts allowed after a release: the rook completing castling, or (rook first) the king. */
function mayLiftAfterPlacement(state: ApertureState, square: Square, profile: Profile): boolean {
  const pending = analyse(state);
  if (pending.stage === 'castlingRook') return square === pending.castle.rookFrom;
  const first = state.placements[0];
  if (state.placements.length !== 1 || !first || first.piece.type !== 'r') return false;
  if (profile.rookTouchedFirstCastling !== 'warningValid') return false;
  return rookFirstCastle(state.fen, first) !== undefined && state.board.get(square)?.type === 'k';
}

/** The castling move a rook placement prepares (rook from its corner to the square the king crosses). */
function rookFirstCastle(fen: string, placement: Placement): MoveInfo | undefined {
  return legalMoves(fen).find((m) => m.castle && m.rookFrom === placement.from && m.rookTo === placement.to);
}

/** Records several pieces touched at once (their order cannot be established; Art 7.2 tie-break). */
function doTouchTogether(state: ApertureState, texts: readonly string[], profile: Profile): StepResult {
  const bad = texts.find((t) => !isSquare(t));
  if (bad !== undefined) return refuse(state, 'badSquare', `“${bad}” is not a square.`, { square: bad });
  const group = nextGroup(state);
  let touches = state.touches;
  const events: ApertureEvent[] = [];
  for (const square of texts as Square[]) {
    const piece = state.board.get(square);
    if (!piece) return refuse(state, 'emptySquare', `There is no piece on ${square}.`, { square });
    const own = piece.color === turnOf(state);
    touches = addTouch(touches, { square, piece, own, group, exempt: state.jAdoubeDeclared });
  }
  const next = changed(state, { touches, jAdoubeDeclared: false });
  const obligation = obligationOf(next, profile);
  for (const square of texts as Square[]) {
    const piece = state.board.get(square) as Piece;
    events.push({
      type: 'lifted',
      square,
      piece,
      own: piece.color === turnOf(state),
      exempt: state.jAdoubeDeclared,
      obligation,
    });
  }
  return { state: next, events };
}

/** r.3(a)/(b): the captured piece is taken off the mover's own board; the lift is a touch (BL-08). */
function doRemoveCaptured(state: ApertureState, text: string, profile: Profile): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const square = text;
  const piece = state.board.get(square);
  if (!piece) return refuse(state, 'emptySquare', `There is no piece on ${square}.`, { square });
  if (piece.color === turnOf(state))
    return refuse(state, 'notEnemyPiece', `The piece on ${square} is your own.`, { square });
  const exempt = state.jAdoubeDeclared;
  const next: ApertureState = changed(state, {
    board: withSquare(state.board, square, undefined),
    removed: withItem(state.removed, { square, piece }),
    touches: addTouch(state.touches, { square, piece, own: false, group: nextGroup(state), exempt }),
    jAdoubeDeclared: false,
  });
  return {
    state: next,
    events: [
      { type: 'lifted', square, piece, own: false, exempt, obligation: obligationOf(next, profile) },
      { type: 'captureRemoved', square, piece },
    ],
  };
}

/** Puts a wrongly removed opponent's piece back; the touch stays in the ledger. */
function doReturnCaptured(state: ApertureState, text: string): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const entry = state.removed.find((r) => r.square === text);
  if (!entry) return refuse(state, 'notRemoved', `No piece was removed from ${text}.`, { square: text });
  if (state.board.has(entry.square))
    return refuse(state, 'squareOccupied', `${text} is occupied.`, { square: text });
  const board = withSquare(state.board, entry.square, entry.piece);
  return {
    state: changed(state, { board, removed: state.removed.filter((r) => r !== entry) }),
    events: [{ type: 'captureReturned', square: entry.square, piece: entry.piece }],
  };
}

type Analysis =
  | { readonly stage: 'none' }
  | { readonly stage: 'castlingRook'; readonly castle: MoveInfo & { rookFrom: Square; rookTo: Square } }
  | { readonly stage: 'promotion'; readonly square: Square }
  | { readonly stage: 'complete'; readonly move: MoveInfo; readonly rookFirst: boolean };

/**
 * What the placements so far amount to. It depends on the position, the placements and the chosen
 * promotion piece only; the placements list is immutable and is shared by the states that follow
 * (an announcement, a touch), and one intent asks this several times (issue 14), so the answer is
 * kept with the list for as long as it lives.
 */
const analyses = new WeakMap<
  readonly Placement[],
  { readonly fen: string; readonly promotion: PromotionPiece | null; readonly analysis: Analysis }
>();
const NOTHING_PLACED: Analysis = { stage: 'none' };
/** The last answer, checked before the WeakMap: the questions of one intent come one after another. */
let lastPlacements: readonly Placement[] = [];
let lastFen = '';
let lastPromotion: PromotionPiece | null = null;
let lastAnalysis: Analysis = NOTHING_PLACED;
function analyse(state: ApertureState): Analysis {
  const { placements, fen, promotion } = state;
  if (placements.length === 0) return NOTHING_PLACED;
  if (lastPlacements === placements && lastFen === fen && lastPromotion === promotion) return lastAnalysis;
  const known = analyses.get(placements);
  let analysis: Analysis;
  if (known !== undefined && known.fen === fen && known.promotion === promotion) analysis = known.analysis;
  else {
    analysis = analyseAfresh(state);
    analyses.set(placements, { fen, promotion, analysis });
  }
  lastPlacements = placements;
  lastFen = fen;
  lastPromotion = promotion;
  lastAnalysis = analysis;
  return analysis;
}

function analyseAfresh(state: ApertureState): Analysis {
  const [first, second] = state.placements;
  if (!first) return { stage: 'none' };
  if (first.piece.type === 'r' && second?.piece.type === 'k') {
    const castle = rookFirstCastle(state.fen, first);
    if (castle && castle.to === second.to) return { stage: 'complete', move: castle, rookFirst: true };
  }
  const candidates = movesTo(legalMovesFrom(state.fen, first.from), first.to);
  let castle: MoveInfo | undefined;
  let promotes = false;
  let promoted: MoveInfo | undefined;
  for (const m of candidates) {
    if (m.castle && castle === undefined) castle = m;
    if (m.promotion) promotes = true;
    if (m.promotion === state.promotion && promoted === undefined) promoted = m;
  }
  if (castle?.rookFrom && castle.rookTo) {
    if (second && second.from === castle.rookFrom && second.to === castle.rookTo)
      return { stage: 'complete', move: castle, rookFirst: false };
    return { stage: 'castlingRook', castle: castle as MoveInfo & { rookFrom: Square; rookTo: Square } };
  }
  if (promotes) {
    return state.promotion && promoted
      ? { stage: 'complete', move: promoted, rookFirst: false }
      : { stage: 'promotion', square: first.to };
  }
  const move = candidates[0];
  return move ? { stage: 'complete', move, rookFirst: false } : { stage: 'none' };
}

function doPlace(state: ApertureState, text: string, profile: Profile): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const to = text;
  const hand = state.hand;
  if (!hand) return refuse(state, 'nothingInHand', 'You are not holding a piece.', { square: to });
  if (to === hand.from) {
    // S85 r.3(b): back into its own aperture is not a move; the touch (and any obligation) stands.
    const next = changed(state, { board: withSquare(state.board, to, hand.piece), hand: null });
    return {
      state: next,
      events: [
        { type: 'placedBack', square: to, piece: hand.piece, obligation: obligationOf(next, profile) },
      ],
    };
  }
  const occupant = state.board.get(to);
  if (occupant && occupant.color === hand.piece.color)
    return refuse(state, 'squareOccupied', `Your own piece stands on ${to}.`, { square: to });
  const pending = analyse(state);
  if (pending.stage === 'castlingRook') {
    // 003 Art 6.3: once the king is released two squares away, only castling on that side may follow.
    if (hand.from !== pending.castle.rookFrom || to !== pending.castle.rookTo)
      return refuse(state, 'castlingIncomplete', `Castling: the rook goes to ${pending.castle.rookTo}.`, {
        square: to,
      });
    return commitPlacement(state, { piece: hand.piece, from: hand.from, to }, []);
  }
  if (state.placements.length === 1 && state.placements[0]?.piece.type === 'r') {
    // Rook first, then the king (allowed only in editions where such castling stands).
    const castle = rookFirstCastle(state.fen, state.placements[0]);
    if (!castle || hand.from !== castle.from || to !== castle.to)
      return refuse(state, 'illegalPlacement', `The king can only go to ${castle?.to ?? hand.from}.`, {
        square: to,
      });
    return commitPlacement(state, { piece: hand.piece, from: hand.from, to }, [
      { type: 'warning', code: 'rookTouchedFirst' },
    ]);
  }
  const candidates = movesTo(legalMovesFrom(state.fen, hand.from), to);
  if (candidates.length === 0) {
    return refuse(state, 'illegalPlacement', `The piece on ${hand.from} cannot go to ${to}.`, {
      square: to,
      reason: placementReason(state.fen, hand.from, to),
      piece: hand.piece,
    });
  }
  const permitted = permittedMoves(state.fen, state.touches, profile);
  const extra: ApertureEvent[] = [];
  // Without an obligation every legal move is permitted.
  if (permitted.obligation && !anyPermitted(candidates, permitted.moves)) {
    if (state.options.touchMove === 'strict')
      return refuse(state, 'touchObligation', describeObligation(permitted.obligation), {
        square: to,
        obligation: permitted.obligation,
      });
    extra.push({ type: 'touchObligationIgnored', obligation: permitted.obligation });
  }
  const sample = candidates[0] as MoveInfo;
  // E72–E80 Interp 6.1 (1971): castling begun by touching the rook earns a warning, also when the
  // rook was lifted and put back before the king went two squares.
  let firstOwn: Touch | undefined;
  let kingTouch: Touch | undefined;
  for (const t of state.touches) {
    if (t.own && !t.exempt && firstOwn === undefined) firstOwn = t;
    if (t.own && t.piece.type === 'k' && kingTouch === undefined) kingTouch = t;
  }
  if (
    sample.castle &&
    profile.rookTouchedFirstCastling === 'warningValid' &&
    firstOwn?.piece.type === 'r' &&
    firstOwn.square === sample.rookFrom &&
    kingTouch !== undefined &&
    kingTouch.group !== firstOwn.group
  )
    extra.push({ type: 'warning', code: 'rookTouchedFirst' });
  if (sample.captured && sample.capturedOn && state.board.has(sample.capturedOn)) {
    const onDrop = state.options.captureRemoval === 'onDrop' || state.options.kind === 'sighted';
    if (!onDrop && sample.capturedOn === to)
      return refuse(state, 'captureNotRemoved', `Remove the piece on ${to} first.`, { square: to });
    if (onDrop) {
      const piece = state.board.get(sample.capturedOn) as Piece;
      const removedState: ApertureState = changed(state, {
        board: withSquare(state.board, sample.capturedOn, undefined),
        removed: withItem(state.removed, { square: sample.capturedOn, piece }),
      });
      return commitPlacement(removedState, { piece: hand.piece, from: hand.from, to }, [
        { type: 'captureRemoved', square: sample.capturedOn, piece },
        ...extra,
      ]);
    }
  }
  return commitPlacement(state, { piece: hand.piece, from: hand.from, to }, extra);
}

/** Why a placement with no legal move there is illegal: the piece's movement, or the own king. */
function placementReason(fen: string, from: Square, to: Square): PlacementReason {
  if (!movesLikeThat(fen, from, to)) return 'pieceMovement';
  const info = inspect(fen);
  return info.ok && info.value.inCheck ? 'inCheck' : 'wouldBeInCheck';
}

/** Whether one of the candidates is among the permitted moves. */
function anyPermitted(candidates: readonly MoveInfo[], permitted: readonly MoveInfo[]): boolean {
  for (const m of candidates) for (const p of permitted) if (p === m || p.uci === m.uci) return true;
  return false;
}

function commitPlacement(
  state: ApertureState,
  placement: Placement,
  before: readonly ApertureEvent[],
): StepResult {
  const board = withSquare(state.board, placement.to, placement.piece);
  let next: ApertureState = changed(state, {
    board,
    hand: null,
    placements: withItem(state.placements, placement),
  });
  const events: ApertureEvent[] = [
    ...before,
    { type: 'placed', from: placement.from, to: placement.to, piece: placement.piece },
  ];
  const pending = analyse(next);
  if (pending.stage === 'castlingRook') {
    const { castle } = pending;
    const side = castle.castle ?? 'king';
    events.push({ type: 'castlingStarted', side, rookFrom: castle.rookFrom, rookTo: castle.rookTo });
    if (state.options.castlingRook === 'automatic' || state.options.kind === 'sighted') {
      const rook = board.get(castle.rookFrom);
      if (rook) {
        next = changed(next, {
          board: withSquare(withSquare(board, castle.rookFrom, undefined), castle.rookTo, rook),
          placements: withItem(next.placements, { piece: rook, from: castle.rookFrom, to: castle.rookTo }),
        });
        events.push({ type: 'placed', from: castle.rookFrom, to: castle.rookTo, piece: rook });
      }
    }
  } else if (pending.stage === 'promotion') {
    events.push({ type: 'promotionPending', square: pending.square });
  }
  return { state: next, events };
}

function doChoosePromotion(state: ApertureState, text: string): StepResult {
  const pending = analyse(state);
  if (state.promotion !== null)
    return refuse(state, 'promotionAlreadyChosen', 'The new piece has already been placed.');
  if (pending.stage !== 'promotion')
    return refuse(state, 'noPromotionPending', 'No pawn is waiting to be promoted.');
  const piece = text.trim().toLowerCase();
  if (!(PROMOTION_PIECES as readonly string[]).includes(piece))
    return refuse(state, 'badPromotionPiece', `“${text}” is not a queen, rook, bishop or knight.`);
  const promotion = piece as PromotionPiece;
  // 000 Art 6.6(c) / 003 Art 5.6(d): any of the four, irrespective of the pieces still on the board.
  const board = withSquare(state.board, pending.square, { color: turnOf(state), type: promotion });
  return {
    state: changed(state, { board, promotion }),
    events: [{ type: 'promotionChosen', square: pending.square, piece: promotion }],
  };
}

function normaliseUci(text: string): string | null {
  const t = text.trim().toLowerCase();
  return /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(t) ? t : null;
}

function checkAnnouncement(state: ApertureState, text: string | undefined): Result<MoveInfo, StepResult> {
  const pending = analyse(state);
  if (text === undefined) {
    if (pending.stage === 'complete') return ok(pending.move);
    if (pending.stage === 'promotion')
      return err(refuse(state, 'promotionNotChosen', 'Choose the piece for the promotion first.'));
    return err(refuse(state, 'notPlaced', 'There is no move on the board to announce.'));
  }
  return checkNamedAnnouncement(state, pending, text);
}

/** `checkAnnouncement` of a move the player names (apart: its arrows would cost every announcement). */
function checkNamedAnnouncement(
  state: ApertureState,
  pending: Analysis,
  text: string,
): Result<MoveInfo, StepResult> {
  const uci = normaliseUci(text);
  if (!uci) return err(refuse(state, 'badMove', `“${text}” is not a move.`));
  const legal = legalMoves(state.fen);
  const move = legal.find((m) => m.uci === uci);
  if (!move && legal.some((m) => m.promotion && m.uci.startsWith(uci)))
    // S85 r.1: "When promoting a Pawn the player must announce which piece is chosen."
    return err(refuse(state, 'promotionNotAnnounced', 'Say which piece the pawn becomes.'));
  if (!move) return err(refuse(state, 'illegalAnnouncement', `${uci} is not a legal move here.`));
  if (pending.stage === 'complete' && pending.move.uci !== move.uci)
    return err(
      refuse(state, 'announcementMismatch', `The board shows ${pending.move.san}, not ${move.san}.`),
    );
  if (
    pending.stage === 'promotion' &&
    (move.from !== state.placements[0]?.from || move.to !== pending.square)
  )
    return err(refuse(state, 'announcementMismatch', `The pawn stands on ${pending.square}.`));
  return ok(move);
}

/** r.1: the move is announced; with no text the board move is announced for the player. */
function doAnnounce(state: ApertureState, text: string | undefined): StepResult {
  if (state.options.kind === 'sighted')
    return refuse(state, 'notApplicable', 'The sighted board has no announcement step.');
  if (state.announced !== null)
    return refuse(
      state,
      'alreadyAnnounced',
      'The move has been announced; use a correction for a slip of the tongue.',
    );
  const checked = checkAnnouncement(state, text);
  if (!checked.ok) return checked.error;
  const move = checked.value;
  return {
    state: changed(state, { announced: move.uci }),
    events: [{ type: 'announced', uci: move.uci, san: move.san }],
  };
}

/** r.6: a slip of the tongue is corrected immediately and before the opponent's clock is started. */
function doCorrectAnnouncement(state: ApertureState, text: string): StepResult {
  if (state.announced === null) {
    return state.lastCompleted && state.touches.length === 0
      ? refuse(
          state,
          'alreadyPressed',
          'The clock has been pressed; the announcement can no longer be corrected.',
        )
      : refuse(state, 'notAnnounced', 'Nothing has been announced yet.');
  }
  const checked = checkAnnouncement(state, text);
  if (!checked.ok) return checked.error;
  const move = checked.value;
  return {
    state: changed(state, { announced: move.uci }),
    events: [{ type: 'announcementCorrected', previous: state.announced, uci: move.uci, san: move.san }],
  };
}

/**
 * Whether nothing r.3 (and BL-16/17) asks for is missing before the opponent's clock may start:
 * `missingForClock(state).length === 0` without making the list (asked on every board step).
 */
export function readyForClock(state: ApertureState): boolean {
  if (state.hand) return false;
  const pending = analyse(state);
  if (pending.stage !== 'complete') return false;
  const { move } = pending;
  if (move.capturedOn && state.board.get(move.capturedOn)?.color === (turnOf(state) === 'w' ? 'b' : 'w'))
    return false;
  for (const r of state.removed) if (r.square !== move.capturedOn) return false;
  return state.options.kind !== 'aperture' || state.announced === move.uci;
}

/** Every condition r.3 (and BL-16/17) still leaves unmet before the opponent's clock may start. */
export function missingForClock(state: ApertureState): RefusalCode[] {
  const missing: RefusalCode[] = [];
  const pending = analyse(state);
  if (state.hand) missing.push('pieceInHand');
  if (pending.stage === 'none') missing.push('notPlaced');
  if (pending.stage === 'castlingRook') missing.push('castlingIncomplete');
  if (pending.stage === 'promotion') missing.push('promotionNotChosen');
  if (pending.stage === 'complete') {
    const { move } = pending;
    if (move.capturedOn && state.board.get(move.capturedOn)?.color === (turnOf(state) === 'w' ? 'b' : 'w'))
      missing.push('captureNotRemoved');
    if (state.removed.some((r) => r.square !== move.capturedOn)) missing.push('wrongPieceRemoved');
  }
  if (state.options.kind === 'aperture') {
    if (state.announced === null) missing.push('notAnnounced');
    else if (pending.stage === 'complete' && pending.move.uci !== state.announced)
      missing.push('announcementMismatch');
  }
  return missing;
}

const NOTHING_MISSING: readonly RefusalCode[] = [];

const MISSING_TEXT: Partial<Record<RefusalCode, string>> = {
  pieceInHand: 'a piece is still in your hand',
  notPlaced: 'no piece has been placed on a new square',
  castlingIncomplete: 'the rook has not been placed',
  promotionNotChosen: 'the promotion piece has not been chosen',
  captureNotRemoved: 'the captured piece is still on the board',
  wrongPieceRemoved: 'a piece was removed that the move does not capture',
  notAnnounced: 'the move has not been announced',
  announcementMismatch: 'the announcement differs from the move on the board',
};

/** r.3: "Only then the opponent's clock shall be started." */
function doPressClock(state: ApertureState): StepResult {
  const missing = readyForClock(state) ? NOTHING_MISSING : missingForClock(state);
  const first = missing[0];
  if (first) {
    const message = `The clock cannot be started: ${missing.map((m) => MISSING_TEXT[m] ?? m).join('; ')}.`;
    return refuse(state, first, message, { missing });
  }
  const pending = analyse(state);
  if (pending.stage !== 'complete') return refuse(state, 'notPlaced', 'There is no move on the board.');
  const { move } = pending;
  const by = turnOf(state);
  const next = freshTurn(move.fenAfter, state.owner, state.options, { uci: move.uci, san: move.san, by });
  return {
    state: next,
    events: [
      { type: 'clockPressed', by },
      { type: 'moveCompleted', uci: move.uci, san: move.san, move },
    ],
  };
}

/**
 * The opponent's move executed on this board by the relay (the app or an assistant, r.9(a)); no
 * touch-move applies to it. Refused when the move is illegal or it is this board owner's turn.
 */
export function receiveMove(state: ApertureState, text: string): StepResult {
  if (state.owner !== 'both' && state.owner === turnOf(state))
    return refuse(state, 'notYourTurn', 'It is this board owner’s own move.');
  const uci = normaliseUci(text);
  if (!uci) return refuse(state, 'badMove', `“${text}” is not a move.`);
  const move = withUci(legalMovesFrom(state.fen, uci.slice(0, 2)), uci);
  if (!move) return refuse(state, 'illegalPlacement', `${uci} is not a legal move here.`);
  const next = freshTurn(move.fenAfter, state.owner, state.options, {
    uci: move.uci,
    san: move.san,
    by: move.color,
  });
  return { state: next, events: [{ type: 'moveReceived', uci: move.uci, san: move.san }] };
}

// ---------------------------------------------------------------------------------------------
// The touch-move obligation engine (spec §2.4.2, GR-21).

export interface Permitted {
  /** The legal moves the touches allow (all legal moves when nothing binds). */
  readonly moves: readonly MoveInfo[];
  /** What binds the player, or null when he is free (000 Art 8.3; 003/001 Art 7.3). */
  readonly obligation: Obligation | null;
  /**
   * Set when some touches were simultaneous: how the edition settles the order (E93: the own piece
   * is deemed touched — already applied; E72 Art 20: the opponent specifies, so the match layer
   * should ask him; otherwise the recorded order was used).
   */
  readonly orderUnknown: Profile['touchOrderUnknown'] | null;
}

function orderTouches(live: readonly Touch[], profile: Profile): readonly Touch[] {
  if (live.length < 2 || profile.touchOrderUnknown !== 'ownPieceDeemedTouched') return live;
  // E93 Art 7.2: "If it is impossible to establish which piece was touched first, the player's piece
  // shall be considered the touched piece" — within a simultaneous group own pieces come first.
  return [...live].sort((a, b) => a.group - b.group || Number(b.own) - Number(a.own));
}

/**
 * The last answer for each ledger of touches: a lift works out the obligation, and the placement
 * that follows asks again with the same (immutable) ledger (issue 14).
 */
const permittedByTouches = new WeakMap<
  readonly Touch[],
  { readonly fen: string; readonly profile: Profile; readonly permitted: Permitted }
>();

/**
 * The answers for a single touch, by edition and position: most turns touch one piece, and the
 * answer then depends on that piece and its square only, so games in the same position share it
 * (issue 14).
 */
const permittedBySingleTouch = new WeakMap<Profile, WeakMap<PositionInfo, Map<number, Permitted>>>();
const PIECE_ORDER = 'kqrbnp';

/** A number for the touch's square, piece, side and exemption; -1 for a touch that does not read. */
function singleTouchKey(t: Touch): number {
  const type = PIECE_ORDER.indexOf(t.piece.type);
  if (!isSquare(t.square) || type < 0 || (t.piece.color !== 'w' && t.piece.color !== 'b')) return -1;
  const square = (t.square.charCodeAt(0) - 97) * 8 + (t.square.charCodeAt(1) - 49);
  const piece = type * 2 + (t.piece.color === 'w' ? 0 : 1);
  return ((square * 12 + piece) * 2 + (t.own ? 1 : 0)) * 2 + (t.exempt ? 1 : 0);
}

function permittedForSingleTouch(info: PositionInfo, touch: Touch, key: number, profile: Profile): Permitted {
  let byPosition = permittedBySingleTouch.get(profile);
  if (byPosition === undefined) permittedBySingleTouch.set(profile, (byPosition = new WeakMap()));
  let byTouch = byPosition.get(info);
  if (byTouch === undefined) byPosition.set(info, (byTouch = new Map()));
  let permitted = byTouch.get(key);
  if (permitted === undefined) {
    permitted = permittedAfresh(info.fen, [touch], profile);
    byTouch.set(key, permitted);
  }
  return permitted;
}

/** The moves a player may make given this turn's touches under the edition's Art 7/8/20. */
export function permittedMoves(fen: string, touches: readonly Touch[], profile: Profile): Permitted {
  if (touches.length === 0) return permittedAfresh(fen, touches, profile);
  const single = touches.length === 1 ? (touches[0] as Touch) : undefined;
  const key = single?.piece ? singleTouchKey(single) : -1;
  if (single !== undefined && key >= 0) {
    const info = inspect(fen);
    if (info.ok) return permittedForSingleTouch(info.value, single, key, profile);
  }
  const known = permittedByTouches.get(touches);
  if (known !== undefined && known.fen === fen && known.profile === profile) return known.permitted;
  const permitted = permittedAfresh(fen, touches, profile);
  permittedByTouches.set(touches, { fen, profile, permitted });
  return permitted;
}

function permittedAfresh(fen: string, touches: readonly Touch[], profile: Profile): Permitted {
  const live = touches.filter((t) => !t.exempt);
  let simultaneous = false;
  for (let i = 1; i < live.length && !simultaneous; i++)
    simultaneous = live.some((u, j) => j < i && u.group === (live[i] as Touch).group);
  const core = permittedCore(fen, live, profile);
  return {
    moves: core.moves,
    obligation: core.obligation,
    orderUnknown: simultaneous ? profile.touchOrderUnknown : null,
  };
}

type Bound = Omit<Permitted, 'orderUnknown'>;

/** The captures of the touched enemy piece, as an obligation (GR-21). */
function capturesOf(legal: readonly MoveInfo[], t: Touch): Bound {
  return {
    moves: legal.filter((m) => m.capturedOn === t.square),
    obligation: { kind: 'capture', square: t.square, piece: t.piece },
  };
}

/** The first touched enemy piece that can be captured, with its captures. */
function firstCapturable(legal: readonly MoveInfo[], enemy: readonly Touch[]): Bound | null {
  for (const t of enemy) {
    const p = capturesOf(legal, t);
    if (p.moves.length > 0) return p;
  }
  return null;
}

function permittedCore(fen: string, live: readonly Touch[], profile: Profile): Bound {
  const legal = legalMoves(fen);
  const ordered = orderTouches(live, profile);
  if (ordered.length === 0) return { moves: legal, obligation: null };
  const own: Touch[] = [];
  const enemy: Touch[] = [];
  for (const t of ordered) (t.own ? own : enemy).push(t);
  if (enemy.length === 0)
    return firstOwnMovable(fen, legal, own, profile) ?? { moves: legal, obligation: null };
  if (own.length === 0) return firstCapturable(legal, enemy) ?? { moves: legal, obligation: null };
  // "One of his own pieces and one of his opponent's pieces": the first of each. Later touches do
  // not lift an obligation the first ones created.
  const ownFirst = own[0] as Touch;
  const enemyFirst = enemy[0] as Touch;
  const direct = legalMovesFrom(fen, ownFirst.square).filter((m) => m.capturedOn === enemyFirst.square);
  if (direct.length > 0)
    return {
      moves: direct,
      obligation: {
        kind: 'capture',
        square: enemyFirst.square,
        piece: enemyFirst.piece,
        with: ownFirst.square,
      },
    };
  switch (profile.ownAndEnemyTouched) {
    case 'captureElseFirstTouched': {
      // E88/E93 Art 7.2(b): move or capture the first piece touched that can be moved or captured.
      for (const t of ordered) {
        const p = t.own ? firstOwnMovable(fen, legal, [t], profile) : capturesOf(legal, t);
        if (p && p.moves.length > 0) return p;
      }
      return { moves: legal, obligation: null };
    }
    case 'captureElseMoveOwnElseCaptureEnemy':
      // E77/E80 Art 8.2(b) is about touching the two pieces together; an enemy piece touched on its
      // own first already bound him to capture it (8.2(c)), and a later own touch does not undo that.
      if (enemyFirst.group !== ownFirst.group && ordered.indexOf(enemyFirst) < ordered.indexOf(ownFirst))
        return (
          firstCapturable(legal, enemy) ??
          firstOwnMovable(fen, legal, own, profile) ?? { moves: legal, obligation: null }
        );
      // Interp 8.2b (1975) keeps the own-piece move ahead of the capture.
      return (
        firstOwnMovable(fen, legal, own, profile) ??
        firstCapturable(legal, enemy) ?? { moves: legal, obligation: null }
      );
    case 'captureElseOtherCaptureElseMoveOwn':
      // E72 Art 20 1(c): capture with another man, and only if impossible move the touched man.
      return (
        firstCapturable(legal, enemy) ??
        firstOwnMovable(fen, legal, own, profile) ?? { moves: legal, obligation: null }
      );
  }
}

const isKingAndRook = (a: Touch, b: Touch): boolean =>
  (a.piece.type === 'k' && b.piece.type === 'r') || (a.piece.type === 'r' && b.piece.type === 'k');

/** The first own touched piece that can move, with the castling readings of §2.4.2. */
function firstOwnMovable(
  fen: string,
  legal: readonly MoveInfo[],
  own: readonly Touch[],
  profile: Profile,
): Bound | null {
  const [first, second] = own;
  if (!first) return null;
  if (profile.kingAndRookTouchedMustCastle && second && isKingAndRook(first, second)) {
    // E72 Art 20 1(a): the first two touched men are king and rook → castle with that rook, or, if
    // this is illegal, move the king; 2(a): a man with no legal move counts as not touched.
    const king = first.piece.type === 'k' ? first : second;
    const rook = first.piece.type === 'r' ? first : second;
    const fromKing = legalMovesFrom(fen, king.square);
    const castle = fromKing.filter((m) => m.castle && m.rookFrom === rook.square);
    if (castle.length > 0) return { moves: castle, obligation: { kind: 'castle', rookSquare: rook.square } };
    const kingMoves = fromKing.filter((m) => !m.castle);
    if (kingMoves.length > 0)
      return { moves: kingMoves, obligation: { kind: 'move', square: king.square, piece: king.piece } };
    return firstOwnMovable(
      fen,
      legal,
      own.filter((t) => t !== king),
      { ...profile, kingAndRookTouchedMustCastle: false },
    );
  }
  const rookThenKing = first.piece.type === 'r' && own.some((t) => t.piece.type === 'k');
  if (rookThenKing && first.group !== own.find((t) => t.piece.type === 'k')?.group) {
    const withRook = legal.filter((m) => m.castle && m.rookFrom === first.square);
    const rookMoves = legalMovesFrom(fen, first.square);
    if (profile.rookTouchedFirstCastling === 'warningValid') {
      // E72/E80 Interp 6.1 (1971): a warning, but the castling is valid.
      const moves = [...rookMoves, ...withRook];
      if (moves.length > 0)
        return { moves, obligation: { kind: 'move', square: first.square, piece: first.piece } };
    } else {
      // E88/E93 Art 5.1(c): he may not castle with that rook; Arts 7.2 and 7.3 apply.
      if (rookMoves.length > 0)
        return { moves: rookMoves, obligation: { kind: 'move', square: first.square, piece: first.piece } };
      for (const t of own.slice(1)) {
        const moves = legalMovesFrom(fen, t.square).filter((m) => !(m.castle && m.rookFrom === first.square));
        if (moves.length > 0)
          return { moves, obligation: { kind: 'move', square: t.square, piece: t.piece } };
      }
      return null;
    }
  }
  const kingAndRookTogether =
    second !== undefined &&
    isKingAndRook(first, second) &&
    (first.piece.type === 'k' || first.group === second.group);
  if (kingAndRookTogether) {
    const king = first.piece.type === 'k' ? first : second;
    const rook = first.piece.type === 'r' ? first : second;
    const fromKing = legalMovesFrom(fen, king.square);
    if (!fromKing.some((m) => m.castle && m.rookFrom === rook.square)) {
      // Castling with that rook is illegal: E72 move the king; E80 (Interp 6.1 (1975)) and E88/E93
      // (Art 5.1(d)) move the king or castle on the other side; no king move → free.
      const kingMoves = fromKing.filter((m) => profile.kingFirstCastlingIllegal !== 'moveKing' || !m.castle);
      return kingMoves.length > 0
        ? { moves: kingMoves, obligation: { kind: 'move', square: king.square, piece: king.piece } }
        : null;
    }
  }
  for (const t of own) {
    const moves = legalMovesFrom(fen, t.square);
    if (moves.length > 0) return { moves, obligation: { kind: 'move', square: t.square, piece: t.piece } };
  }
  return null;
}

function obligationOf(state: ApertureState, profile: Profile): Obligation | null {
  return permittedMoves(state.fen, state.touches, profile).obligation;
}

/** A plain-English statement of an obligation (speech layers word it themselves from the data). */
function describeObligation(o: Obligation): string {
  switch (o.kind) {
    case 'move':
      return `You touched the piece on ${o.square}; it must be moved.`;
    case 'capture':
      return o.with
        ? `You touched the pieces on ${o.with} and ${o.square}; the piece on ${o.square} must be captured with it.`
        : `You touched the piece on ${o.square}; it must be captured.`;
    case 'castle':
      return `You touched king and rook on ${o.rookSquare}; you must castle with that rook.`;
  }
}

/** A summary of the move in hand, for "what am I doing?" queries. */
export interface MoveInHand {
  readonly holding: { readonly piece: Piece; readonly from: Square } | null;
  readonly captureRemoved: boolean;
  readonly placed: { readonly from: Square; readonly to: Square } | null;
  readonly promotion: PromotionPiece | 'pending' | null;
  readonly castling: 'awaitingRook' | 'done' | null;
  readonly announced: string | null;
  readonly move: { readonly uci: string; readonly san: string } | null;
  readonly touches: readonly Touch[];
  readonly obligation: Obligation | null;
  /** What still stands between the player and the clock press. */
  readonly missing: readonly RefusalCode[];
}

/** The move the board shows once every placement of it is made (as `moveInHand(…).move`), else null. */
export function placedMove(state: ApertureState): MoveInfo | null {
  const pending = analyse(state);
  return pending.stage === 'complete' ? pending.move : null;
}

export function moveInHand(state: ApertureState, profile: Profile): MoveInHand {
  const pending = analyse(state);
  const first = state.placements[0];
  const move = pending.stage === 'complete' ? pending.move : null;
  return {
    holding: state.hand,
    captureRemoved: state.removed.length > 0,
    placed: first ? { from: first.from, to: first.to } : null,
    promotion: pending.stage === 'promotion' ? 'pending' : state.promotion,
    castling: pending.stage === 'castlingRook' ? 'awaitingRook' : move?.castle ? 'done' : null,
    announced: state.announced,
    move: move ? { uci: move.uci, san: move.san } : null,
    touches: state.touches,
    obligation: obligationOf(state, profile),
    missing: missingForClock(state),
  };
}

// Convenience wrappers: each is `applyStep` with one step.

/** Declares j'adoube: the next lift is an adjustment (Art 7.1). */
export const declareJAdoube = (s: ApertureState, p: Profile): StepResult =>
  applyStep(s, { type: 'declareJAdoube' }, p);
/** Lifts a piece out of its aperture: a touch (BL-08); an opponent's piece is removed as captured. */
export const lift = (s: ApertureState, square: string, p: Profile): StepResult =>
  applyStep(s, { type: 'lift', square }, p);
/** Several pieces touched at once (order unknown). */
export const touchTogether = (s: ApertureState, squares: readonly string[], p: Profile): StepResult =>
  applyStep(s, { type: 'touchTogether', squares }, p);
/** Removes the captured piece from the mover's own board (r.3(a)). */
export const removeCaptured = (s: ApertureState, square: string, p: Profile): StepResult =>
  applyStep(s, { type: 'removeCaptured', square }, p);
/** Puts a wrongly removed opponent's piece back on its square. */
export const returnCaptured = (s: ApertureState, square: string, p: Profile): StepResult =>
  applyStep(s, { type: 'returnCaptured', square }, p);
/** Places the piece in hand into an aperture (r.3(b)). */
export const place = (s: ApertureState, square: string, p: Profile): StepResult =>
  applyStep(s, { type: 'place', square }, p);
/** Chooses the promotion piece (`q`, `r`, `b` or `n`). */
export const choosePromotion = (s: ApertureState, piece: string, p: Profile): StepResult =>
  applyStep(s, { type: 'choosePromotion', piece }, p);
/** Announces the move (r.1, r.3(c)); without `uci`, the move on the board. */
export const announce = (s: ApertureState, p: Profile, uci?: string): StepResult =>
  applyStep(s, uci === undefined ? { type: 'announce' } : { type: 'announce', uci }, p);
/** Corrects a slip of the tongue before the clock is pressed (r.6). */
export const correctAnnouncement = (s: ApertureState, uci: string, p: Profile): StepResult =>
  applyStep(s, { type: 'correctAnnouncement', uci }, p);
/** Starts the opponent's clock once the move is executed (r.3). */
export const pressClock = (s: ApertureState, p: Profile): StepResult =>
  applyStep(s, { type: 'pressClock' }, p);

/** The steps that complete a named move. */
export type CompletionStep = Extract<
  ApertureStep,
  { type: 'lift' | 'removeCaptured' | 'place' | 'choosePromotion' | 'announce' | 'correctAnnouncement' }
>;

/**
 * The steps still to do for a move the player names (by voice or typing) from where his board
 * stands. With nothing touched: the whole lifecycle (the named move is both the action on his board
 * and the announcement, r.1/r.3). With the piece in hand: place it and announce. With the move
 * already on the board: the announcement (or its correction, r.6). A move not legal here is only
 * announced, so the refusal names what is wrong with it.
 */
export function stepsToComplete(state: ApertureState, uci: string, profile: Profile): CompletionStep[] {
  const move = findMove(state.fen, uci);
  if (!move.ok) return [{ type: 'announce', uci }];
  const found = move.value;
  const hand = moveInHand(state, profile);
  if (hand.move || hand.placed)
    return [hand.announced ? { type: 'correctAnnouncement', uci } : { type: 'announce', uci }];
  const steps: CompletionStep[] = [];
  if (!hand.holding) steps.push({ type: 'lift', square: found.from });
  const explicitRemoval = state.options.captureRemoval === 'explicit' && found.capturedOn !== undefined;
  // A normal capture's square must be cleared before the piece can go in (r.3 (a)); an en-passant
  // pawn stands elsewhere and may be removed after the placement (checklist 14).
  if (explicitRemoval && !found.enPassant && found.capturedOn)
    steps.push({ type: 'removeCaptured', square: found.capturedOn });
  steps.push({ type: 'place', square: found.to });
  if (explicitRemoval && found.enPassant && found.capturedOn)
    steps.push({ type: 'removeCaptured', square: found.capturedOn });
  if (found.castle && state.options.castlingRook === 'player' && found.rookFrom && found.rookTo)
    steps.push({ type: 'lift', square: found.rookFrom }, { type: 'place', square: found.rookTo });
  if (found.promotion) steps.push({ type: 'choosePromotion', piece: found.promotion });
  steps.push({ type: 'announce', uci: found.uci });
  return steps;
}
