/**
 * A score typed by hand (GR-81, BL-38(c)): move numbers and result tokens are skipped, every other
 * word is a move in any notation the core reads. The match takes the blind player's typed score as
 * his scoresheet for rules 7 and 8 (`writeScore`); the record compares it with the board's moves.
 */
import { parseMoveInfo, type NotationError } from './notation.ts';
import { err, ok, type Result } from './result.ts';
import type { Game } from './game.ts';

/** Why a typed score could not be read: the ply (1-based), the text written there and the reason. */
export interface TypedScoreError {
  readonly code: 'unreadableMove';
  readonly ply: number;
  readonly written: string;
  readonly reason: NotationError;
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
      });
    moves.push(m.value.uci);
    fen = m.value.fenAfter;
  }
  return ok({ startFen, moves });
}
