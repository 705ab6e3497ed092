/**
 * What the placements of this turn amount to: nothing yet, a king waiting for its castling rook, a
 * pawn waiting for its promotion piece, or a complete move (cached per placements list, issue 14).
 */
import { legalMoves, legalMovesFrom, type MoveInfo, type PromotionPiece, type Square } from './rules.ts';
import type { ApertureState, Placement } from './apertureState.ts';

/**
 * The moves of a list that go to `to`, in its order (a loop: `filter` with an arrow over `to` made
 * a context and a closure on every placement, issue 14).
 */
export function movesTo(moves: readonly MoveInfo[], to: Square): readonly MoveInfo[] {
  let n = 0;
  for (const m of moves) if (m.to === to) n += 1;
  if (n === 0) return NO_MOVES;
  const out = new Array<MoveInfo>(n);
  let i = 0;
  for (const m of moves) if (m.to === to) out[i++] = m;
  return out;
}
const NO_MOVES: readonly MoveInfo[] = [];

/** The castling move a rook placement prepares (rook from its corner to the square the king crosses). */
export function rookFirstCastle(fen: string, placement: Placement): MoveInfo | undefined {
  return legalMoves(fen).find((m) => m.castle && m.rookFrom === placement.from && m.rookTo === placement.to);
}

export type Analysis =
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
export function analyse(state: ApertureState): Analysis {
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
