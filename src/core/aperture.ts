/**
 * The move lifecycle on one physical-style board: the blind player's board with securing apertures
 * (spec BL-06…BL-17, BL-22) and, with `kind: 'sighted'`, the sighted player's ordinary board
 * (BL-11: select = touch, drop = move). A pure state machine: every step is
 * `(state, step, profile) → { state, events }`, where the events are past-tense data, or exactly one
 * `refused` event with a stable code and the state unchanged.
 *
 * This module is the entry: it dispatches the steps and answers "what am I doing?", and re-exports
 * the public API of its parts — apertureState.ts (the types, refusal codes and state building),
 * apertureTouches.ts (the touch ledger and the touch-move obligation engine, spec §2.4,
 * GR-20/GR-21), apertureAnalysis.ts (what the placements amount to), aperturePlacing.ts (lifting,
 * placing, promotion) and apertureClock.ts (announcement, clock press, a received move).
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
import { findMove, inspect, type MoveInfo, type Piece, type PromotionPiece, type Square } from './rules.ts';
import type { Profile } from './profiles.ts';
import {
  mayAct,
  refuse,
  type ApertureState,
  type ApertureStep,
  type Obligation,
  type RefusalCode,
  type StepResult,
  type Touch,
} from './apertureState.ts';
import { obligationOf } from './apertureTouches.ts';
import { analyse } from './apertureAnalysis.ts';
import {
  doChoosePromotion,
  doDeclareJAdoube,
  doLift,
  doPlace,
  doRemoveCaptured,
  doReturnCaptured,
  doTouchTogether,
} from './aperturePlacing.ts';
import { doAnnounce, doCorrectAnnouncement, doPressClock, missingForClock } from './apertureClock.ts';

export {
  createAperture,
  REFUSAL_CODES,
  type ApertureError,
  type ApertureEvent,
  type ApertureOptions,
  type ApertureState,
  type ApertureStep,
  type Obligation,
  type Placement,
  type PlacementReason,
  type RefusalCode,
  type StepResult,
  type Touch,
} from './apertureState.ts';
export { permittedMoves, type Permitted } from './apertureTouches.ts';
export { missingForClock, readyForClock, receiveMove } from './apertureClock.ts';

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
