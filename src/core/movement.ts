/**
 * How the men move and what a move does to the position, on a board of plain values: a man's
 * movement without its own king's safety (why a move is illegal), and the FEN after a move.
 * rules.ts pairs these with chess.js's legal moves; tests/core/rulesOracle.test.ts holds them to
 * chess.js's own answers.
 */
import {
  FILES,
  pieceOf,
  placementOf,
  type Color,
  type File,
  type Piece,
  type PieceType,
  type PromotionPiece,
  type Square,
} from './squares.ts';

/**
 * Whether the man on `from` goes to `to` by its movement, the squares between free (sliding men),
 * a pawn capturing only onto a man or the en passant square. Not castling: the caller asks the
 * legal moves for that. The target is not the man's own colour (the caller checks).
 */
export function movesByItsMovement(
  board: ReadonlyMap<Square, Piece>,
  from: Square,
  to: Square,
  enPassant: Square | null,
): boolean {
  const piece = board.get(from);
  if (piece === undefined) return false;
  const df = to.charCodeAt(0) - from.charCodeAt(0);
  const dr = to.charCodeAt(1) - from.charCodeAt(1);
  switch (piece.type) {
    case 'n':
      return Math.abs(df * dr) === 2;
    case 'k':
      return Math.max(Math.abs(df), Math.abs(dr)) === 1;
    case 'p':
      return pawnMoves(board, piece.color, from, to, to === enPassant);
    default:
      return slides(board, piece.type, from, df, dr);
  }
}

function pawnMoves(
  board: ReadonlyMap<Square, Piece>,
  color: Color,
  from: Square,
  to: Square,
  enPassant: boolean,
): boolean {
  const ahead = color === 'w' ? 1 : -1;
  const df = to.charCodeAt(0) - from.charCodeAt(0);
  const dr = to.charCodeAt(1) - from.charCodeAt(1);
  if (Math.abs(df) === 1) return dr === ahead && (board.has(to) || enPassant);
  if (df !== 0 || board.has(to)) return false;
  const home = color === 'w' ? '2' : '7';
  const over = `${from[0]}${Number(from[1]) + ahead}` as Square;
  return dr === ahead || (dr === 2 * ahead && from[1] === home && !board.has(over));
}

/** Whether a rook, bishop or queen on `from` reaches the square `df` files and `dr` ranks away. */
function slides(
  board: ReadonlyMap<Square, Piece>,
  type: PieceType,
  from: Square,
  df: number,
  dr: number,
): boolean {
  const straight = df === 0 || dr === 0;
  const diagonal = Math.abs(df) === Math.abs(dr);
  const along = type === 'q' ? straight || diagonal : type === 'r' ? straight : diagonal;
  if ((df === 0 && dr === 0) || !along) return false;
  const steps = Math.max(Math.abs(df), Math.abs(dr));
  for (let i = 1; i < steps; i++) {
    const file = String.fromCharCode(from.charCodeAt(0) + Math.sign(df) * i);
    const rank = String.fromCharCode(from.charCodeAt(1) + Math.sign(dr) * i);
    if (board.has(`${file}${rank}` as Square)) return false;
  }
  return true;
}

/** What the FEN after a move needs to know of it (a MoveInfo is one). */
export interface MoveMade {
  readonly from: Square;
  readonly to: Square;
  readonly color: Color;
  readonly piece: PieceType;
  readonly captured?: PieceType;
  /** The square the captured piece stood on (differs from `to` for en passant). */
  readonly capturedOn?: Square;
  readonly promotion?: PromotionPiece;
  /** For castling, the rook's journey. */
  readonly rookFrom?: Square;
  readonly rookTo?: Square;
  readonly fenBefore: string;
}

/** The castling right (FEN letter) that a rook's home square carries. */
const HOME_RIGHTS: Readonly<Record<string, { readonly color: Color; readonly right: string }>> = {
  a1: { color: 'w', right: 'Q' },
  h1: { color: 'w', right: 'K' },
  a8: { color: 'b', right: 'q' },
  h8: { color: 'b', right: 'k' },
};

/** The castling field after a move: a king's move gives up both, a rook's home left or taken its own. */
function castlingAfter(castling: string, move: MoveMade): string {
  if (castling === '-') return castling;
  let rights = castling;
  if (move.piece === 'k') rights = rights.replace(move.color === 'w' ? /[KQ]/g : /[kq]/g, '');
  const left = HOME_RIGHTS[move.from];
  if (left?.color === move.color) rights = rights.replace(left.right, '');
  const taken = HOME_RIGHTS[move.to];
  if (taken !== undefined && taken.color !== move.color) rights = rights.replace(taken.right, '');
  return rights === '' ? '-' : rights;
}

/** The square a pawn's double step passed over when an enemy pawn stands beside it, else `-`. */
function enPassantAfter(move: MoveMade, board: ReadonlyMap<Square, Piece>): string {
  if (move.piece !== 'p' || Math.abs(Number(move.to[1]) - Number(move.from[1])) !== 2) return '-';
  const file = FILES.indexOf(move.to[0] as File);
  for (const beside of [FILES[file - 1], FILES[file + 1]]) {
    const piece = beside === undefined ? undefined : board.get(`${beside}${move.to[1]}` as Square);
    if (piece?.type === 'p' && piece.color !== move.color)
      return `${move.to[0]}${(Number(move.from[1]) + Number(move.to[1])) / 2}`;
  }
  return '-';
}

/**
 * The FEN after a legal move: the board, the side to move, castling rights, the en passant square
 * (written when an enemy pawn stands beside the pawn that stepped twice; whether its capture is
 * legal, and so whether the normal form keeps it, is for the caller to settle), the half-move
 * clock (back to 0 after a pawn's move or a capture) and the move number.
 */
export function fenAfterMove(move: MoveMade, before: ReadonlyMap<Square, Piece>): string {
  const board = new Map(before);
  board.delete(move.from);
  if (move.capturedOn) board.delete(move.capturedOn);
  board.set(move.to, pieceOf(move.color, move.promotion ?? move.piece));
  if (move.rookFrom && move.rookTo) {
    // Whatever stands on the rook's square goes (a FEN may grant castling with no rook there).
    const rook = board.get(move.rookFrom);
    board.delete(move.rookFrom);
    if (rook) board.set(move.rookTo, rook);
  }
  const [, , castling = '-', , halfmoves = '0', fullmoves = '1'] = move.fenBefore.split(' ');
  return [
    placementOf(board),
    move.color === 'w' ? 'b' : 'w',
    castlingAfter(castling, move),
    enPassantAfter(move, board),
    move.piece === 'p' || move.captured ? 0 : Number(halfmoves) + 1,
    Number(fullmoves) + (move.color === 'b' ? 1 : 0),
  ].join(' ');
}
