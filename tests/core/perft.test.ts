// perft through the rules adapter: the standard check that the move generator is exactly right.
import { expect, test } from 'vitest';
import { perft, START_FEN } from '../../src/core/index.ts';

test.each([
  ['start position', START_FEN, 4, 197281],
  ['Kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -', 3, 97862],
  ['position 3', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -', 4, 43238],
  // Promotions with captures, castling rights lost to a captured rook.
  ['position 4', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3, 9467],
  ['position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 2, 1486],
])('perft %s depth %i', (_name, fen, depth, nodes) => {
  expect(perft(fen, depth)).toBe(nodes);
});

test('perft of a garbled FEN is zero, not an exception', () => {
  expect(perft('not a position', 2)).toBe(0);
});
