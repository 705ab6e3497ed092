// The core sends codes, never English (issue 27): every case of a notation error, every FEN problem
// and every PGN error code has its words in both languages (speech/notationErrors.ts,
// speech/pgnErrors.ts); the English ones are the sentences the core used to write, the German ones
// reach a German player who types a move or imports a PGN file.
import { describe, expect, test } from 'vitest';
import {
  importPgn,
  parseMove,
  PGN_ERROR_CODES,
  type FenProblem,
  type NotationError,
  type PgnError,
  type PgnErrorCode,
} from '../../src/core/index.ts';
import { parseCommandLine } from '../../src/input/commandLine.ts';
import { describeFenProblem, describeNotationError } from '../../src/speech/notationErrors.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** One error of every case (the type makes the list complete). */
const CASES: { readonly [R in NotationError['reason']]: NotationError & { readonly reason: R } } = {
  noMove: { code: 'empty', reason: 'noMove' },
  badPosition: { code: 'invalidFen', reason: 'badPosition', fen: { problem: 'missingKing', color: 'w' } },
  notAMove: { code: 'unreadable', reason: 'notAMove', text: 'zz' },
  notationsDisagree: {
    code: 'ambiguous',
    reason: 'notationsDisagree',
    text: 'x',
    readings: [
      { notation: 'san', san: 'Nf3' },
      { notation: 'uci', san: 'Nc3' },
    ],
  },
  unknownNotation: { code: 'unknownNotation', reason: 'unknownNotation', text: 'nope' },
  notALetter: { code: 'badPieceLetters', reason: 'notALetter', letter: 'O' },
  sharedLetter: { code: 'badPieceLetters', reason: 'sharedLetter', letters: ['K', 'K', 'R', 'B', 'N'] },
  notFromTo: { code: 'unreadable', reason: 'notFromTo', text: 'zz' },
  notLegalUci: { code: 'illegal', reason: 'notLegalUci', text: 'e2e5' },
  noPiece: { code: 'illegal', reason: 'noPiece', from: 'e3' },
  notYourPiece: { code: 'illegal', reason: 'notYourPiece', piece: 'n', from: 'g8', color: 'b', turn: 'w' },
  gameOver: { code: 'illegal', reason: 'gameOver', ending: 'checkmate' },
  cannotMove: { code: 'illegal', reason: 'cannotMove', piece: 'q', from: 'd1', to: 'd3', inCheck: 'w' },
  notLegalHere: { code: 'illegal', reason: 'notLegalHere' },
  severalMoves: { code: 'ambiguous', reason: 'severalMoves' },
  promotionNotLegal: { code: 'illegal', reason: 'promotionNotLegal' },
  noUedemannPromotion: { code: 'noSeedForm', reason: 'noUedemannPromotion' },
  notAPromotion: { code: 'notAPromotion', reason: 'notAPromotion', from: 'e2', to: 'e4', promotion: 'q' },
  promotionPieceMissing: {
    code: 'promotionPieceMissing',
    reason: 'promotionPieceMissing',
    from: 'c7',
    to: 'c8',
  },
  notAPieceLetter: { code: 'unreadable', reason: 'notAPieceLetter', letter: 'X' },
  notAUciPromotion: { code: 'wrongPromotionPiece', reason: 'notAUciPromotion', letter: 'k' },
  notAPromotionPiece: { code: 'wrongPromotionPiece', reason: 'notAPromotionPiece', piece: 'k' },
  castlingIllegal: { code: 'illegal', reason: 'castlingIllegal', side: 'queen' },
  notEnPassant: { code: 'notEnPassant', reason: 'notEnPassant', san: 'e6' },
  nothingCaptured: { code: 'notACapture', reason: 'nothingCaptured', san: 'Nf3' },
  otherPiece: { code: 'illegal', reason: 'otherPiece', from: 'g1', piece: 'n', named: 'b', letter: 'B' },
  pawnCaptureNeedsFile: {
    code: 'illegal',
    reason: 'pawnCaptureNeedsFile',
    text: 'd5',
    to: 'd5',
    example: 'cxd5',
  },
  whichPiece: { code: 'ambiguous', reason: 'whichPiece', text: 'Nf3', sans: ['Ngf3', 'Ndf3'] },
  notSan: { code: 'unreadable', reason: 'notSan', text: 'nf6', capitals: 'Nf6' },
  noSuchMove: {
    code: 'illegal',
    reason: 'noSuchMove',
    text: 'Ke3',
    piece: 'k',
    origin: '',
    to: 'e3',
    bishopHint: false,
  },
  notLong: { code: 'unreadable', reason: 'notLong', text: 'x' },
  notUci: { code: 'unreadable', reason: 'notUci', text: 'x' },
  notCorrespondence: { code: 'unreadable', reason: 'notCorrespondence', text: 'x' },
  notUedemann: { code: 'unreadable', reason: 'notUedemann', text: 'x' },
  notADigitSquare: { code: 'unreadable', reason: 'notADigitSquare', digits: '99' },
  notADigitFile: { code: 'unreadable', reason: 'notADigitFile', digit: '9' },
  digitPromotion: { code: 'wrongPromotionPiece', reason: 'digitPromotion', from: 'c7', example: '3731' },
  notAUedemannSquare: { code: 'unreadable', reason: 'notAUedemannSquare', pair: 'XA' },
};

const FEN_PROBLEMS: readonly FenProblem[] = [
  ...(
    [
      'empty',
      'fields',
      'moveNumber',
      'halfmoveClock',
      'enPassantSquare',
      'castling',
      'sideToMove',
      'rows',
      'consecutiveDigits',
      'unknownPiece',
      'rankLength',
      'enPassantRank',
      'pawnsOnEdge',
      'invalid',
    ] as const
  ).map((problem) => ({ problem })),
  { problem: 'missingKing', color: 'b' },
  { problem: 'tooManyKings', color: 'w' },
];

/** One error of every PGN code, with the facts its words need. */
const PGN_CASES: Readonly<Record<PgnErrorCode, PgnError>> = {
  empty: { code: 'empty' },
  badTag: { code: 'badTag', line: 3, gameNumber: 2 },
  unterminatedComment: { code: 'unterminatedComment', line: 3 },
  unterminatedVariation: { code: 'unterminatedVariation', line: 3 },
  unexpectedToken: { code: 'unexpectedToken', line: 3, token: '}' },
  invalidFen: { code: 'invalidFen', line: 3, fen: { problem: 'rows' } },
  unreadableMove: {
    code: 'unreadableMove',
    line: 3,
    ply: 4,
    move: 'banana',
    moveNumber: 2,
    side: 'b',
    moveError: CASES.notSan,
  },
  illegalMove: {
    code: 'illegalMove',
    line: 3,
    ply: 3,
    move: 'Ke3',
    moveNumber: 2,
    side: 'w',
    moveError: CASES.noSuchMove,
  },
  truncated: { code: 'truncated', line: 3, result: '1-0' },
  noMoves: { code: 'noMoves', line: 3 },
  multipleGames: { code: 'multipleGames', gameNumber: 2, games: 2 },
  variant: { code: 'variant', line: 3, variant: 'Atomic' },
};

describe.each(['en', 'de'] as const)('every case has its words in %s', (locale) => {
  test('notation errors', () => {
    for (const e of Object.values(CASES)) {
      const text = describeNotationError(locale, e);
      expect(text, `${locale} ${e.reason}`).not.toMatch(/\{|undefined/);
      expect(text.length, `${locale} ${e.reason}`).toBeGreaterThan(5);
    }
  });

  test('FEN problems', () => {
    for (const fen of FEN_PROBLEMS) expect(describeFenProblem(locale, fen)).not.toMatch(/\{|undefined/);
  });

  test('PGN errors', () => {
    expect(Object.keys(PGN_CASES).sort()).toEqual([...PGN_ERROR_CODES].sort());
    for (const e of Object.values(PGN_CASES))
      expect(describePgnError(locale, e), `${locale} ${e.code}`).not.toMatch(/\{|undefined/);
  });
});

test('the German words are German, not the English ones', () => {
  for (const e of Object.values(CASES))
    expect(describeNotationError('de', e), e.reason).not.toBe(describeNotationError('en', e));
  for (const e of Object.values(PGN_CASES))
    expect(describePgnError('de', e), e.code).not.toBe(describePgnError('en', e));
});

test('a move typed on the command line is refused in the player’s language', () => {
  const en = parseCommandLine(START, 'e5');
  const de = parseCommandLine(START, 'e5', { locale: 'de' });
  expect(!en.ok && en.error.message).toBe('“e5”: no pawn can move to e5.');
  expect(!de.ok && de.error.message).toBe('„e5“: kein Bauer kann nach e5 ziehen.');
  const letters = parseMove(START, 'Bg1-f3', 'long');
  expect(!letters.ok && describeNotationError('de', letters.error)).toBe(
    'Auf g1 steht ein Springer, kein Läufer.',
  );
  const black = parseMove(START, 'Ng8-f6', 'long');
  expect(!black.ok && describeNotationError('de', black.error)).toBe(
    'Auf g8 steht ein Springer von Schwarz; Weiß ist am Zug.',
  );
});

test('an unreadable PGN import is told in the player’s language', () => {
  const r = importPgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *');
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(describePgnError('en', r.error)).toBe(
    'Line 3: ply 3 (2. Ke3, White): “Ke3”: no king can move to e3.',
  );
  expect(describePgnError('de', r.error)).toBe(
    'Zeile 3: Halbzug 3 (2. Ke3, Weiß): „Ke3“: kein König kann nach e3 ziehen.',
  );
  const fen = importPgn('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *');
  expect(!fen.ok && describePgnError('de', fen.error)).toBe(
    'Zeile 1: der FEN-Tag ist keine gültige Stellung: Ungültige FEN: der weiße König fehlt',
  );
});
