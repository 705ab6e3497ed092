/**
 * A score kept by hand (GR-81, BL-38(c), checklist 78): the blind player (or the sighted player on
 * paper) types his moves in any notation the core reads; the typed score is read move by move from
 * the start position and compared with the board's record, so that a difference (rules 7 and 8 of
 * the blind supplement) or an incomplete score can be pointed at by ply.
 */
import { err, ok, parseMoveInfo, type Game, type NotationError, type Result } from '../core/index.ts';

/** Why a typed score could not be read: the ply (1-based), the text written there and the reason. */
export interface TypedScoreError {
  readonly code: 'unreadableMove';
  readonly ply: number;
  readonly written: string;
  readonly reason: NotationError;
  readonly message: string;
}

/**
 * Reads a typed score: move numbers (`12.`, `12...`) and result tokens are skipped, every other
 * word is a move in short or long algebraic, UCI, correspondence digits or Uedemann code.
 */
export function readTypedScore(startFen: string, text: string): Result<Game, TypedScoreError> {
  const words = text
    .replace(/\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^\d+\.+/, ''))
    .filter((w) => w !== '' && !/^(1-0|0-1|1\/2-1\/2|½-½|\*)$/.test(w));
  const moves: string[] = [];
  let fen = startFen;
  for (const [i, word] of words.entries()) {
    const m = parseMoveInfo(fen, word);
    if (!m.ok)
      return err({
        code: 'unreadableMove',
        ply: i + 1,
        written: word,
        reason: m.error,
        message: `Move ${i + 1} (“${word}”): ${m.error.message}`,
      });
    moves.push(m.value.uci);
    fen = m.value.fenAfter;
  }
  return ok({ startFen, moves });
}

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
