/**
 * The laws of piece movement (FIDE Arts 1–6, 9–10 of every edition): legal moves, check, mate,
 * stalemate, FEN. This is the only module that imports chess.js; everything else in Twinboard
 * talks to positions through these functions and plain values.
 */
import { Chess, validateFen } from 'chess.js';
import { err, ok, type Result } from './result.ts';

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
const SQUARES: readonly Square[] = FILES.flatMap((f) => RANKS.map((r) => `${f}${r}` as Square));

export interface Piece {
  readonly color: Color;
  readonly type: PieceType;
}

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A legal move with everything the describe, notation and lifecycle layers need to know. */
export interface MoveInfo {
  readonly uci: string;
  /** Standard (PGN) SAN as chess.js writes it, e.g. `exd8=Q#`. */
  readonly san: string;
  readonly from: Square;
  readonly to: Square;
  readonly color: Color;
  readonly piece: PieceType;
  readonly captured?: PieceType;
  /** The square the captured piece stood on (differs from `to` for en passant). */
  readonly capturedOn?: Square;
  readonly promotion?: PromotionPiece;
  readonly enPassant: boolean;
  readonly castle?: 'king' | 'queen';
  /** For castling, the rook's journey. */
  readonly rookFrom?: Square;
  readonly rookTo?: Square;
  readonly check: boolean;
  readonly mate: boolean;
  readonly fenBefore: string;
  readonly fenAfter: string;
}

export type RulesErrorCode = 'emptyFen' | 'invalidFen' | 'illegalMove' | 'badUci' | 'noSuchSquare';
export interface RulesError {
  readonly code: RulesErrorCode;
  readonly message: string;
}

/** Everything about one position that callers ask for repeatedly; built once per FEN. */
export interface PositionInfo {
  readonly fen: string;
  readonly turn: Color;
  readonly board: ReadonlyMap<Square, Piece>;
  readonly legalMoves: readonly MoveInfo[];
  readonly inCheck: boolean;
  readonly checkmate: boolean;
  readonly stalemate: boolean;
  readonly castling: string;
  readonly enPassant: Square | null;
  readonly halfmoveClock: number;
  readonly fullmoveNumber: number;
}

/** Positions by FEN, each as the (shared, never written) answer `inspect` gives: no allocation on a hit. */
const cache = new Map<string, { readonly ok: true; readonly value: PositionInfo }>();
const CACHE_LIMIT = 4096;

export function isSquare(text: string): text is Square {
  // Character codes rather than a regular expression: every step of a move asks this (issue 14).
  if (text.length !== 2) return false;
  const file = text.charCodeAt(0);
  const rank = text.charCodeAt(1);
  return file >= 97 && file <= 104 && rank >= 49 && rank <= 56;
}

/** Validates a FEN and builds chess.js's board for it (the FEN comes back in normal form). */
function loadFen(text: string): Result<Chess, RulesError> {
  const fen = text.trim().replace(/\s+/g, ' ');
  if (fen === '') return err({ code: 'emptyFen', message: 'The position is empty.' });
  // Accept FENs without move counters, as EPD-like positions are common in test suites.
  const parts = fen.split(' ');
  const full = parts.length === 4 ? `${fen} 0 1` : parts.length === 5 ? `${fen} 1` : fen;
  const check = validateFen(full);
  if (!check.ok) return err({ code: 'invalidFen', message: check.error ?? 'Invalid FEN.' });
  try {
    // Validated just above: chess.js would validate it again.
    return ok(new Chess(full, { skipValidation: true }));
  } catch (e) {
    return err({ code: 'invalidFen', message: e instanceof Error ? e.message : 'Invalid FEN.' });
  }
}

/** Validates a FEN and returns it in chess.js's normal form. */
export function parseFen(text: string): Result<string, RulesError> {
  const chess = loadFen(text);
  return chess.ok ? ok(chess.value.fen()) : chess;
}

/** chess.js's internal move record (0x88 squares, bit flags); read through `_moves` for speed. */
interface InternalMove {
  color: Color;
  from: number;
  to: number;
  piece: PieceType;
  captured?: PieceType;
  promotion?: PieceType;
  flags: number;
}
interface ChessInternals {
  _moves(options: { legal: boolean }): InternalMove[];
  _moveToSan(move: InternalMove, moves: InternalMove[]): string;
  _makeMove(move: InternalMove): void;
  _undoMove(): unknown;
}
const FLAG = { capture: 2, enPassant: 8, promotion: 16, kingCastle: 32, queenCastle: 64 } as const;
const squareOf = (index: number): Square => `${'abcdefgh'[index & 15]}${8 - (index >> 4)}` as Square;

/** What a MoveInfo needs to work out its costly parts on first read, and what it worked out. */
interface LazyParts {
  readonly chess: Chess;
  readonly internal: InternalMove;
  readonly all: InternalMove[];
  san: string | undefined;
  fenAfter: string | undefined;
}
const LAZY = '_lazy';
const lazyOf = (move: object): LazyParts => (move as { readonly [LAZY]: LazyParts })[LAZY];
const sanOf = (move: object): string => {
  const lazy = lazyOf(move);
  return (lazy.san ??= (lazy.chess as unknown as ChessInternals)._moveToSan(lazy.internal, lazy.all));
};
/**
 * The costly fields as enumerable getters, so that spreading or serialising a MoveInfo still
 * carries every field. The getter functions are shared by every move (closures per move gave each
 * MoveInfo a hidden class of its own, which made every read of a move's fields slow; issue 14).
 */
const LAZY_FIELDS = {
  san: {
    enumerable: true,
    get(this: object) {
      return sanOf(this);
    },
  },
  check: {
    enumerable: true,
    get(this: object) {
      return /[+#]/.test(sanOf(this));
    },
  },
  mate: {
    enumerable: true,
    get(this: object) {
      return sanOf(this).includes('#');
    },
  },
  fenAfter: {
    enumerable: true,
    get(this: object) {
      const lazy = lazyOf(this);
      if (lazy.fenAfter === undefined) {
        const engine = lazy.chess as unknown as ChessInternals;
        engine._makeMove(lazy.internal);
        lazy.fenAfter = lazy.chess.fen();
        engine._undoMove();
      }
      return lazy.fenAfter;
    },
  },
} satisfies PropertyDescriptorMap;

/**
 * Builds a MoveInfo whose costly parts (SAN, check, mate, the FEN after) are computed on first
 * read: generating SAN and FENs for every legal move made a position cost milliseconds, and the
 * voice matcher and the board only need them for the one move that is chosen.
 */
function makeMoveInfo(
  chess: Chess,
  internal: InternalMove,
  all: InternalMove[],
  fenBefore: string,
): MoveInfo {
  const from = squareOf(internal.from);
  const to = squareOf(internal.to);
  const enPassant = (internal.flags & FLAG.enPassant) !== 0;
  const castle =
    internal.flags & FLAG.kingCastle ? 'king' : internal.flags & FLAG.queenCastle ? 'queen' : undefined;
  const promotion = internal.promotion as PromotionPiece | undefined;
  const info: Record<string, unknown> = {
    uci: `${from}${to}${promotion ?? ''}`,
    from,
    to,
    color: internal.color,
    piece: internal.piece,
    enPassant,
    fenBefore,
  };
  if (internal.captured) {
    info.captured = internal.captured;
    info.capturedOn = enPassant ? `${to[0]}${from[1]}` : to;
  }
  if (promotion) info.promotion = promotion;
  if (castle) {
    info.castle = castle;
    info.rookFrom = `${castle === 'king' ? 'h' : 'a'}${from[1]}`;
    info.rookTo = `${castle === 'king' ? 'f' : 'd'}${from[1]}`;
  }
  const lazy: LazyParts = { chess, internal, all, san: undefined, fenAfter: undefined };
  // Not enumerable: spreading, serialising and comparing a MoveInfo see only its fields.
  // One defineProperty per field with descriptors made once: defineProperties cost nearly twice as
  // much, and a new position builds some thirty of these (issue 14).
  Object.defineProperty(info, LAZY, { value: lazy });
  Object.defineProperty(info, 'san', LAZY_FIELDS.san);
  Object.defineProperty(info, 'check', LAZY_FIELDS.check);
  Object.defineProperty(info, 'mate', LAZY_FIELDS.mate);
  Object.defineProperty(info, 'fenAfter', LAZY_FIELDS.fenAfter);
  return info as unknown as MoveInfo;
}

/** One object per kind of piece, shared by every board (pieces are values and never written). */
const PIECES: Readonly<Record<string, Piece>> = Object.fromEntries(
  COLORS.flatMap((color) =>
    PIECE_TYPES.map((type) => [color === 'w' ? type.toUpperCase() : type, { color, type }]),
  ),
);

/**
 * The board of a (valid, normal-form) FEN placement field, from a8 along each rank down to h1 —
 * read from the text rather than through chess.js's 8×8 array of cells (issue 14).
 */
function boardOfPlacement(placement: string): Map<Square, Piece> {
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

let lastText = '';
let lastAnswer: { readonly ok: true; readonly value: PositionInfo } | undefined;

/** Everything about a position, or an error for a bad FEN. Results are cached by FEN. */
export function inspect(fenText: string): Result<PositionInfo, RulesError> {
  // One step asks for the same position several times in a row.
  if (fenText === lastText && lastAnswer !== undefined) return lastAnswer;
  const hit = cache.get(fenText);
  if (hit) {
    lastText = fenText;
    lastAnswer = hit;
    return hit;
  }
  return inspectAfresh(fenText);
}

/**
 * `inspect` of a position not in the cache. Apart from `inspect`, whose every call would otherwise
 * make the context its closures share (issue 14: it is asked many times per intent).
 */
function inspectAfresh(fenText: string): Result<PositionInfo, RulesError> {
  const loaded = loadFen(fenText);
  if (!loaded.ok) return loaded;
  const chess = loaded.value;
  const fen = chess.fen();
  const again = cache.get(fen);
  if (again) return again;
  const internalMoves = (chess as unknown as ChessInternals)._moves({ legal: true });
  const inCheck = chess.inCheck();
  const fields = fen.split(' ');
  const board = boardOfPlacement(fields[0] ?? '');
  const info: PositionInfo = {
    fen,
    turn: chess.turn(),
    board,
    legalMoves: internalMoves.map((m) => makeMoveInfo(chess, m, internalMoves, fen)),
    inCheck,
    checkmate: inCheck && internalMoves.length === 0,
    stalemate: !inCheck && internalMoves.length === 0,
    castling: fields[2] ?? '-',
    enPassant: fields[3] && isSquare(fields[3]) ? fields[3] : null,
    halfmoveClock: Number(fields[4] ?? 0),
    fullmoveNumber: Number(fields[5] ?? 1),
  };
  const answer = ok(info);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(fenText, answer);
  if (fen !== fenText) cache.set(fen, answer);
  return answer;
}

/** Inspect a FEN the caller has already validated (a position produced by this module). */
export function position(fen: string): PositionInfo {
  const r = inspect(fen);
  if (!r.ok) throw new Error(`Twinboard bug: unvalidated FEN reached position(): ${r.error.message}`);
  return r.value;
}

export function legalMoves(fen: string): readonly MoveInfo[] {
  const r = inspect(fen);
  return r.ok ? r.value.legalMoves : [];
}

const NO_MOVES: readonly MoveInfo[] = [];
/** Each position's legal moves by the square they start from, built on the first question. */
const movesByFrom = new WeakMap<PositionInfo, ReadonlyMap<string, readonly MoveInfo[]>>();

/**
 * The legal moves of the piece on `from` (none for a bad FEN or an empty square), in the order of
 * `legalMoves`. The lists are shared and never written (not frozen: frozen arrays make filter and
 * some several times slower in V8): the move lifecycle asks for them on nearly every step.
 */
export function legalMovesFrom(fen: string, from: string): readonly MoveInfo[] {
  const r = inspect(fen);
  if (!r.ok) return NO_MOVES;
  let index = movesByFrom.get(r.value);
  if (index === undefined) {
    const built = new Map<string, MoveInfo[]>();
    for (const m of r.value.legalMoves) {
      const list = built.get(m.from);
      if (list) list.push(m);
      else built.set(m.from, [m]);
    }
    index = built;
    movesByFrom.set(r.value, index);
  }
  return index.get(from) ?? NO_MOVES;
}

/** Whether the piece on `from` moves like that to `to`, its own king's safety aside (why a move is illegal). */
export function movesLikeThat(fen: string, from: Square, to: Square): boolean {
  const loaded = loadFen(fen);
  if (!loaded.ok) return false;
  const engine = loaded.value as unknown as ChessInternals;
  return engine._moves({ legal: false }).some((m) => squareOf(m.from) === from && squareOf(m.to) === to);
}

export function pieceAt(fen: string, square: Square): Piece | undefined {
  const r = inspect(fen);
  return r.ok ? r.value.board.get(square) : undefined;
}

/** The legal move with this UCI text in this position, or an error. */
export function findMove(fen: string, uci: string): Result<MoveInfo, RulesError> {
  const r = inspect(fen);
  if (!r.ok) return r;
  const text = uci.trim().toLowerCase();
  if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text)) {
    return err({ code: 'badUci', message: `“${uci}” is not a move in from-to form.` });
  }
  const move = withUci(legalMovesFrom(r.value.fen, text.slice(0, 2)), text);
  return move ? ok(move) : err({ code: 'illegalMove', message: `${text} is not a legal move here.` });
}

/** The move with this UCI text in a list (a loop: an arrow would cost on every call, issue 14). */
export function withUci(moves: readonly MoveInfo[], uci: string): MoveInfo | undefined {
  for (const m of moves) if (m.uci === uci) return m;
  return undefined;
}

export function squareColor(square: Square): 'light' | 'dark' {
  const file = FILES.indexOf(square[0] as File);
  const rank = Number(square[1]) - 1;
  return (file + rank) % 2 === 0 ? 'dark' : 'light';
}

/** Squares of every piece matching the filter, in a1..h8 order by file then rank. */
export function findPieces(fen: string, filter: Partial<Piece> = {}): Square[] {
  const r = inspect(fen);
  if (!r.ok) return [];
  return SQUARES.filter((sq) => {
    const p = r.value.board.get(sq);
    return (
      p !== undefined &&
      (!filter.color || p.color === filter.color) &&
      (!filter.type || p.type === filter.type)
    );
  });
}

/** Counts the leaf nodes of the legal move tree (the standard check of a move generator). */
export function perft(fen: string, depth: number): number {
  const r = parseFen(fen);
  if (!r.ok || depth < 0) return 0;
  return new Chess(r.value).perft(depth);
}

/** The position with the side to move flipped, for "what does the opponent attack" questions. */
export function withTurn(fen: string, turn: Color): string | null {
  const parts = fen.split(' ');
  if (parts.length < 2) return null;
  parts[1] = turn;
  parts[3] = '-';
  const r = parseFen(parts.join(' '));
  return r.ok ? r.value : null;
}

/**
 * The one FEN writer for a board as it physically stands: `fen` with its placement field replaced
 * by `board` (a lifted piece is simply absent); the other fields are kept.
 */
export function fenWithPlacement(fen: string, board: ReadonlyMap<Square, Piece>): string {
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
  return [rows.join('/'), ...fen.split(' ').slice(1)].join(' ');
}
