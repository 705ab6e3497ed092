// The one outcome model (core/outcome.ts): the ending a position gives (mate, stalemate), who lost,
// which reasons can or must have a winner, and the PGN token derived from the score.
import { describe, expect, test } from 'vitest';
import {
  canHaveWinner,
  loserOf,
  makeResult,
  mateOrStalemate,
  mustHaveWinner,
  pgnResultOf,
  RESULT_REASONS,
  scoreOf,
  START_FEN,
} from '../../src/core/index.ts';

describe('mateOrStalemate: the ending the position gives in every edition', () => {
  test.each([
    [
      'fool’s mate: White is mated',
      'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
      'b',
      'checkmate',
    ],
    ['back-rank mate: Black is mated', '3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', 'w', 'checkmate'],
    ['stalemate', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', null, 'stalemate'],
  ] as const)('%s', (_name, fen, winner, reason) => {
    expect(mateOrStalemate(fen)).toEqual({ winner, reason });
  });

  test('none while the side to move has a move, and none for a garbled FEN', () => {
    expect(mateOrStalemate(START_FEN)).toBeNull();
    // In check but able to answer it.
    expect(mateOrStalemate('4k3/8/8/8/8/8/4q3/4K3 w - - 0 1')).toBeNull();
    expect(mateOrStalemate('not a position')).toBeNull();
  });
});

describe('reasons, winners and losers', () => {
  test('a reason that must have a winner can have one', () => {
    for (const reason of RESULT_REASONS) if (mustHaveWinner(reason)) expect(canHaveWinner(reason)).toBe(true);
    expect(mustHaveWinner('checkmate')).toBe(true);
    expect(canHaveWinner('stalemate')).toBe(false);
    // Both ways: a win by the arbiter's decision, or a draw by it.
    expect(canHaveWinner('arbiter') && !mustHaveWinner('arbiter')).toBe(true);
  });

  test('makeResult names the winner from the loser, unless the reason never has one', () => {
    expect(makeResult('resignation', 'b')).toEqual({ winner: 'w', reason: 'resignation' });
    expect(makeResult('stalemate', 'b')).toEqual({ winner: null, reason: 'stalemate' });
    expect(makeResult('agreement')).toEqual({ winner: null, reason: 'agreement' });
  });

  test('loserOf is the winner’s opponent, or nobody', () => {
    expect(loserOf({ winner: 'w', reason: 'flag' })).toBe('b');
    expect(loserOf({ winner: 'b', reason: 'checkmate' })).toBe('w');
    expect(loserOf({ winner: null, reason: 'doubleForfeit' })).toBeNull();
  });

  test('the PGN token is the score, with `*` where PGN has none', () => {
    for (const reason of RESULT_REASONS)
      for (const loser of ['w', 'b', undefined] as const) {
        const result = makeResult(reason, loser);
        const score = scoreOf(result);
        const token = pgnResultOf(result);
        if (reason === 'annulled' || score === '0-0') expect(token).toBe('*');
        else expect(token).toBe(score);
      }
    expect(pgnResultOf(null)).toBe('*');
  });
});
