// The rules adapter against chess.js's own verbose moves (its public API, the oracle): every legal
// move of every position of the 20 classic games and of positions chosen for their corner cases
// (castling, en passant with and without a pin, promotions, disambiguation by file, rank and
// square, mate, stalemate) has the same squares, pieces, flags, SAN and FENs, in the same order.
// Also the adapter's pseudo-legal question (movesLikeThat), answered without the king's safety.
import { Chess } from 'chess.js';
import { describe, expect, test } from 'vitest';
import { importPgnDatabase, inspect, movesLikeThat, positions, type MoveInfo } from '../../src/core/index.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';

const CORNER_CASES: readonly (readonly [string, string])[] = [
  ['Kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'],
  ['Kiwipete, Black', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1'],
  ['en passant pinned along the rank', '8/8/8/KPp4r/8/8/8/7k w - c6 0 2'],
  ['en passant that gives check', '8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1'],
  ['en passant legal', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'],
  ['promotions with captures', 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'],
  ['promotions, White', 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1'],
  ['square disambiguation', 'k7/8/8/8/8/Q1Q5/8/Q1Q4K w - - 0 1'],
  ['file and rank disambiguation', '3k4/8/8/R6R/8/8/8/R3K2R w KQ - 0 1'],
  ['castling past an attacked b-file square', 'r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1'],
  ['castling through check refused', '4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1'],
  ['castling granted with no rook there', '4k3/8/8/8/8/8/8/4K3 w K - 0 1'],
  ['castling granted with a knight on the rook’s square', '4k3/8/8/8/8/8/8/4K2N w K - 0 1'],
  ['checkmate', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'],
  ['stalemate', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'],
  ['mating moves', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'],
];

function legalSans(fen: string): string[] {
  const r = inspect(fen);
  return r.ok ? r.value.legalMoves.map((m) => m.san) : [];
}

function oracleMoves(fen: string) {
  return new Chess(fen).moves({ verbose: true });
}

/** The adapter's moves as the oracle writes them. */
function asOracle(m: MoveInfo) {
  return {
    lan: m.uci,
    san: m.san,
    from: m.from,
    to: m.to,
    color: m.color,
    piece: m.piece,
    captured: m.captured,
    promotion: m.promotion,
    enPassant: m.enPassant,
    castle: m.castle,
    check: m.check,
    mate: m.mate,
    before: m.fenBefore,
    after: m.fenAfter,
  };
}

function expectSameMoves(fen: string): void {
  const r = inspect(fen);
  if (!r.ok) throw new Error(r.error.message);
  const expected = oracleMoves(fen).map((m) => ({
    lan: m.lan,
    san: m.san,
    from: m.from,
    to: m.to,
    color: m.color,
    piece: m.piece,
    captured: m.captured,
    promotion: m.promotion,
    enPassant: m.isEnPassant(),
    castle: m.isKingsideCastle() ? 'king' : m.isQueensideCastle() ? 'queen' : undefined,
    check: /[+#]$/.test(m.san),
    mate: m.san.endsWith('#'),
    before: m.before,
    after: m.after,
  }));
  expect(r.value.legalMoves.map(asOracle), fen).toEqual(expected);
  const chess = new Chess(fen);
  expect(r.value.checkmate, fen).toBe(chess.isCheckmate());
  expect(r.value.stalemate, fen).toBe(chess.isStalemate());
  expect(r.value.inCheck, fen).toBe(chess.inCheck());
}

describe('the legal moves are chess.js’s, field by field', () => {
  test.each(CORNER_CASES)('%s', (_name, fen) => expectSameMoves(fen));

  test('every position of the 20 classic games', () => {
    const imported = importPgnDatabase(CLASSIC_PGN);
    if (!imported.ok) throw new Error(JSON.stringify(imported.error));
    const fens = imported.value.flatMap((g) => positions(g.game));
    expect(fens.length).toBeGreaterThan(1000);
    for (const [i, fen] of fens.entries()) {
      // Every eighth position field by field: the oracle builds each verbose move slowly (a move
      // list per move); the SAN of every move of every position.
      if (i % 8 === 0) expectSameMoves(fen);
      else expect(legalSans(fen), fen).toEqual(new Chess(fen).moves());
    }
  });

  test('a castling move carries the rook’s journey; an en passant capture the square it takes on', () => {
    const kiwi = inspect(CORNER_CASES[0]?.[1] ?? '');
    if (!kiwi.ok) throw new Error('Kiwipete');
    const long = kiwi.value.legalMoves.find((m) => m.castle === 'queen');
    expect(long).toMatchObject({ uci: 'e1c1', rookFrom: 'a1', rookTo: 'd1' });
    const ep = inspect('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
    if (!ep.ok) throw new Error('en passant');
    expect(ep.value.legalMoves.find((m) => m.enPassant)).toMatchObject({
      uci: 'e5f6',
      captured: 'p',
      capturedOn: 'f5',
    });
  });
});

describe('movesLikeThat: how the piece moves, its own king’s safety aside', () => {
  test.each([
    ['a pinned knight still moves like a knight', '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1', 'e2', 'c3', true],
    ['a knight does not move like a bishop', '4k3/8/8/8/8/8/4N3/4K3 w - - 0 1', 'e2', 'f3', false],
    ['a rook does not jump over its own king', '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 'a1', 'f1', false],
    ['a rook moves along an open rank', '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 'a1', 'd1', true],
    ['a bishop does not pass through a piece', '4k3/8/8/8/8/2p5/8/B3K3 w - - 0 1', 'a1', 'd4', false],
    ['a bishop captures the first piece in its path', '4k3/8/8/8/8/2p5/8/B3K3 w - - 0 1', 'a1', 'c3', true],
    ['a pawn does not capture straight ahead', '4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1', 'e2', 'e3', false],
    ['a blocked pawn has no double step', '4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1', 'e2', 'e4', false],
    ['a pawn steps twice from its own rank', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', 'e2', 'e4', true],
    ['a pawn captures diagonally', '4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1', 'e2', 'd3', true],
    ['nor diagonally onto an empty square', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', 'e2', 'd3', false],
    [
      'en passant onto the FEN’s square',
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
      'e5',
      'f6',
      true,
    ],
    [
      'en passant whose capture is pinned still moves like a pawn',
      '8/8/8/KPp4r/8/8/8/7k w - c6 0 2',
      'b5',
      'c6',
      true,
    ],
    ['the king steps into check (its own safety aside)', '4k3/8/8/8/8/8/5r2/4K3 w - - 0 1', 'e1', 'f1', true],
    ['the king does not step twice', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'e1', 'e3', false],
    ['castling through check is not a king’s move', '4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1', 'e1', 'g1', false],
    ['castling that is allowed', '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', 'e1', 'c1', true],
    ['the side not to move moves like nothing', '4k3/8/8/8/8/8/4N3/4K3 b - - 0 1', 'e2', 'c3', false],
    ['an empty square moves like nothing', '4k3/8/8/8/8/8/4N3/4K3 w - - 0 1', 'd2', 'd3', false],
    ['a garbled FEN moves like nothing', 'not a position', 'e2', 'e4', false],
  ] as const)('%s', (_name, fen, from, to, expected) => {
    expect(movesLikeThat(fen, from, to)).toBe(expected);
  });
});
