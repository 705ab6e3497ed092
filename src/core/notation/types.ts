/**
 * The vocabulary shared by every move notation (spec 2.16): the notation names, the error value
 * with its stable codes and cases (their words are speech/notationErrors.ts's), the SAN output
 * styles (FIDE 1980 Supplement No. 1 vs PGN) and national piece initials (Supp. No. 1 rule 2).
 */
import type { Color, FenProblem, PieceType, PromotionPiece, Square } from '../rules.ts';

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

/**
 * Why a move text was not accepted (or a move could not be written): a stable `code`, the case
 * (`reason`) and the facts its words need. The core has no words: speech/notationErrors.ts says it
 * in the player's language.
 */
export type NotationError = {
  readonly code: NotationErrorCode;
  /** The notation the text was read in, when known. */
  readonly notation?: Notation;
  /** For 'ambiguous' and 'promotionPieceMissing': the legal moves (UCI) the text could mean. */
  readonly candidates?: readonly string[];
} & NotationProblem;

/** The case of a notation error and its facts (squares, letters, pieces, the text as written). */
export type NotationProblem =
  | { readonly reason: 'noMove' }
  /** The position is not valid: what is wrong with it, or null when there is no FEN at all. */
  | { readonly reason: 'badPosition'; readonly fen: FenProblem | null }
  | { readonly reason: 'notAMove'; readonly text: string }
  /** 'auto' read the text as different moves in different notations. */
  | {
      readonly reason: 'notationsDisagree';
      readonly text: string;
      readonly readings: readonly { readonly notation: Notation; readonly san: string }[];
    }
  | { readonly reason: 'unknownNotation'; readonly text: string }
  | { readonly reason: 'notALetter'; readonly letter: string }
  | { readonly reason: 'sharedLetter'; readonly letters: readonly string[] }
  /** A UCI text to write that is not in from-to form, or no legal move. */
  | { readonly reason: 'notFromTo' | 'notLegalUci'; readonly text: string }
  | { readonly reason: 'noPiece'; readonly from: Square }
  | {
      readonly reason: 'notYourPiece';
      readonly piece: PieceType;
      readonly from: Square;
      readonly color: Color;
      readonly turn: Color;
    }
  | { readonly reason: 'gameOver'; readonly ending: 'checkmate' | 'stalemate' }
  | {
      readonly reason: 'cannotMove';
      readonly piece: PieceType;
      readonly from: Square;
      readonly to: Square;
      /** The side to move when its king is in check, else null. */
      readonly inCheck: Color | null;
    }
  | { readonly reason: 'notLegalHere' | 'severalMoves' | 'promotionNotLegal' | 'noUedemannPromotion' }
  | {
      readonly reason: 'notAPromotion';
      readonly from: Square;
      readonly to: Square;
      readonly promotion: PromotionPiece;
    }
  | { readonly reason: 'promotionPieceMissing'; readonly from: Square; readonly to: Square }
  | { readonly reason: 'notAPieceLetter' | 'notAUciPromotion'; readonly letter: string }
  | { readonly reason: 'notAPromotionPiece'; readonly piece: PieceType }
  | { readonly reason: 'castlingIllegal'; readonly side: 'king' | 'queen' }
  | { readonly reason: 'notEnPassant'; readonly san: string }
  /** A capture mark on a move that captures nothing (`san`: the move, when there is one). */
  | { readonly reason: 'nothingCaptured'; readonly san?: string }
  /** The letter names another piece than the one on the departure square (`named`: which, if any). */
  | {
      readonly reason: 'otherPiece';
      readonly from: Square;
      readonly piece: PieceType;
      readonly named?: PieceType;
      readonly letter: string;
    }
  | {
      readonly reason: 'pawnCaptureNeedsFile';
      readonly text: string;
      readonly to: Square;
      readonly example: string;
    }
  | { readonly reason: 'whichPiece'; readonly text: string; readonly sans: readonly string[] }
  /**
   * Not algebraic: `capitals` the text with its lowercase piece letter made a capital (nf3 → Nf3),
   * else `knight` the knight's letter for an example (Nf3), absent for an empty body.
   */
  | { readonly reason: 'notSan'; readonly text: string; readonly capitals?: string; readonly knight?: string }
  | {
      readonly reason: 'noSuchMove';
      readonly text: string;
      /** The piece the text names (undefined: any piece). */
      readonly piece?: PieceType;
      /** The departure file and/or rank the text gives ("g", "1", "g1"), or ''. */
      readonly origin: string;
      readonly to: Square;
      readonly ending?: 'checkmate' | 'stalemate';
      /** A lowercase b was read as the b-file where a bishop could make the move. */
      readonly bishopHint: boolean;
    }
  | {
      readonly reason: 'notLong' | 'notUci' | 'notCorrespondence' | 'notUedemann';
      readonly text: string;
    }
  | { readonly reason: 'notADigitSquare'; readonly digits: string }
  | { readonly reason: 'notADigitFile'; readonly digit: string }
  /** A correspondence promotion written without a valid piece digit; `example` the queen's form. */
  | { readonly reason: 'digitPromotion'; readonly from: Square; readonly example: string }
  | { readonly reason: 'notAUedemannSquare'; readonly pair: string };

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

/** True for the names in NOTATIONS (for values from settings or the network). */
export function isNotation(value: unknown): value is Notation {
  return typeof value === 'string' && (NOTATIONS as readonly string[]).includes(value);
}

/** Builds a NotationError value: its code, its case with the case's facts, and where it was read. */
export function notationError(
  code: NotationErrorCode,
  problem: NotationProblem,
  extra: { notation?: Notation; candidates?: readonly string[] } = {},
): NotationError {
  return { code, ...problem, ...extra };
}

/**
 * Checks a set of piece initials: one capital letter each, all different, and none that reads as
 * something else (O is castling, X a capture).
 */
export function checkPieceLetters(letters: PieceLetters): NotationError | null {
  const values = Object.values(letters);
  const bad = values.find((l) => !/^[A-Z♔♕♖♗♘]$/u.test(l) || l === 'O' || l === 'X');
  if (bad !== undefined) return notationError('badPieceLetters', { reason: 'notALetter', letter: bad });
  if (new Set(values).size !== values.length)
    return notationError('badPieceLetters', { reason: 'sharedLetter', letters: values });
  return null;
}
