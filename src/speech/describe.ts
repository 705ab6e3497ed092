/**
 * Words from one place: every text that names a square, a piece or a move — spoken, in an
 * aria-label or in the live region — comes from these functions.
 */
import { pieceAt, squareColor, type Piece, type Square } from '../core/index.ts';
import { DEFAULT_VOCABULARY, VOCABULARIES, type VocabularyId } from './vocabularies.ts';

export interface DescribeOptions {
  readonly vocabulary?: VocabularyId;
}

const vocab = (options?: DescribeOptions) => VOCABULARIES[options?.vocabulary ?? DEFAULT_VOCABULARY];

/** "Evan four" */
export function describeSquareName(square: Square, options?: DescribeOptions): string {
  const v = vocab(options);
  return `${v.files[square[0] as keyof typeof v.files]} ${v.ranks[square[1] as keyof typeof v.ranks]}`;
}

/** "white knight" */
export function describePiece(piece: Piece, options?: DescribeOptions): string {
  const v = vocab(options);
  return `${v.colors[piece.color]} ${v.pieces[piece.type]}`;
}

/** "Gustav one, light square, white knight" — what a board cell says when focused or read. */
export function describeSquare(fen: string, square: Square, options?: DescribeOptions): string {
  const v = vocab(options);
  const piece = pieceAt(fen, square);
  return `${describeSquareName(square, options)}, ${v.squareColors[squareColor(square)]}, ${
    piece ? describePiece(piece, options) : v.empty
  }`;
}
