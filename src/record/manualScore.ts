/**
 * A score kept by hand (GR-81, BL-38(c), checklist 78): the blind player (or the sighted player on
 * paper) types his moves in any notation the core reads; the typed score is read move by move from
 * the start position and compared with the board's record, so that a difference (rules 7 and 8 of
 * the blind supplement) or an incomplete score can be pointed at by ply.
 */

export { readTypedScore, type TypedScoreError } from '../core/index.ts';

/** How a kept score compares with the board record. */
export type ScoreComparison =
  | { readonly kind: 'same' }
  /** The first ply (1-based) where the two differ; `null` on a side that has no move there. */
  | {
      readonly kind: 'differs';
      readonly ply: number;
      readonly score: string | null;
      readonly board: string | null;
    };

/** Compares a kept score with the board's moves, both as UCI lists from the same start. */
export function compareScores(score: readonly string[], board: readonly string[]): ScoreComparison {
  const n = Math.max(score.length, board.length);
  for (let i = 0; i < n; i++) {
    if (score[i] !== board[i])
      return { kind: 'differs', ply: i + 1, score: score[i] ?? null, board: board[i] ?? null };
  }
  return { kind: 'same' };
}
