// The pure navigation of the accessible board: the cursor from the player's side, edges, jumps and
// read-outs, none of which changes the position (spec BL-06, BL-07; checklist 7–8).
import { describe, expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import {
  findNextPiece,
  jumpToFile,
  jumpToRank,
  lastCaptureOf,
  lastMoveOf,
  lineSquares,
  movesOfPiece,
  rayHits,
  step,
  viewOrder,
  viewRows,
} from '../../src/core/navigation.ts';

describe('the cursor from the player’s point of view', () => {
  test.each([
    ['e4', 'up', 'w', 'e5'],
    ['e4', 'up', 'b', 'e3'],
    ['e4', 'right', 'w', 'f4'],
    ['e4', 'right', 'b', 'd4'],
    ['e4', 'left', 'b', 'f4'],
    ['e4', 'down', 'b', 'e5'],
  ] as const)('%s %s as %s goes to %s', (from, dir, orientation, to) => {
    expect(step(from, dir, orientation)).toEqual({ square: to, atEdge: false });
  });

  test.each([
    ['e8', 'up', 'w'],
    ['e1', 'up', 'b'],
    ['h4', 'right', 'w'],
    ['a4', 'right', 'b'],
    ['a1', 'down', 'w'],
    ['a1', 'left', 'w'],
  ] as const)('%s %s as %s is the board edge and the cursor stays', (from, dir, orientation) => {
    expect(step(from, dir, orientation)).toEqual({ square: from, atEdge: true });
  });

  test('the rows are drawn from the player’s side: White sees a8 top left, Black sees h1 top left', () => {
    expect(viewRows('w')[0]?.[0]).toBe('a8');
    expect(viewRows('w')[7]?.[7]).toBe('h1');
    expect(viewRows('b')[0]?.[0]).toBe('h1');
    expect(viewRows('b')[7]?.[7]).toBe('a8');
    expect(new Set(viewOrder('b')).size).toBe(64);
  });

  test('rank and file jumps keep the other coordinate', () => {
    expect(jumpToRank('c2', '7')).toBe('c7');
    expect(jumpToFile('c2', 'h')).toBe('h2');
  });
});

describe('next piece of a type', () => {
  test('the knights of White in reading order, wrapping round with notice', () => {
    const first = findNextPiece(START_FEN, 'a8', 'n', 'w', 'w');
    expect(first).toEqual({ square: 'b1', wrapped: false });
    const second = findNextPiece(START_FEN, 'b1', 'n', 'w', 'w');
    expect(second).toEqual({ square: 'g1', wrapped: false });
    expect(findNextPiece(START_FEN, 'g1', 'n', 'w', 'w')).toEqual({ square: 'b1', wrapped: true });
    expect(findNextPiece(START_FEN, 'b1', 'n', 'w', 'w', 'previous')).toEqual({
      square: 'g1',
      wrapped: true,
    });
  });

  test('the opponent’s pieces, and none when there is none', () => {
    expect(findNextPiece(START_FEN, 'e1', 'q', 'b', 'w')?.square).toBe('d8');
    expect(findNextPiece('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'e1', 'q', 'w', 'w')).toBeUndefined();
  });
});

describe('read-outs', () => {
  test('a rank is read from the player’s left, a file from the player’s side', () => {
    expect(lineSquares('e2', 'rank', 'w')).toEqual(['a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2']);
    expect(lineSquares('e2', 'rank', 'b')[0]).toBe('h2');
    expect(lineSquares('e2', 'file', 'w')).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8']);
    expect(lineSquares('e2', 'file', 'b')[0]).toBe('e8');
  });

  test('the first piece along each ray', () => {
    const hits = rayHits(START_FEN, 'e4', 'w');
    const byRay = Object.fromEntries(hits.map((h) => [h.ray, h.square]));
    expect(byRay).toMatchObject({ up: 'e7', down: 'e2', upLeft: 'b7', upRight: 'h7', downLeft: 'c2' });
  });

  test('the legal moves and captures of one piece, also for the side not to move', () => {
    expect(
      movesOfPiece(START_FEN, 'g1')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['f3', 'h3']);
    expect(
      movesOfPiece(START_FEN, 'g8')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['f6', 'h6']);
    expect(movesOfPiece(START_FEN, 'e4')).toEqual([]);
    const fen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    expect(movesOfPiece(fen, 'e4', true).map((m) => m.to)).toEqual(['d5']);
  });

  test('last move and last capture of a game', () => {
    const moves = ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'b1c3'];
    expect(lastMoveOf(START_FEN, moves)?.uci).toBe('b1c3');
    const capture = lastCaptureOf(START_FEN, moves);
    expect(capture?.uci).toBe('d8d5');
    expect(capture?.captured).toBe('p');
    expect(lastCaptureOf(START_FEN, ['e2e4'])).toBeUndefined();
  });
});
