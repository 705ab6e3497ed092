/**
 * An aperture board during a turn: the position's board with the few squares the player has
 * changed (a lift, a capture taken off, a placement, the castling rook, the promoted piece). Every
 * step of a turn made a full copy of the 32-piece Map before; on the server that copying was the
 * largest part of the core's work per intent (issue 14). To its readers it is a ReadonlyMap.
 */
import type { Piece, Square } from './rules.ts';

interface Edit {
  readonly square: Square;
  /** Undefined: the square has been emptied. */
  readonly piece: Piece | undefined;
}

const NO_EDITS: readonly Edit[] = [];

const samePiece = (a: Piece | undefined, b: Piece | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.color === b.color && a.type === b.type);

class EditedBoard implements ReadonlyMap<Square, Piece> {
  readonly #base: ReadonlyMap<Square, Piece>;
  readonly #edits: readonly Edit[];
  readonly #size: number;

  constructor(base: ReadonlyMap<Square, Piece>, edits: readonly Edit[]) {
    this.#base = base;
    this.#edits = edits;
    let size = base.size;
    for (const e of edits) size += (e.piece ? 1 : 0) - (base.has(e.square) ? 1 : 0);
    this.#size = size;
  }

  /** The board an edited board edits (a plain board is its own base). */
  static baseOf(board: ReadonlyMap<Square, Piece>): ReadonlyMap<Square, Piece> {
    return board instanceof EditedBoard ? board.#base : board;
  }

  /** The edits of an edited board (none for a plain board). */
  static editsOf(board: ReadonlyMap<Square, Piece>): readonly Edit[] {
    return board instanceof EditedBoard ? board.#edits : NO_EDITS;
  }

  get size(): number {
    return this.#size;
  }

  get(square: Square): Piece | undefined {
    const edits = this.#edits;
    for (let i = 0; i < edits.length; i++) {
      const e = edits[i] as Edit;
      if (e.square === square) return e.piece;
    }
    return this.#base.get(square);
  }

  has(square: Square): boolean {
    return this.get(square) !== undefined;
  }

  /** The base board's order, then the squares filled anew. */
  *entries(): MapIterator<[Square, Piece]> {
    const edits = this.#edits;
    for (const [square, piece] of this.#base) {
      const e = edits.find((x) => x.square === square);
      if (!e) yield [square, piece];
      else if (e.piece) yield [square, e.piece];
    }
    for (const e of edits) if (e.piece && !this.#base.has(e.square)) yield [e.square, e.piece];
  }

  *keys(): MapIterator<Square> {
    for (const [square] of this.entries()) yield square;
  }

  *values(): MapIterator<Piece> {
    for (const [, piece] of this.entries()) yield piece;
  }

  [Symbol.iterator](): MapIterator<[Square, Piece]> {
    return this.entries();
  }

  forEach(
    callback: (piece: Piece, square: Square, map: ReadonlyMap<Square, Piece>) => void,
    thisArg?: unknown,
  ): void {
    for (const [square, piece] of this.entries()) callback.call(thisArg, piece, square, this);
  }

  // Reads as a Map wherever one is printed or compared (Object.prototype.toString, test matchers).
  get [Symbol.toStringTag](): string {
    return 'Map';
  }
}

/**
 * The board with `square` holding `piece` (undefined: emptied). The original is never written; a
 * board whose edits all undo themselves is the original board again.
 */
export function withSquare(
  board: ReadonlyMap<Square, Piece>,
  square: Square,
  piece: Piece | undefined,
): ReadonlyMap<Square, Piece> {
  const base = EditedBoard.baseOf(board);
  const edits = EditedBoard.editsOf(board);
  // The list made at its size (a list grown by push keeps room for sixteen, issue 14).
  let kept = 0;
  for (const e of edits) if (e.square !== square) kept += 1;
  const edited = !samePiece(base.get(square), piece);
  const size = kept + (edited ? 1 : 0);
  if (size === 0) return base;
  const next = new Array<Edit>(size);
  let i = 0;
  for (const e of edits) if (e.square !== square) next[i++] = e;
  if (edited) next[i] = { square, piece };
  return new EditedBoard(base, next);
}
