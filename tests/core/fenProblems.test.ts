// A bad position is a code, not chess.js's English (issue 27): each check of chess.js's FEN
// validation that fails is named by its own FenProblem, which speech words in the reader's language.
import { expect, test } from 'vitest';
import { inspect, type FenProblem } from '../../src/core/index.ts';

test.each<[string, FenProblem]>([
  ['', { problem: 'empty' }],
  ['8/8/8/8 w - - 0 1 extra', { problem: 'fields' }],
  ['4k3/8/8/8/8/8/8/4K3 w - - 0 0', { problem: 'moveNumber' }],
  ['4k3/8/8/8/8/8/8/4K3 w - - x 1', { problem: 'halfmoveClock' }],
  ['4k3/8/8/8/8/8/8/4K3 w - e4 0 1', { problem: 'enPassantSquare' }],
  ['4k3/8/8/8/8/8/8/4K3 w X - 0 1', { problem: 'castling' }],
  ['4k3/8/8/8/8/8/8/4K3 x - - 0 1', { problem: 'sideToMove' }],
  ['4k3/8/8/8/8/8/4K3 w - - 0 1', { problem: 'rows' }],
  ['4k3/8/8/8/8/8/8/44K3 w - - 0 1', { problem: 'consecutiveDigits' }],
  ['4k3/8/8/8/8/8/8/4X3 w - - 0 1', { problem: 'unknownPiece' }],
  ['4k3/8/8/8/8/8/8/4K4 w - - 0 1', { problem: 'rankLength' }],
  ['4k3/8/8/8/8/8/8/4K3 w - e3 0 1', { problem: 'enPassantRank' }],
  ['4k3/8/8/8/8/8/8/8 w - - 0 1', { problem: 'missingKing', color: 'w' }],
  ['4k3/8/8/8/8/8/8/3KK3 w - - 0 1', { problem: 'tooManyKings', color: 'w' }],
  ['P3k3/8/8/8/8/8/8/4K3 w - - 0 1', { problem: 'pawnsOnEdge' }],
])('%j is refused as %j', (fen, problem) => {
  const r = inspect(fen);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.fen).toEqual(problem);
});
