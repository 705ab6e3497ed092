/**
 * The computer's review of a finished game: every position searched once (with two lines, to tell
 * an only move), each move judged by how much of the mover's winning chances it gave away — the
 * scale lichess uses (inaccuracy ≥ 0.1, mistake ≥ 0.2, blunder ≥ 0.3 on chances from −1 to 1), so
 * a slip in a won position is not called a blunder. Judging is pure; `reviewGame` runs the engine.
 * The verdicts are data here; speech/review.ts puts them in words.
 */
import { legalMoves, moveHistory, position, type Color, type Game } from '../core/index.ts';
import type { Engine, EngineScore, EngineSearch } from '../ports/engine.ts';

/** How a move compares with the engine's choice, best first. */
export const VERDICTS = ['onlyMove', 'best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One reviewed move: what was played, how it compares, and what the engine preferred. */
export interface ReviewedMove {
  /** 1-based ply. */
  readonly ply: number;
  readonly color: Color;
  /** The full-move number the move belongs to. */
  readonly moveNumber: number;
  readonly fenBefore: string;
  readonly uci: string;
  readonly verdict: Verdict;
  /** The engine's choice (UCI) when it differs from the move played. */
  readonly best: string | null;
  /** The evaluation after the move, from White's side, in centipawns (mate as ±100000). */
  readonly evalCp: number;
}

const MATE_CP = 100_000;

/** A score as centipawns (mate in n as ±(100000 − n)). */
export function scoreCp(score: EngineScore): number {
  if (score.kind === 'cp') return score.value;
  return score.value > 0 ? MATE_CP - score.value : -MATE_CP - score.value;
}

/** The mover's winning chances in [−1, 1] for a score (lichess's logistic curve). */
export function winningChances(cp: number): number {
  if (Math.abs(cp) >= MATE_CP - 1000) return Math.sign(cp);
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** The evaluation of a searched position for the side to move; a finished game has none to search. */
function evaluate(fen: string, search: EngineSearch): number {
  const best = search.lines[0];
  if (best) return scoreCp(best.score);
  // No legal move: mated (the worst there is) or stalemate (a draw).
  return position(fen).checkmate ? -MATE_CP : 0;
}

/**
 * Judges one move from the search before it (best lines, mover's view) and the evaluation after it
 * (the opponent's view, as the next search reports it).
 */
export function judgeMove(before: EngineSearch, played: string, afterForOpponent: number): Verdict {
  const best = before.lines[0];
  if (!best) return 'best';
  const bestChances = winningChances(scoreCp(best.score));
  const playedChances = winningChances(-afterForOpponent);
  if (best.pv[0] === played) {
    const second = before.lines[1];
    return second && bestChances - winningChances(scoreCp(second.score)) >= 0.3 ? 'onlyMove' : 'best';
  }
  const loss = bestChances - playedChances;
  if (loss >= 0.3) return 'blunder';
  if (loss >= 0.2) return 'mistake';
  if (loss >= 0.1) return 'inaccuracy';
  return 'good';
}

export interface ReviewOptions {
  /** Search depth per position (default 12). */
  readonly depth?: number;
  /** Told after each position searched: done of total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Stops the review early (the player left). */
  readonly cancelled?: () => boolean;
}

/** Reviews every move of a game; null when cancelled. */
export async function reviewGame(
  engine: Engine,
  game: Game,
  options: ReviewOptions = {},
): Promise<ReviewedMove[] | null> {
  const moves = moveHistory(game);
  const fens = [game.startFen, ...moves.map((m) => m.fenAfter)];
  const limits = { depth: options.depth ?? 12, multiPv: 2 };
  const searches: EngineSearch[] = [];
  // A game the engine has not seen (UCI `ucinewgame`), whatever it searched before.
  engine.newGame();
  for (const fen of fens) {
    if (options.cancelled?.()) return null;
    searches.push(await engine.search(fen, limits));
    options.onProgress?.(searches.length, fens.length);
  }
  return moves.map((move, i) => {
    const before = searches[i] as EngineSearch;
    const after = evaluate(fens[i + 1] as string, searches[i + 1] as EngineSearch);
    // A mate ends the game: it is the best move, and "only move" only when nothing else was legal.
    const verdict = move.mate
      ? legalMoves(move.fenBefore).length === 1
        ? 'onlyMove'
        : 'best'
      : judgeMove(before, move.uci, after);
    const bestMove = before.lines[0]?.pv[0] ?? null;
    const whiteSign = move.color === 'w' ? -1 : 1;
    return {
      ply: i + 1,
      color: move.color,
      moveNumber: Number(move.fenBefore.split(' ')[5] ?? 1),
      fenBefore: move.fenBefore,
      uci: move.uci,
      verdict,
      best: bestMove && bestMove !== move.uci ? bestMove : null,
      evalCp: whiteSign * after,
    };
  });
}
