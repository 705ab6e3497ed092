/**
 * How a game ends: the one outcome model every layer uses — the winner (null: nobody) and the
 * reason, and what follows from them: the score (003/001 Art 17: win 1, draw ½, loss 0; spec §2.6:
 * both players lose a double forfeit) and the PGN result token. The board's own endings (mate,
 * stalemate) are read into it here; the claims add the editions' draws (boardOutcome), the
 * profiles name the endings that stand before the clock press. The record formats it for exports,
 * the speech layer for the voice, the screens for headings.
 */
import { inspect, type Color } from './rules.ts';

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

/** The PGN result token: a score, or `*` for a game without one (PGN has no `0-0`). */
export type PgnResult = Exclude<Score, '0-0'> | '*';

/** Points of one player: 1, ½ or 0. */
export type Points = 0 | 0.5 | 1;

/** Reasons after which nobody scores: both players lost (spec §2.6). */
const NOBODY_SCORES: ReadonlySet<ResultReason> = new Set(['doubleForfeit']);

/** Reasons that never have a winner: draws, a double forfeit, an annulled game. */
const NEVER_DECISIVE: ReadonlySet<ResultReason> = new Set([
  'stalemate',
  'agreement',
  'repetition',
  'fiftyMoves',
  'insufficientMaterial',
  'flagVsBareKing',
  'fivefoldRepetition',
  'seventyFiveMoves',
  'doubleForfeit',
  'annulled',
]);

/** Reasons that always have a winner. */
const ALWAYS_DECISIVE: ReadonlySet<ResultReason> = new Set([
  'checkmate',
  'resignation',
  'flag',
  'lateArrival',
]);

/** Whether a game ended for this reason can have a winner. */
export function canHaveWinner(reason: ResultReason): boolean {
  return !NEVER_DECISIVE.has(reason);
}

/** Whether a game ended for this reason always has a winner. */
export function mustHaveWinner(reason: ResultReason): boolean {
  return ALWAYS_DECISIVE.has(reason);
}

/**
 * A result from the loser's side: decisive reasons name the player who lost (resigned, was mated,
 * overstepped, arrived late, sealed an invalid move); without a loser it is a draw, or nobody's win
 * for a double forfeit.
 */
export function makeResult(reason: ResultReason, loser?: Color): GameResult {
  if (loser === undefined || !canHaveWinner(reason)) return { winner: null, reason };
  return { winner: loser === 'w' ? 'b' : 'w', reason };
}

/** The player who lost, or null when nobody won. */
export function loserOf(result: GameResult): Color | null {
  if (result.winner === null) return null;
  return result.winner === 'w' ? 'b' : 'w';
}

export function scoreOf(result: GameResult): Score {
  if (result.winner === 'w') return '1-0';
  if (result.winner === 'b') return '0-1';
  return NOBODY_SCORES.has(result.reason) ? '0-0' : '1/2-1/2';
}

/** The PGN result token; a game without a result, a double forfeit or an annulled game is `*`. */
export function pgnResultOf(result: GameResult | null): PgnResult {
  if (result === null || result.reason === 'annulled') return '*';
  const score = scoreOf(result);
  return score === '0-0' ? '*' : score;
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

/**
 * The ending the position gives in every edition: the side to move is checkmated (its opponent
 * wins) or stalemated (a draw); null while it has a legal move, or for a bad FEN.
 */
export function mateOrStalemate(fen: string): GameResult | null {
  const r = inspect(fen);
  if (!r.ok) return null;
  if (r.value.checkmate) return { winner: r.value.turn === 'w' ? 'b' : 'w', reason: 'checkmate' };
  return r.value.stalemate ? { winner: null, reason: 'stalemate' } : null;
}
