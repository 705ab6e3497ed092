/**
 * The board's vocabulary as plain values: colours, men, files, ranks, squares, and the placement
 * field of a FEN read into a board and written from one. rules.ts re-exports it.
 */

export const COLORS = ['w', 'b'] as const;
export type Color = (typeof COLORS)[number];
export const PIECE_TYPES = ['k', 'q', 'r', 'b', 'n', 'p'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];
export const PROMOTION_PIECES = ['q', 'r', 'b', 'n'] as const;
export type PromotionPiece = (typeof PROMOTION_PIECES)[number];
export const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type File = (typeof FILES)[number];
export const RANKS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type Rank = (typeof RANKS)[number];
export type Square = `${File}${Rank}`;

export interface Piece {
  readonly color: Color;
  readonly type: PieceType;
}

/** Every square, a1..h8 by file then rank. */
export const SQUARES_BY_FILE: readonly Square[] = FILES.flatMap((f) =>
  RANKS.map((r) => `${f}${r}` as Square),
);

export function isSquare(text: string): text is Square {
  // Character codes rather than a regular expression: every step of a move asks this (issue 14).
  if (text.length !== 2) return false;
  const file = text.charCodeAt(0);
  const rank = text.charCodeAt(1);
  return file >= 97 && file <= 104 && rank >= 49 && rank <= 56;
}

export function squareColor(square: Square): 'light' | 'dark' {
  const file = FILES.indexOf(square[0] as File);
  const rank = Number(square[1]) - 1;
  return (file + rank) % 2 === 0 ? 'dark' : 'light';
}

/** One object per kind of man by its FEN letter, shared by every board (never written). */
export const PIECES: Readonly<Record<string, Piece>> = Object.fromEntries(
  COLORS.flatMap((color) =>
    PIECE_TYPES.map((type) => [color === 'w' ? type.toUpperCase() : type, { color, type }]),
  ),
);

/** The shared object for a man of this colour and kind. */
export function pieceOf(color: Color, type: PieceType): Piece {
  return PIECES[color === 'w' ? type.toUpperCase() : type] as Piece;
}

/**
 * The board of a (valid, normal-form) FEN placement field, from a8 along each rank down to h1 —
 * read from the text rather than through chess.js's 8×8 array of cells (issue 14).
 */
export function boardOfPlacement(placement: string): Map<Square, Piece> {
  const board = new Map<Square, Piece>();
  let rank = 8;
  let file = 0;
  for (let i = 0; i < placement.length; i++) {
    const c = placement.charAt(i);
    if (c === '/') {
      rank -= 1;
      file = 0;
    } else if (c >= '1' && c <= '8') file += Number(c);
    else {
      const piece = PIECES[c];
      if (piece) board.set(`${FILES[file] ?? 'a'}${rank}` as Square, piece);
      file += 1;
    }
  }
  return board;
}

let lastPlacement = '';
let lastStanding: ReadonlyMap<Square, Piece> | undefined;

/**
 * The board of a FEN's placement field as the pieces stand, whether or not the rest makes a
 * position the rules accept (a pawn waiting on the last rank for its promotion piece, a king in the
 * player's hand): eight ranks of eight squares and the men's letters, else undefined. The board's
 * read-outs read it, so the squares keep their names while a move is in hand (issue 28).
 */
export function standingBoard(fen: string): ReadonlyMap<Square, Piece> | undefined {
  const placement = fen.trim().split(/\s+/)[0] ?? '';
  if (placement === lastPlacement) return lastStanding;
  const ranks = placement.split('/');
  const wellFormed =
    ranks.length === 8 &&
    ranks.every((rank) => {
      let files = 0;
      for (const c of rank) files += c >= '1' && c <= '8' ? Number(c) : PIECES[c] ? 1 : 99;
      return files === 8;
    });
  lastPlacement = placement;
  lastStanding = wellFormed ? boardOfPlacement(placement) : undefined;
  return lastStanding;
}

/** The placement field of a FEN for a board. */
export function placementOf(board: ReadonlyMap<Square, Piece>): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const file of FILES) {
      const piece = board.get(`${file}${rank}` as Square);
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += piece.color === 'w' ? piece.type.toUpperCase() : piece.type;
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return rows.join('/');
}
