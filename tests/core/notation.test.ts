// Move notation, reading and writing: the NT-05 seed examples of spec 2.16.4, input tolerance,
// styles, and bad input in every notation (an error with a stable code, never an exception).
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../helpers/prng.ts';
import {
  FIDE1980_SAN,
  FIGURINE_PIECE_LETTERS,
  formatGameMoves,
  formatMove,
  GERMAN_PIECE_LETTERS,
  legalMoves,
  NOTATION_ERROR_CODES,
  NOTATIONS,
  parseMove,
  PGN_SAN,
  START_FEN,
  uedemannSquare,
  type Notation,
  type Square,
} from '../../src/core/index.ts';
import { describeNotationError } from '../../src/speech/notationErrors.ts';

const CASTLE_W = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const CASTLE_B = 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1';
const PROMOTE_C7 = '8/2P4k/8/8/8/8/8/K7 w - - 0 1';
const PROMOTE_F2_BLACK = 'K7/8/8/8/8/8/5p2/7k b - - 0 1';
const KNIGHTS_SAME_RANK = '4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1'; // g1 and d2: rule 9 (1)
const KNIGHTS_SAME_FILE = '4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1'; // g5 and g1: rule 9 (2)
const KNIGHTS_APART = '4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1'; // h2 and d4: rule 9 (3)
const PAWNS_ON_D5 = '4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1';
const WHITE_PROMOTIONS = '8/3P1P2/7k/8/8/8/8/K7 w - - 0 1';
const BLACK_PROMOTIONS = '8/8/8/8/7K/8/1p4p1/k7 b - - 0 1';
const EN_PASSANT = '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2';

function fmt(fen: string, uci: string, notation: Notation, style = FIDE1980_SAN): string {
  const r = formatMove(fen, uci, notation, style);
  if (!r.ok) throw new Error(`${uci} in ${fen}: ${describeNotationError('en', r.error)}`);
  return r.value;
}

function uciOf(fen: string, text: string, notation: Notation | 'auto' = 'auto'): string {
  const r = parseMove(fen, text, notation);
  return r.ok ? r.value.uci : `error:${r.error.code}`;
}

describe('NT-05 seed examples (spec 2.16.4)', () => {
  test('e2-e4 = 5254 = GEGO', () => {
    expect(fmt(START_FEN, 'e2e4', 'long')).toBe('e2-e4');
    expect(fmt(START_FEN, 'e2e4', 'correspondence')).toBe('5254');
    expect(fmt(START_FEN, 'e2e4', 'uedemann')).toBe('GEGO');
    expect(fmt(START_FEN, 'e2e4', 'san')).toBe('e4');
    for (const text of ['e2-e4', '5254', 'GEGO', 'e4', 'e2e4'])
      expect(uciOf(START_FEN, text), text).toBe('e2e4');
  });

  test('O-O = 5171 / GAKA for White, 5878 / SAWA for Black; O-O-O = 5131 / GADA, 5838 / SAPA', () => {
    expect(fmt(CASTLE_W, 'e1g1', 'san')).toBe('O-O');
    expect(fmt(CASTLE_W, 'e1g1', 'correspondence')).toBe('5171');
    expect(fmt(CASTLE_W, 'e1g1', 'uedemann')).toBe('GAKA');
    expect(fmt(CASTLE_B, 'e8g8', 'correspondence')).toBe('5878');
    expect(fmt(CASTLE_B, 'e8g8', 'uedemann')).toBe('SAWA');
    expect(fmt(CASTLE_W, 'e1c1', 'san')).toBe('O-O-O');
    expect(fmt(CASTLE_W, 'e1c1', 'correspondence')).toBe('5131');
    expect(fmt(CASTLE_W, 'e1c1', 'uedemann')).toBe('GADA');
    expect(fmt(CASTLE_B, 'e8c8', 'correspondence')).toBe('5838');
    expect(fmt(CASTLE_B, 'e8c8', 'uedemann')).toBe('SAPA');
    expect(uciOf(CASTLE_W, '5171')).toBe('e1g1');
    expect(uciOf(CASTLE_W, 'GAKA')).toBe('e1g1');
    expect(uciOf(CASTLE_B, '5878')).toBe('e8g8');
    expect(uciOf(CASTLE_B, 'SAWA')).toBe('e8g8');
    expect(uciOf(CASTLE_W, 'GADA')).toBe('e1c1');
    expect(uciOf(CASTLE_B, '5838')).toBe('e8c8');
  });

  test('3731 = c7-c8=Q', () => {
    expect(fmt(PROMOTE_C7, 'c7c8q', 'correspondence')).toBe('3731');
    expect(uciOf(PROMOTE_C7, '3731')).toBe('c7c8q');
    expect(fmt(PROMOTE_C7, 'c7c8q', 'long', PGN_SAN)).toBe('c7-c8=Q');
  });

  test('6264 = f2-f1=N (Black)', () => {
    expect(fmt(PROMOTE_F2_BLACK, 'f2f1n', 'correspondence')).toBe('6264');
    expect(uciOf(PROMOTE_F2_BLACK, '6264')).toBe('f2f1n');
    expect(fmt(PROMOTE_F2_BLACK, 'f2f1n', 'long', PGN_SAN)).toBe('f2-f1=N');
  });

  test('rule 9 (1): knights on the same rank are told apart by file: Ngf3 / Ndf3', () => {
    expect(fmt(KNIGHTS_SAME_RANK, 'g1f3', 'san')).toBe('Ngf3');
    expect(fmt(KNIGHTS_SAME_RANK, 'd2f3', 'san')).toBe('Ndf3');
    expect(uciOf(KNIGHTS_SAME_RANK, 'Ngf3')).toBe('g1f3');
    expect(uciOf(KNIGHTS_SAME_RANK, 'Ndf3')).toBe('d2f3');
  });

  test('rule 9 (2): knights on the same file are told apart by rank: N5f3 / N1f3', () => {
    expect(fmt(KNIGHTS_SAME_FILE, 'g5f3', 'san')).toBe('N5f3');
    expect(fmt(KNIGHTS_SAME_FILE, 'g1f3', 'san')).toBe('N1f3');
    expect(uciOf(KNIGHTS_SAME_FILE, 'N5f3')).toBe('g5f3');
    expect(uciOf(KNIGHTS_SAME_FILE, 'N1f3')).toBe('g1f3');
  });

  test('rule 9 (3): knights on different rank and file: the file is preferred, Nhf3 / Ndf3', () => {
    expect(fmt(KNIGHTS_APART, 'h2f3', 'san')).toBe('Nhf3');
    expect(fmt(KNIGHTS_APART, 'd4f3', 'san')).toBe('Ndf3');
    expect(uciOf(KNIGHTS_APART, 'Nhf3')).toBe('h2f3');
    expect(uciOf(KNIGHTS_APART, 'N2f3')).toBe('h2f3');
  });

  test('rule 9 with capture: the x goes between, Ngxf3 / N5xf3 / Nhxf3', () => {
    expect(fmt('4k3/8/8/8/8/5p2/3N4/4K1N1 w - - 0 1', 'g1f3', 'san')).toBe('Ngxf3');
    expect(fmt('4k3/8/8/6N1/8/5p2/8/4K1N1 w - - 0 1', 'g5f3', 'san')).toBe('N5xf3');
    expect(fmt('4k3/8/8/8/3N4/5p2/7N/4K3 w - - 0 1', 'h2f3', 'san')).toBe('Nhxf3');
  });

  test('rule 10: two pawns able to capture the same unit: cxd5 / exd5', () => {
    expect(fmt(PAWNS_ON_D5, 'c4d5', 'san')).toBe('cxd5');
    expect(fmt(PAWNS_ON_D5, 'e4d5', 'san')).toBe('exd5');
    expect(uciOf(PAWNS_ON_D5, 'cxd5')).toBe('c4d5');
    expect(uciOf(PAWNS_ON_D5, 'exd5')).toBe('e4d5');
    expect(uciOf(PAWNS_ON_D5, 'xd5')).toBe('error:ambiguous');
  });

  test('rule 11: promotion written d8Q, f8N, b1B, g1R', () => {
    expect(fmt(WHITE_PROMOTIONS, 'd7d8q', 'san')).toBe('d8Q');
    expect(fmt(WHITE_PROMOTIONS, 'f7f8n', 'san')).toBe('f8N');
    expect(fmt(BLACK_PROMOTIONS, 'b2b1b', 'san')).toBe('b1B');
    expect(fmt(BLACK_PROMOTIONS, 'g2g1r', 'san')).toBe('g1R');
    expect(fmt(WHITE_PROMOTIONS, 'd7d8q', 'san', PGN_SAN)).toBe('d8=Q');
    for (const [fen, text, uci] of [
      [WHITE_PROMOTIONS, 'd8Q', 'd7d8q'],
      [WHITE_PROMOTIONS, 'f8N', 'f7f8n'],
      [BLACK_PROMOTIONS, 'b1B', 'b2b1b'],
      [BLACK_PROMOTIONS, 'g1R', 'g2g1r'],
    ] as const)
      expect(uciOf(fen, text), text).toBe(uci);
  });
});

describe('the Uedemann table (spec 2.16.3)', () => {
  test('every square has the two letters of the table', () => {
    const table: Record<string, string> = {
      8: 'MA NA PA RA SA TA WA ZA',
      7: 'ME NE PE RE SE TE WE ZE',
      6: 'MI NI PI RI SI TI WI ZI',
      5: 'MO NO PO RO SO TO WO ZO',
      4: 'BO CO DO FO GO HO KO LO',
      3: 'BI CI DI FI GI HI KI LI',
      2: 'BE CE DE FE GE HE KE LE',
      1: 'BA CA DA FA GA HA KA LA',
    };
    for (const [rank, row] of Object.entries(table))
      row.split(' ').forEach((code, file) => {
        expect(uedemannSquare(`${'abcdefgh'[file]}${rank}` as Square)).toBe(code);
      });
  });

  test('checklist 82: the seeds have no promotion form, so a promotion is refused both ways', () => {
    const c8q = formatMove(PROMOTE_C7, 'c7c8q', 'uedemann');
    expect(c8q.ok).toBe(false);
    if (!c8q.ok) expect(describeNotationError('en', c8q.error)).toMatch(/no form for a promotion/);
    expect(uciOf(PROMOTE_C7, 'PEPAQ')).toBe('error:noSeedForm');
    expect(uciOf(PROMOTE_C7, 'PEPA')).toBe('error:noSeedForm');
    expect(uciOf(PROMOTE_C7, 'PEPA=R')).toBe('error:noSeedForm');
    // Every other move keeps its group.
    expect(fmt(START_FEN, 'e2e4', 'uedemann')).toBe('GEGO');
  });

  test('input in any case', () => {
    expect(uciOf(START_FEN, 'gego')).toBe('e2e4');
    expect(uciOf(START_FEN, 'GeGo')).toBe('e2e4');
    expect(uciOf(START_FEN, 'kahi', 'uedemann')).toBe('g1f3');
  });
});

describe('correspondence promotion form (000 Supp. 2A)', () => {
  test('a capture that promotes: b7xa8=N is 2714', () => {
    const fen = 'r6k/1P6/8/8/8/8/8/7K w - - 0 1';
    expect(fmt(fen, 'b7a8n', 'correspondence')).toBe('2714');
    expect(uciOf(fen, '2714')).toBe('b7a8n');
    expect(uciOf(fen, '2721')).toBe('b7b8q');
  });

  test('a pawn on its seventh rank is always read in promotion form, so no number means two moves', () => {
    // Black's 3231 is c2-c1=Q (file 3, piece 1), never "c2 to c1 without a piece".
    expect(uciOf('K7/8/8/8/8/8/2p5/7k b - - 0 1', '3231')).toBe('c2c1q');
    expect(uciOf(PROMOTE_C7, '3738')).toBe('error:promotionPieceMissing');
    expect(uciOf(PROMOTE_C7, '3735')).toBe('error:wrongPromotionPiece');
    expect(uciOf(PROMOTE_C7, '3741')).toBe('error:illegal');
  });

  test('the same digits are an ordinary move when no pawn is about to promote', () => {
    expect(uciOf('7k/8/8/8/8/8/2R5/K7 w - - 0 1', '3231')).toBe('c2c1');
  });
});

describe('short algebraic input tolerance (NT-04)', () => {
  test.each([
    ['Nf3', 'g1f3'],
    ['Ng1f3', 'g1f3'],
    ['Ng1-f3', 'g1f3'],
    ['Nf3+', 'g1f3'],
    ['Nf3!?', 'g1f3'],
    ['N f3', 'g1f3'],
    ['Pe4', 'e2e4'],
    ['e4!!', 'e2e4'],
    ['e2–e4', 'e2e4'],
    ['e2—e4', 'e2e4'],
  ])('%s', (text, uci) => {
    expect(uciOf(START_FEN, text, 'san')).toBe(uci);
  });

  test.each([
    ['O-O', 'e1g1'],
    ['0-0', 'e1g1'],
    ['o-o', 'e1g1'],
    ['OO', 'e1g1'],
    ['O—O', 'e1g1'],
    ['0–0', 'e1g1'],
    ['O-O-O', 'e1c1'],
    ['0-0-0', 'e1c1'],
    ['O—O—O', 'e1c1'],
    ['O-O+', 'e1g1'],
  ])('castling %s', (text, uci) => {
    expect(uciOf(CASTLE_W, text)).toBe(uci);
  });

  test('the 1972 dash before the arrival square: N-f3, Ng-f3, N1-f3 (002 Supp. 1)', () => {
    expect(uciOf(START_FEN, 'N-f3')).toBe('g1f3');
    expect(uciOf(KNIGHTS_SAME_RANK, 'Ng—f3')).toBe('g1f3');
    expect(uciOf(KNIGHTS_SAME_FILE, 'N1 — f3')).toBe('g1f3');
    expect(uciOf(KNIGHTS_SAME_RANK, 'N-f3')).toBe('error:ambiguous');
  });

  test('a pawn written by its arrival square alone moves straight ahead, never captures (rules 7, 8)', () => {
    const single = '4k3/8/8/3p4/2P5/8/8/4K3 w - - 0 1';
    const r = parseMove(single, 'd5');
    expect(r).toMatchObject({ ok: false, error: { code: 'illegal' } });
    expect(!r.ok && describeNotationError('en', r.error)).toContain('cxd5');
    expect(uciOf(EN_PASSANT, 'd6')).toBe('error:illegal');
    expect(uciOf(single, 'c5')).toBe('c4c5');
  });

  test('x and : are optional, but x on a non-capture is refused', () => {
    expect(uciOf(PAWNS_ON_D5, 'cd5')).toBe('c4d5');
    expect(uciOf(PAWNS_ON_D5, 'c:d5')).toBe('c4d5');
    expect(uciOf(PAWNS_ON_D5, 'c4:d5')).toBe('c4d5');
    expect(uciOf(START_FEN, 'Nxf3')).toBe('error:notACapture');
    expect(uciOf(START_FEN, 'e2xe4')).toBe('error:notACapture');
  });

  test('promotion as d8Q, d8=Q, d8/Q, d8(Q)', () => {
    for (const text of ['d8Q', 'd8=Q', 'd8/Q', 'd8(Q)', 'd7-d8Q', 'd7d8q', 'd8=Q+'])
      expect(uciOf(WHITE_PROMOTIONS, text), text).toBe('d7d8q');
    expect(uciOf(WHITE_PROMOTIONS, 'd8')).toBe('error:promotionPieceMissing');
    expect(uciOf(WHITE_PROMOTIONS, 'd8K')).toBe('error:wrongPromotionPiece');
    expect(uciOf(WHITE_PROMOTIONS, 'd8=P')).toBe('error:wrongPromotionPiece');
    expect(uciOf(START_FEN, 'e4Q')).toBe('error:notAPromotion');
  });

  test('lowercase letters are files: b4 is a pawn, Bb4 a bishop, bc3 a b-pawn capture', () => {
    const fen = 'rnbqkbnr/ppp1pppp/8/8/2Pp4/1P6/P2PPPPP/RNBQKBNR b KQkq - 0 3';
    expect(uciOf(fen, 'b5')).toBe('b7b5');
    expect(uciOf(fen, 'nf6')).toBe('error:unreadable');
    const r = parseMove(fen, 'nf6');
    expect(!r.ok && describeNotationError('en', r.error)).toContain('Nf6');
    const bishop = '4k3/8/8/8/8/2p5/1P6/4K1B1 w - - 0 1';
    expect(uciOf(bishop, 'bc3')).toBe('b2c3');
    expect(uciOf(bishop, 'Bc3')).toBe('error:illegal');
  });

  test('en passant: rule 8 writes the arrival square and e.p.; the suffix must be true', () => {
    expect(fmt(EN_PASSANT, 'e5d6', 'san')).toBe('exd6 e.p.');
    expect(fmt(EN_PASSANT, 'e5d6', 'san', PGN_SAN)).toBe('exd6');
    expect(fmt(EN_PASSANT, 'e5d6', 'long')).toBe('e5xd6 e.p.');
    for (const text of ['exd6 e.p.', 'exd6e.p.', 'exd6 ep', 'exd6', 'ed6', 'e5xd6 e.p.'])
      expect(uciOf(EN_PASSANT, text), text).toBe('e5d6');
    expect(uciOf(EN_PASSANT, 'e6 e.p.')).toBe('error:notEnPassant');
  });

  test('mate is ++ (FIDE 1980) or # (PGN); check is +', () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
    expect(fmt(fen, 'a1a8', 'san')).toBe('Ra8++');
    expect(fmt(fen, 'a1a8', 'san', PGN_SAN)).toBe('Ra8#');
    expect(fmt(fen, 'a1a8', 'long')).toBe('Ra1-a8++');
    expect(uciOf(fen, 'Ra8++')).toBe('a1a8');
    expect(uciOf(fen, 'Ra8#')).toBe('a1a8');
    expect(fmt('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 'a1a8', 'san')).toBe('Ra8+');
  });

  test('castling may be written with the digit 0 (002 Supp. 1)', () => {
    expect(fmt(CASTLE_W, 'e1c1', 'san', { ...FIDE1980_SAN, castling: '0' })).toBe('0-0-0');
  });

  test('national piece initials (Supp. No. 1 rule 2) in output and input', () => {
    const german = { ...FIDE1980_SAN, pieceLetters: GERMAN_PIECE_LETTERS };
    expect(fmt(START_FEN, 'g1f3', 'san', german)).toBe('Sf3');
    expect(fmt(START_FEN, 'g1f3', 'long', german)).toBe('Sg1-f3');
    expect(fmt(WHITE_PROMOTIONS, 'd7d8q', 'san', german)).toBe('d8D');
    const r = parseMove(START_FEN, 'Sf3', 'san', { pieceLetters: GERMAN_PIECE_LETTERS });
    expect(r.ok && r.value).toEqual({ uci: 'g1f3', san: 'Nf3' });
    expect(parseMove(WHITE_PROMOTIONS, 'd8D', 'san', { pieceLetters: GERMAN_PIECE_LETTERS })).toMatchObject({
      ok: true,
      value: { uci: 'd7d8q' },
    });
    const clash = { k: 'K', q: 'K', r: 'R', b: 'B', n: 'N' };
    expect(parseMove(START_FEN, 'Nf3', 'san', { pieceLetters: clash })).toMatchObject({
      ok: false,
      error: { code: 'badPieceLetters' },
    });
  });

  test('figurines (rule 2, "recommended in printed publications") in output and input', () => {
    const printed = { ...FIDE1980_SAN, pieceLetters: FIGURINE_PIECE_LETTERS };
    expect(fmt(START_FEN, 'g1f3', 'san', printed)).toBe('♘f3');
    expect(fmt(START_FEN, 'g1f3', 'long', printed)).toBe('♘g1-f3');
    expect(fmt(WHITE_PROMOTIONS, 'f7f8n', 'san', printed)).toBe('f8♘');
    expect(uciOf(START_FEN, '♘f3')).toBe('g1f3');
    expect(uciOf(START_FEN, '♘g1-f3')).toBe('g1f3');
    expect(uciOf('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', '♞f6')).toBe('g8f6');
    expect(uciOf(WHITE_PROMOTIONS, 'f8♘')).toBe('f7f8n');
    const german = parseMove(START_FEN, '♘f3', 'san', { pieceLetters: GERMAN_PIECE_LETTERS });
    expect(german.ok && german.value.uci).toBe('g1f3');
  });

  test('the san of a parse result is standard PGN SAN', () => {
    expect(parseMove(WHITE_PROMOTIONS, '4741')).toMatchObject({
      ok: true,
      value: { uci: 'd7d8q', san: 'd8=Q' },
    });
    expect(parseMove(CASTLE_W, 'GAKA')).toMatchObject({ ok: true, value: { san: 'O-O' } });
  });
});

describe('a whole game in one notation', () => {
  test('formatGameMoves writes the score in the chosen notation', () => {
    const game = { startFen: CASTLE_W, moves: ['e1g1', 'e8c8', 'a1a7'] };
    expect(formatGameMoves(game, 'san')).toEqual(['O-O', 'O-O-O', 'Ra7']);
    expect(formatGameMoves(game, 'long')).toEqual(['O-O', 'O-O-O', 'Ra1-a7']);
    expect(formatGameMoves(game, 'correspondence')).toEqual(['5171', '5838', '1117']);
    expect(formatGameMoves(game, 'uedemann')).toEqual(['GAKA', 'SAPA', 'BAME']);
  });
});

describe('long algebraic', () => {
  test('writes piece letter, departure, - or x, arrival', () => {
    expect(fmt(START_FEN, 'g1f3', 'long')).toBe('Ng1-f3');
    expect(fmt(PAWNS_ON_D5, 'e4d5', 'long')).toBe('e4xd5');
    expect(fmt(CASTLE_W, 'e1g1', 'long')).toBe('O-O');
    expect(fmt(WHITE_PROMOTIONS, 'd7d8q', 'long')).toBe('d7-d8Q');
  });

  test('reads with or without the piece letter, but a wrong letter is refused', () => {
    expect(uciOf(START_FEN, 'Ng1-f3', 'long')).toBe('g1f3');
    expect(uciOf(START_FEN, 'g1-f3', 'long')).toBe('g1f3');
    expect(uciOf(START_FEN, 'Bg1-f3', 'long')).toBe('error:illegal');
    expect(uciOf(START_FEN, 'Ng1xf3', 'long')).toBe('error:notACapture');
    expect(uciOf(PAWNS_ON_D5, 'e4-d5', 'long')).toBe('e4d5');
  });
});

describe('bad input: an error with a code, never an exception', () => {
  test.each([
    ['empty string', START_FEN, '', 'auto', 'empty'],
    ['only spaces', START_FEN, '   ', 'auto', 'empty'],
    ['garbled FEN', 'rnbqkbnr/pppppppp/8/8 w', 'e4', 'auto', 'invalidFen'],
    ['empty FEN', '', 'e4', 'san', 'invalidFen'],
    ['SAN illegal', START_FEN, 'e5', 'san', 'illegal'],
    ['SAN ambiguous', KNIGHTS_SAME_RANK, 'Nf3', 'san', 'ambiguous'],
    ['SAN unreadable', START_FEN, 'hello', 'san', 'unreadable'],
    ['SAN square off the board', START_FEN, 'e9', 'san', 'unreadable'],
    ['castling not allowed', START_FEN, 'O-O', 'san', 'illegal'],
    ['long illegal', START_FEN, 'e2-e5', 'long', 'illegal'],
    ['long ambiguous promotion', WHITE_PROMOTIONS, 'd7-d8', 'long', 'promotionPieceMissing'],
    ['long unreadable', START_FEN, 'e4', 'long', 'unreadable'],
    ['UCI illegal', START_FEN, 'e2e5', 'uci', 'illegal'],
    ['UCI empty square', START_FEN, 'e4e5', 'uci', 'illegal'],
    ['UCI promotion missing', PROMOTE_C7, 'c7c8', 'uci', 'promotionPieceMissing'],
    ['UCI unreadable', START_FEN, 'e2-e4', 'uci', 'unreadable'],
    ['UCI promote to king', PROMOTE_C7, 'c7c8k', 'uci', 'wrongPromotionPiece'],
    ['correspondence illegal', START_FEN, '5255', 'correspondence', 'illegal'],
    ['correspondence no such square', START_FEN, '5290', 'correspondence', 'unreadable'],
    ['correspondence unreadable', START_FEN, '525', 'correspondence', 'unreadable'],
    ['correspondence opponent piece', START_FEN, '5755', 'correspondence', 'illegal'],
    ['Uedemann illegal', START_FEN, 'GEGA', 'uedemann', 'illegal'],
    ['Uedemann not a square', START_FEN, 'GXGO', 'uedemann', 'unreadable'],
    ['Uedemann vowel U', START_FEN, 'GEGU', 'uedemann', 'unreadable'],
    ['Uedemann promotion has no seed form', PROMOTE_C7, 'PEPA', 'uedemann', 'noSeedForm'],
    ['auto nonsense', START_FEN, 'xyzzy', 'auto', 'unreadable'],
    ['move after mate', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1', 'Kf8', 'auto', 'illegal'],
  ] as const)('%s', (_name, fen, text, notation, code) => {
    const r = parseMove(fen, text, notation);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(describeNotationError('en', r.error).length).toBeGreaterThan(5);
    }
  });

  test('ambiguous SAN lists the candidate moves', () => {
    const r = parseMove(KNIGHTS_SAME_RANK, 'Nf3');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.candidates).toEqual(expect.arrayContaining(['g1f3', 'd2f3']));
      expect(describeNotationError('en', r.error)).toContain('Ngf3');
      expect(describeNotationError('en', r.error)).toContain('Ndf3');
    }
  });

  test('values that are not text at all (from untyped callers) are refused, not thrown on', () => {
    const loose = parseMove as (fen: unknown, text: unknown) => ReturnType<typeof parseMove>;
    expect(loose(undefined, 'e4')).toMatchObject({ ok: false, error: { code: 'invalidFen' } });
    expect(loose(START_FEN, null)).toMatchObject({ ok: false, error: { code: 'empty' } });
    const looseFormat = formatMove as (
      fen: unknown,
      uci: unknown,
      n: Notation,
    ) => ReturnType<typeof formatMove>;
    expect(looseFormat(42, 'e2e4', 'san')).toMatchObject({ ok: false, error: { code: 'invalidFen' } });
    expect(looseFormat(START_FEN, {}, 'san')).toMatchObject({ ok: false, error: { code: 'unreadable' } });
    const anyNotation = parseMove as (fen: string, text: string, n: unknown) => ReturnType<typeof parseMove>;
    expect(anyNotation(START_FEN, 'e4', 'descriptive')).toMatchObject({
      ok: false,
      error: { code: 'unknownNotation' },
    });
    expect(looseFormat(START_FEN, 'e2e4', 'braille' as Notation)).toMatchObject({
      ok: false,
      error: { code: 'unknownNotation' },
    });
  });

  test('formatMove refuses an illegal, unreadable or out-of-position move', () => {
    expect(formatMove(START_FEN, 'e2e5', 'san')).toMatchObject({ ok: false, error: { code: 'illegal' } });
    expect(formatMove(START_FEN, 'zz', 'san')).toMatchObject({ ok: false, error: { code: 'unreadable' } });
    expect(formatMove('nonsense', 'e2e4', 'san')).toMatchObject({ ok: false, error: { code: 'invalidFen' } });
  });

  test('fuzz: 20 000 random strings never throw and never produce a move that is not legal', () => {
    const next = mulberry32(0x2f6e2b1);
    const alphabet = 'abcdefghKQRBNPOo0123456789xX:-=/()+#!?. eEpPGAKSWMZ—–€\u0000\n[]{}';
    const fens = [START_FEN, CASTLE_W, WHITE_PROMOTIONS, BLACK_PROMOTIONS, EN_PASSANT, KNIGHTS_APART];
    const notations = ['auto', ...NOTATIONS] as const;
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const length = Math.floor(next() * 9);
      let text = '';
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
      const fen = fens[i % fens.length] as string;
      const notation = notations[i % notations.length] ?? 'auto';
      const r = parseMove(fen, text, notation);
      if (r.ok) {
        accepted++;
        expect(legalMoves(fen).map((m) => m.uci)).toContain(r.value.uci);
      } else expect(NOTATION_ERROR_CODES).toContain(r.error.code);
    }
    // The alphabet is rich enough that some random strings are real moves.
    expect(accepted).toBeGreaterThan(0);
  });
});
