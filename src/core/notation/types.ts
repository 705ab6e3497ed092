/**
 * The vocabulary shared by every move notation (spec 2.16): the notation names, the error value
 * with its stable codes, the SAN output styles (FIDE 1980 Supplement No. 1 vs PGN) and national
 * piece initials (Supp. No. 1 rule 2).
 */
import type { PieceType, PromotionPiece } from '../rules.ts';

/** Every notation Twinboard reads and writes. */
export const NOTATIONS = ['san', 'long', 'uci', 'correspondence', 'uedemann'] as const;
export type Notation = (typeof NOTATIONS)[number];

/** Stable error codes of move parsing and formatting; the UI translates by code. */
export const NOTATION_ERROR_CODES = [
  'empty',
  'invalidFen',
  'unreadable',
  'illegal',
  'ambiguous',
  'notACapture',
  'notEnPassant',
  'promotionPieceMissing',
  'notAPromotion',
  'wrongPromotionPiece',
  'badPieceLetters',
  'unknownNotation',
  'noSeedForm',
] as const;
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];

/** Why a move text was not accepted (or a move could not be written). */
export interface NotationError {
  readonly code: NotationErrorCode;
  /** A clear English sentence for logs and as the fallback UI text. */
  readonly message: string;
  /** The notation the text was read in, when known. */
  readonly notation?: Notation;
  /** For 'ambiguous' and 'promotionPieceMissing': the legal moves (UCI) the text could mean. */
  readonly candidates?: readonly string[];
}

/** The letter written for each piece (pawns have none, Supp. No. 1 rule 3). */
export type PieceLetters = Readonly<Record<Exclude<PieceType, 'p'>, string>>;

/** Supp. No. 1 rule 1: K Q R B N ("for convenience sake, N is used" for the knight). */
export const ENGLISH_PIECE_LETTERS: PieceLetters = { k: 'K', q: 'Q', r: 'R', b: 'B', n: 'N' };
/** German initials (König, Dame, Turm, Läufer, Springer), allowed by Supp. No. 1 rule 2. */
export const GERMAN_PIECE_LETTERS: PieceLetters = { k: 'K', q: 'D', r: 'T', b: 'L', n: 'S' };
/** French initials (roi, dame, tour, fou, cavalier): rule 2's own example "F = fou". */
export const FRENCH_PIECE_LETTERS: PieceLetters = { k: 'R', q: 'D', r: 'T', b: 'F', n: 'C' };
/** Dutch initials (koning, dame, toren, loper, paard): rule 2's example "L = loper". */
export const DUTCH_PIECE_LETTERS: PieceLetters = { k: 'K', q: 'D', r: 'T', b: 'L', n: 'P' };

/**
 * Figurines, which Supp. No. 1 rule 2 recommends "in printed publications" (NT-01 CONFIG for the
 * sighted screen). Output uses the white glyphs for both sides, as printed scores do; input
 * accepts white and black glyphs whatever letters are configured.
 */
export const FIGURINE_PIECE_LETTERS: PieceLetters = { k: '♔', q: '♕', r: '♖', b: '♗', n: '♘' };

/** How short (and long) algebraic moves are written. */
export interface SanStyle {
  /** `plain` writes d8Q (Supp. No. 1 rule 11, NT-03); `equals` writes d8=Q (PGN). */
  readonly promotion: 'plain' | 'equals';
  /** Mate mark: `++` (Supp. No. 1 abbreviations) or `#` (PGN). */
  readonly mate: '++' | '#';
  /** Append " e.p." to en-passant captures (Supp. No. 1 rule 8). */
  readonly enPassant: boolean;
  /** Castling with the letter O (000) or the digit 0 (002 Supp. 1); default letter O. */
  readonly castling?: 'O' | '0';
  /** National piece initials (rule 2); default English. */
  readonly pieceLetters?: PieceLetters;
}

/** The FIDE 1980 standard (Supp. No. 1): d8Q, ++ for mate, e.p. appended. NT-01, NT-03. */
export const FIDE1980_SAN: SanStyle = { promotion: 'plain', mate: '++', enPassant: true };
/** PGN export format: d8=Q, # for mate, no e.p. (identical to MoveInfo.san). */
export const PGN_SAN: SanStyle = { promotion: 'equals', mate: '#', enPassant: false };

/** Options for reading moves. */
export interface ParseOptions {
  /** Piece initials the text uses (rule 2); default English K Q R B N. */
  readonly pieceLetters?: PieceLetters;
}

/** English piece names for error messages (spoken words come from src/speech/describe.ts). */
export const PROMOTION_NAMES: Readonly<Record<PromotionPiece, string>> = {
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  n: 'knight',
};

/** English piece names for error messages. */
export const PIECE_NAMES: Readonly<Record<PieceType, string>> = {
  k: 'king',
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  n: 'knight',
  p: 'pawn',
};

/** True for the names in NOTATIONS (for values from settings or the network). */
export function isNotation(value: unknown): value is Notation {
  return typeof value === 'string' && (NOTATIONS as readonly string[]).includes(value);
}

/** Builds a NotationError value. */
export function notationError(
  code: NotationErrorCode,
  message: string,
  extra: { notation?: Notation; candidates?: readonly string[] } = {},
): NotationError {
  return { code, message, ...extra };
}

/**
 * Checks a set of piece initials: one capital letter each, all different, and none that reads as
 * something else (O is castling, X a capture).
 */
export function checkPieceLetters(letters: PieceLetters): NotationError | null {
  const values = Object.values(letters);
  const bad = values.find((l) => !/^[A-Z♔♕♖♗♘]$/u.test(l) || l === 'O' || l === 'X');
  if (bad !== undefined)
    return notationError(
      'badPieceLetters',
      `“${bad}” cannot be a piece letter: use one capital other than O or X, or a figurine.`,
    );
  if (new Set(values).size !== values.length)
    return notationError('badPieceLetters', `Two pieces share a letter in ${values.join(' ')}.`);
  return null;
}
