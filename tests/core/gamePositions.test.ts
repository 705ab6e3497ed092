// Positions of a game grown move by move (as the match grows its games) are the same as a replay
// from the start, and stop at the first illegal move like a replay does.
import { expect, test } from 'vitest';
import { currentFen, positions, START_FEN, type Game } from '../../src/core/index.ts';

const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

test('a game one move longer than a known one has the positions of its replay', () => {
  const grown: string[] = [];
  for (const uci of ['e2e4', 'e7e5', 'g1f3']) {
    grown.push(uci);
    positions({ startFen: START_FEN, moves: [...grown] });
  }
  expect(positions({ startFen: START_FEN, moves: ['e2e4', 'e7e5'] })).toHaveLength(3);
  expect(currentFen({ startFen: START_FEN, moves: ['e2e4', 'e7e5'] })).toBe(AFTER_E4_E5);
  expect(currentFen({ startFen: START_FEN, moves: grown })).toBe(
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
  );
});

test('the positions stop at the first illegal move, also for a game grown from it', () => {
  const broken: Game = { startFen: START_FEN, moves: ['e2e4', 'e7e5', 'e1e3'] };
  expect(positions(broken)).toHaveLength(3);
  expect(currentFen(broken)).toBe(AFTER_E4_E5);
  const longer: Game = { startFen: START_FEN, moves: [...broken.moves, 'g1f3'] };
  expect(positions(longer)).toEqual(positions(broken));
  // The array handed out is the caller's own.
  positions(longer).push('x');
  expect(positions(longer)).toHaveLength(3);
});
