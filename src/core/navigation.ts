/**
 * Pure board navigation for the accessible board (board/) and the controllers: the cursor seen
 * from the player's side of the board (orientation), edge detection, the lichess board-mode jumps
 * (rank, file, next piece of a type) and the read-outs that never touch a piece (spec BL-06,
 * BL-07; checklist 7–8). Nothing here changes a position or a touch ledger: every function only
 * reads a FEN.
 */
import {
  FILES,
  RANKS,
  findMove,
  legalMoves,
  pieceAt,
  withTurn,
  type Color,
  type File,
  type MoveInfo,
  type Piece,
  type PieceType,
  type Rank,
  type Square,
} from './rules.ts';

/** The side of the board the player sits at: 'w' sees rank 1 at the bottom, 'b' sees rank 8. */
export type Orientation = Color;

/** Arrow directions as the player perceives them (up = away from the player). */
export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A cursor move: the new square, and whether the cursor ran into the board edge (it then stays). */
export interface Step {
  readonly square: Square;
  readonly atEdge: boolean;
}

const fileIndex = (square: Square): number => FILES.indexOf(square[0] as File);
const rankIndex = (square: Square): number => RANKS.indexOf(square[1] as Rank);
const at = (file: number, rank: number): Square | undefined =>
  file >= 0 && file < 8 && rank >= 0 && rank < 8 ? (`${FILES[file]}${RANKS[rank]}` as Square) : undefined;

/** The displayed rows from top to bottom, each from the player's left to right. */
export function viewRows(orientation: Orientation): Square[][] {
  const ranks = orientation === 'w' ? [...RANKS].reverse() : [...RANKS];
  const files = orientation === 'w' ? [...FILES] : [...FILES].reverse();
  return ranks.map((r) => files.map((f) => `${f}${r}` as Square));
}

/** Every square in reading order: top row first, left to right, as the player sees the board. */
export function viewOrder(orientation: Orientation): Square[] {
  return viewRows(orientation).flat();
}

/** One square in a direction as seen by the player; at the edge the cursor stays and `atEdge` is set. */
export function step(square: Square, direction: Direction, orientation: Orientation): Step {
  const sign = orientation === 'w' ? 1 : -1;
  const [df, dr] =
    direction === 'up'
      ? [0, sign]
      : direction === 'down'
        ? [0, -sign]
        : direction === 'right'
          ? [sign, 0]
          : [-sign, 0];
  const next = at(fileIndex(square) + df, rankIndex(square) + dr);
  return next ? { square: next, atEdge: false } : { square, atEdge: true };
}

/** The same file on another rank (the lichess `1`–`8` keys). */
export function jumpToRank(square: Square, rank: Rank): Square {
  return `${square[0]}${rank}` as Square;
}

/** The same rank on another file (the lichess `Shift+1`–`8` keys: 1 = a … 8 = h). */
export function jumpToFile(square: Square, file: File): Square {
  return `${file}${square[1]}` as Square;
}

/** A jump to a piece, with `wrapped` set when the search went past the end of the board and around. */
export interface PieceJump {
  readonly square: Square;
  readonly wrapped: boolean;
}

/**
 * The next (or previous) piece of a type and colour after `from`, in the player's reading order,
 * wrapping around; undefined when there is no such piece. The `k q r b n p` keys use this with the
 * player's own colour, Shift with the opponent's, Alt for previous (see keymap.ts).
 */
export function findNextPiece(
  fen: string,
  from: Square,
  type: PieceType,
  color: Color,
  orientation: Orientation,
  order: 'next' | 'previous' = 'next',
): PieceJump | undefined {
  const squares = viewOrder(orientation);
  const start = squares.indexOf(from);
  const n = squares.length;
  for (let i = 1; i <= n; i++) {
    const index = order === 'next' ? start + i : start - i;
    const square = squares[((index % n) + n) % n] as Square;
    const piece = pieceAt(fen, square);
    if (piece && piece.type === type && piece.color === color)
      return { square, wrapped: order === 'next' ? index >= n : index < 0 };
  }
  return undefined;
}

/** The squares of the cursor's rank or file, from the player's left (rank) or nearest (file) end. */
export function lineSquares(square: Square, line: 'rank' | 'file', orientation: Orientation): Square[] {
  const rows = viewRows(orientation);
  if (line === 'rank') return rows.find((row) => row.includes(square)) ?? [];
  const column = rows.map((row) => row.find((s) => s[0] === square[0]) as Square);
  return column.reverse();
}

/** A square and what stands on it, for read-outs. */
export interface Occupant {
  readonly square: Square;
  readonly piece: Piece | undefined;
}

/** The occupants of a list of squares (a rank, a file, a ray). */
export function occupants(fen: string, squares: readonly Square[]): Occupant[] {
  return squares.map((square) => ({ square, piece: pieceAt(fen, square) }));
}

/** The eight rays, named from the player's point of view. */
export const RAYS = ['up', 'upRight', 'right', 'downRight', 'down', 'downLeft', 'left', 'upLeft'] as const;
export type Ray = (typeof RAYS)[number];

const RAY_STEPS: Readonly<Record<Ray, readonly [number, number]>> = {
  up: [0, 1],
  upRight: [1, 1],
  right: [1, 0],
  downRight: [1, -1],
  down: [0, -1],
  downLeft: [-1, -1],
  left: [-1, 0],
  upLeft: [-1, 1],
};

/** The first piece met along a ray from a square, with the number of empty squares before it. */
export interface RayHit {
  readonly ray: Ray;
  readonly square: Square;
  readonly piece: Piece;
  readonly emptyBefore: number;
}

/**
 * The first piece along each of the eight rays from a square (the `x` key: feeling along the
 * lines). Rays with no piece before the edge are left out. A read-out of the position, not an
 * analysis of attacks (BL-07).
 */
export function rayHits(fen: string, square: Square, orientation: Orientation): RayHit[] {
  const sign = orientation === 'w' ? 1 : -1;
  const hits: RayHit[] = [];
  for (const ray of RAYS) {
    const [df, dr] = RAY_STEPS[ray];
    let f = fileIndex(square);
    let r = rankIndex(square);
    for (let empty = 0; ; empty++) {
      f += df * sign;
      r += dr * sign;
      const next = at(f, r);
      if (!next) break;
      const piece = pieceAt(fen, next);
      if (piece) {
        hits.push({ ray, square: next, piece, emptyBefore: empty });
        break;
      }
    }
  }
  return hits;
}

/**
 * The legal moves of the piece on a square (the `m` key; `capturesOnly` for Shift+m). For a piece
 * of the side not to move, the moves it would have if it were its turn (as lichess does).
 */
export function movesOfPiece(fen: string, square: Square, capturesOnly = false): MoveInfo[] {
  const piece = pieceAt(fen, square);
  if (!piece) return [];
  const turnFen = fen.split(' ')[1] === piece.color ? fen : withTurn(fen, piece.color);
  if (!turnFen) return [];
  return legalMoves(turnFen).filter((m) => m.from === square && (!capturesOnly || m.captured !== undefined));
}

/** The last move of a list of UCI moves from a start position, with full detail. */
export function lastMoveOf(startFen: string, moves: readonly string[]): MoveInfo | undefined {
  return historyOf(startFen, moves).at(-1);
}

/** The last capturing move (the `c` key), or undefined when nothing has been captured yet. */
export function lastCaptureOf(startFen: string, moves: readonly string[]): MoveInfo | undefined {
  return historyOf(startFen, moves).findLast((m) => m.captured !== undefined);
}

function historyOf(startFen: string, moves: readonly string[]): MoveInfo[] {
  const out: MoveInfo[] = [];
  let fen = startFen;
  for (const uci of moves) {
    const m = findMove(fen, uci);
    if (!m.ok) break;
    out.push(m.value);
    fen = m.value.fenAfter;
  }
  return out;
}
