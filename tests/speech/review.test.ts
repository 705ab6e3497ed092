import { describe, expect, it } from 'vitest';
import {
  describeEvaluation,
  describeHint,
  describeReviewSummary,
  describeVerdict,
  type ReviewedMove,
} from '../../src/speech/review.ts';

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const at = (moveNumber: number, color: 'w' | 'b', verdict: ReviewedMove['verdict']): ReviewedMove => ({
  ply: moveNumber * 2 - (color === 'w' ? 1 : 0),
  color,
  moveNumber,
  fenBefore: AFTER_E4,
  uci: 'a7a6',
  verdict,
  best: verdict === 'best' ? null : 'g8f6',
  evalCp: 35,
});

describe('review words', () => {
  it('says how a move compares, the better move in the player’s vocabulary', () => {
    expect(describeVerdict(at(1, 'b', 'mistake'))).toBe('a mistake; better was Knight Felix six');
    expect(describeVerdict(at(1, 'b', 'mistake'), { vocabulary: 'fide2018-de', locale: 'de' })).toMatch(
      /^ein Fehler; besser war Springer .+ sechs$/,
    );
    expect(describeVerdict(at(1, 'b', 'onlyMove'))).toBe('only move');
    expect(describeVerdict(at(1, 'b', 'best'))).toBe('best move');
    // Said after the move's own words, the verdict is a sentence: it starts with a capital.
    expect(describeVerdict(at(1, 'b', 'inaccuracy'), { sentence: true })).toBe(
      'An inaccuracy; better was Knight Felix six',
    );
  });

  it('gives no numbers unless asked', () => {
    expect(describeVerdict(at(1, 'b', 'good'))).toBe('good move');
    expect(describeVerdict(at(1, 'b', 'good'), { withEvaluation: true })).toBe(
      'good move; evaluation +0.4 for White',
    );
    expect(describeEvaluation(-99_998)).toBe('Black mates in 2');
  });

  it('sums up each side’s faults with the move numbers', () => {
    const moves = [
      at(12, 'w', 'mistake'),
      at(5, 'w', 'mistake'),
      at(30, 'w', 'mistake'),
      at(23, 'w', 'blunder'),
      at(7, 'b', 'good'),
    ].sort((a, b) => a.ply - b.ply);
    expect(describeReviewSummary(moves)).toBe(
      'White: three mistakes at moves 5, 12 and 30, one blunder at move 23. Black: no mistakes',
    );
  });

  it('says a hint as a move', () => {
    expect(describeHint(AFTER_E4, 'g8f6')).toBe('Hint: Knight Felix six');
    expect(describeHint(AFTER_E4, null)).toBe('No hint: there is no move to make.');
  });
});
