import { afterAll, describe, expect, it } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import { createNodeEngine } from '../../src/engine/node.ts';
import { reviewGame } from '../../src/engine/review.ts';
import { describeReviewSummary, describeVerdict } from '../../src/speech/review.ts';

describe('the review of a finished game', () => {
  const engine = createNodeEngine();
  afterAll(() => engine.dispose());

  it('names the blunder at the right move, with the better move in words', async () => {
    // 1.e4 e5 2.Nf3 Qh4?? (the queen hangs to the knight) 3.Nxh4 Nc6 4.d3
    const moves = ['e2e4', 'e7e5', 'g1f3', 'd8h4', 'f3h4', 'b8c6', 'd2d3'];
    const review = await reviewGame(engine, { startFen: START_FEN, moves }, { depth: 8 });
    expect(review).not.toBeNull();
    const blunder = review!.find((m) => m.verdict === 'blunder');
    expect(blunder).toMatchObject({ ply: 4, moveNumber: 2, color: 'b', uci: 'd8h4' });
    expect(describeVerdict(blunder!)).toMatch(/^a blunder; better was /);
    // Taking the queen is the only move that keeps White's winning chances.
    expect(review![4]?.verdict).toMatch(/best|onlyMove/);
    expect(describeReviewSummary(review!)).toMatch(/Black: one blunder at move 2/);
  });

  it('calls the move that allows a mate a blunder (scholar’s mate)', async () => {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#
    const moves = ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'];
    const review = await reviewGame(engine, { startFen: START_FEN, moves }, { depth: 8 });
    expect(review![5]).toMatchObject({ moveNumber: 3, verdict: 'blunder' });
    // The mate was not the only legal move: it is the best move, not "only move".
    expect(review![6]?.verdict).toBe('best');
    expect(describeReviewSummary(review!)).toContain('Black: one blunder at move 3');
  });

  it('does not call the mate that ends a game "only move" when other moves were legal', async () => {
    // 1.f3 e5 2.g4 Qh4#: Black had many moves; the mate is the best move.
    const fools = await reviewGame(
      engine,
      { startFen: START_FEN, moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'] },
      { depth: 8 },
    );
    expect(fools![3]?.verdict).toBe('best');
  });
});
