/**
 * How a game ends: the one outcome model every layer uses — the winner (null: nobody), the reason
 * and the score derived from both (003/001 Art 17: win 1, draw ½, loss 0; spec §2.6: both players
 * lose a double forfeit). The record formats it for exports, the speech layer for the voice, the
 * screens for headings.
 */
import type { Color } from './rules.ts';

export const RESULT_REASONS = [
  'checkmate',
  'stalemate',
  'resignation',
  'agreement',
  'repetition',
  'fiftyMoves',
  'insufficientMaterial',
  'flag',
  'flagVsBareKing',
  'forfeit',
  'lateArrival',
  'doubleForfeit',
  'invalidSealedMove',
  'fivefoldRepetition',
  'seventyFiveMoves',
  'arbiter',
  'annulled',
] as const;
export type ResultReason = (typeof RESULT_REASONS)[number];

/** How a game ended: the winner (null for a draw, a double forfeit or an annulled game) and why. */
export interface GameResult {
  readonly winner: Color | null;
  readonly reason: ResultReason;
}

/** The score as written on a scoresheet and in PGN; `0-0` is a double forfeit. */
export type Score = '1-0' | '0-1' | '1/2-1/2' | '0-0';

/** Points of one player: 1, ½ or 0. */
export type Points = 0 | 0.5 | 1;

/** Reasons after which nobody scores: both players lost (spec §2.6). */
const NOBODY_SCORES: ReadonlySet<ResultReason> = new Set(['doubleForfeit']);

export function scoreOf(result: GameResult): Score {
  if (result.winner === 'w') return '1-0';
  if (result.winner === 'b') return '0-1';
  return NOBODY_SCORES.has(result.reason) ? '0-0' : '1/2-1/2';
}

export function pointsFor(result: GameResult, color: Color): Points {
  if (result.winner === null) return NOBODY_SCORES.has(result.reason) ? 0 : 0.5;
  return result.winner === color ? 1 : 0;
}

/** Whether the game was drawn (a half point each). */
export function isDraw(result: GameResult): boolean {
  return result.winner === null && !NOBODY_SCORES.has(result.reason);
}

export function isResultReason(text: string): text is ResultReason {
  return (RESULT_REASONS as readonly string[]).includes(text);
}
