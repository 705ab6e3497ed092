/**
 * The laws of piece movement (FIDE Arts 1–6, 9–10 of every edition): legal moves, check, mate,
 * stalemate, FEN. This is the only module that imports chess.js, and it calls only chess.js's
 * public API (its private methods may change in any release of the `^1` range); everything else in
 * Twinboard talks to positions through these functions and plain values.
 */
import { Chess, validateFen } from 'chess.js';
import { fenAfterMove, movesByItsMovement, type MoveMade } from './movement.ts';
import { err, ok, type Result } from './result.ts';
import {
  boardOfPlacement,
  FILES,
  placementOf,
  RANKS,
  SQUARES_BY_FILE,
  isSquare,
  standingBoard,
  type Color,
  type Piece,
  type PromotionPiece,
  type Square,
} from './squares.ts';

export {
  COLORS,
  FILES,
  isSquare,
  PIECE_TYPES,
  PROMOTION_PIECES,
  RANKS,
  squareColor,
  type Color,
  type File,
  type Piece,
  type PieceType,
  type PromotionPiece,
  type Rank,
  type Square,
} from './squares.ts';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * A legal move with everything the describe, notation and lifecycle layers need to know: what the
 * FEN after it needs (movement.ts's MoveMade: squares, colour, piece, capture, promotion, the
 * castling rook's journey, the FEN before) and more.
 */
export interface MoveInfo extends MoveMade {
  readonly uci: string;
  /** Standard (PGN) SAN as chess.js writes it, e.g. `exd8=Q#`. */
  readonly san: string;
  readonly enPassant: boolean;
  readonly castle?: 'king' | 'queen';
  readonly check: boolean;
  readonly mate: boolean;
  readonly fenAfter: string;
}

export type RulesErrorCode = 'emptyFen' | 'invalidFen' | 'illegalMove' | 'badUci' | 'noSuchSquare';
export interface RulesError {
  readonly code: RulesErrorCode;
  /** An English sentence for developers and logs; a player is told `code` and `fen` in his words. */
  readonly message: string;
  /** For `emptyFen` and `invalidFen`: what is wrong with the position. */
  readonly fen?: FenProblem;
}

/**
 * What is wrong with a FEN, as a code (speech/notationErrors.ts words it): the one check of
 * chess.js's validation that failed, `empty` for no text, `invalid` for a failure it does not name.
 */
export type FenProblem =
  | {
      readonly problem:
        | 'empty'
        | 'fields'
        | 'moveNumber'
        | 'halfmoveClock'
        | 'enPassantSquare'
        | 'castling'
        | 'sideToMove'
        | 'rows'
        | 'consecutiveDigits'
        | 'unknownPiece'
        | 'rankLength'
        | 'enPassantRank'
        | 'pawnsOnEdge'
        | 'invalid';
    }
  | { readonly problem: 'missingKing' | 'tooManyKings'; readonly color: Color };

/** chess.js's validation messages (validateFen, 1.x) and the problem each names. */
const FEN_CHECKS: readonly (readonly [RegExp, (m: RegExpExecArray) => FenProblem])[] = [
  [/six space-delimited fields/, () => ({ problem: 'fields' })],
  [/move number must be/, () => ({ problem: 'moveNumber' })],
  [/half move counter/, () => ({ problem: 'halfmoveClock' })],
  [/en-passant square is invalid/, () => ({ problem: 'enPassantSquare' })],
  [/castling availability/, () => ({ problem: 'castling' })],
  [/side-to-move/, () => ({ problem: 'sideToMove' })],
  [/does not contain 8/, () => ({ problem: 'rows' })],
  [/consecutive number/, () => ({ problem: 'consecutiveDigits' })],
  [/invalid piece/, () => ({ problem: 'unknownPiece' })],
  [/too many squares/, () => ({ problem: 'rankLength' })],
  [/illegal en-passant square/, () => ({ problem: 'enPassantRank' })],
  [/missing (white|black) king/, (m) => ({ problem: 'missingKing', color: m[1] === 'white' ? 'w' : 'b' })],
  [/too many (white|black) kings/, (m) => ({ problem: 'tooManyKings', color: m[1] === 'white' ? 'w' : 'b' })],
  [/pawns are on the edge/, () => ({ problem: 'pawnsOnEdge' })],
];

/** The problem chess.js's validation message names (`invalid` when it names none we know). */
function fenProblemOf(message: string): FenProblem {
  for (const [re, problem] of FEN_CHECKS) {
    const m = re.exec(message);
    if (m) return problem(m);
  }
  return { problem: 'invalid' };
}

/** An invalidFen error from chess.js's message: the message for the log, the problem as a code. */
function invalidFen(message: string): RulesError {
  return { code: 'invalidFen', message, fen: fenProblemOf(message) };
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

/** Validates a FEN and builds chess.js's board for it (the FEN comes back in normal form). */
function loadFen(text: string): Result<Chess, RulesError> {
  const fen = text.trim().replace(/\s+/g, ' ');
  if (fen === '')
    return err({ code: 'emptyFen', message: 'The position is empty.', fen: { problem: 'empty' } });
  // Accept FENs without move counters, as EPD-like positions are common in test suites.
  const parts = fen.split(' ');
  const full = parts.length === 4 ? `${fen} 0 1` : parts.length === 5 ? `${fen} 1` : fen;
  const check = validateFen(full);
  if (!check.ok) return err(invalidFen(check.error ?? 'Invalid FEN.'));
  try {
    // Validated just above: chess.js would validate it again.
    return ok(new Chess(full, { skipValidation: true }));
  } catch (e) {
    return err(invalidFen(e instanceof Error ? e.message : 'Invalid FEN.'));
  }
}

/** Validates a FEN and returns it in chess.js's normal form. */
export function parseFen(text: string): Result<string, RulesError> {
  const chess = loadFen(text);
  return chess.ok ? ok(chess.value.fen()) : chess;
}

/** The squares in the order chess.js generates moves: a8 to h8, then down the ranks to h1. */
const SQUARES_FROM_A8: readonly Square[] = [...RANKS]
  .reverse()
  .flatMap((r) => FILES.map((f) => `${f}${r}` as Square));

/** What a MoveInfo needs to work out the FEN after it on first read, and what it worked out. */
interface LazyParts {
  readonly board: ReadonlyMap<Square, Piece>;
  fenAfter: string | undefined;
}
const LAZY = '_lazy';
const lazyOf = (move: object): LazyParts => (move as { readonly [LAZY]: LazyParts })[LAZY];

/**
 * The FEN after the move as an enumerable getter, so that spreading or serialising a MoveInfo
 * still carries every field. The getter is shared by every move (closures per move gave each
 * MoveInfo a hidden class of its own, which made every read of a move's fields slow; issue 14).
 */
const FEN_AFTER: PropertyDescriptor = {
  enumerable: true,
  get(this: MoveInfo) {
    const lazy = lazyOf(this);
    return (lazy.fenAfter ??= normalFenAfter(this, lazy.board));
  },
};

/** The FEN after a move in chess.js's normal form. */
function normalFenAfter(move: MoveInfo, board: ReadonlyMap<Square, Piece>): string {
  const fen = fenAfterMove(move, board);
  // chess.js writes the en passant square only when taking there is legal (no pin, no check left
  // open): it settles that, on the rare move that leaves a pawn beside the one that stepped twice.
  return fen.split(' ')[3] === '-' ? fen : new Chess(fen, { skipValidation: true }).fen();
}

/**
 * A legal move from chess.js's SAN for it, as `moves({ square })` writes it: check and mate marked,
 * no disambiguation (that list holds one square's moves). `legalMovesOf` writes the SAN whole.
 */
function moveOfSan(
  text: string,
  from: Square,
  mover: Piece,
  board: ReadonlyMap<Square, Piece>,
  fenBefore: string,
): Record<string, unknown> {
  const last = text.charAt(text.length - 1);
  const mate = last === '#';
  const check = mate || last === '+';
  const bare = check ? text.slice(0, -1) : text;
  const castle = bare === 'O-O' ? 'king' : bare === 'O-O-O' ? 'queen' : undefined;
  const equals = bare.indexOf('=');
  const promotion = equals < 0 ? undefined : (bare.charAt(equals + 1).toLowerCase() as PromotionPiece);
  const toEnd = equals < 0 ? bare.length : equals;
  const to: Square = castle
    ? `${castle === 'king' ? 'g' : 'c'}${from[1] as '1' | '8'}`
    : (bare.slice(toEnd - 2, toEnd) as Square);
  const capture = castle === undefined && bare.includes('x');
  const enPassant = capture && mover.type === 'p' && !board.has(to);
  // The fields in the order they always had (spreading and serialising keep it).
  const info: Record<string, unknown> = {
    uci: `${from}${to}${promotion ?? ''}`,
    from,
    to,
    color: mover.color,
    piece: mover.type,
    enPassant,
    fenBefore,
  };
  if (capture) {
    info.captured = enPassant ? 'p' : board.get(to)?.type;
    info.capturedOn = enPassant ? `${to[0]}${from[1]}` : to;
  }
  if (promotion) info.promotion = promotion;
  if (castle) {
    info.castle = castle;
    info.rookFrom = `${castle === 'king' ? 'h' : 'a'}${from[1]}`;
    info.rookTo = `${castle === 'king' ? 'f' : 'd'}${from[1]}`;
  }
  info.san = bare;
  info.check = check;
  info.mate = mate;
  return info;
}

/**
 * What SAN writes after the piece letter to tell this move from a move of another man of the same
 * kind to the same square: the file, else the rank, else both (chess.js's rule).
 */
function disambiguation(move: MoveInfo, moves: readonly MoveInfo[]): string {
  let rivals = 0;
  let sameRank = 0;
  let sameFile = 0;
  for (const other of moves) {
    if (other.piece !== move.piece || other.to !== move.to || other.from === move.from) continue;
    rivals += 1;
    if (other.from[1] === move.from[1]) sameRank += 1;
    if (other.from[0] === move.from[0]) sameFile += 1;
  }
  if (rivals === 0) return '';
  if (sameRank > 0 && sameFile > 0) return move.from;
  return sameFile > 0 ? move.from.charAt(1) : move.from.charAt(0);
}

/**
 * The side to move's legal moves through chess.js's public API, one square at a time (its SAN list
 * for the square: a verbose list would cost a move generation per move), in chess.js's order,
 * square by square from a8 and castling last. The FEN after a move is left to its first read:
 * the voice and the board ask it of one move.
 */
function legalMovesOf(chess: Chess, fen: string, board: ReadonlyMap<Square, Piece>): MoveInfo[] {
  const turn = chess.turn();
  const moves: Record<string, unknown>[] = [];
  const castles: Record<string, unknown>[] = [];
  for (const from of SQUARES_FROM_A8) {
    const mover = board.get(from);
    if (mover?.color !== turn) continue;
    for (const san of chess.moves({ square: from })) {
      const move = moveOfSan(san, from, mover, board, fen);
      (move.castle ? castles : moves).push(move);
    }
  }
  moves.push(...castles);
  const list = moves as unknown as MoveInfo[];
  for (const [i, info] of moves.entries()) {
    const move = list[i] as MoveInfo;
    const mark = move.mate ? '#' : move.check ? '+' : '';
    const ambiguous = move.piece !== 'p' && move.castle === undefined;
    info.san = ambiguous
      ? `${move.san.charAt(0)}${disambiguation(move, list)}${move.san.slice(1)}${mark}`
      : `${move.san}${mark}`;
    // Not enumerable: spreading, serialising and comparing a MoveInfo see only its fields.
    Object.defineProperty(info, LAZY, { value: { board, fenAfter: undefined } satisfies LazyParts });
    Object.defineProperty(info, 'fenAfter', FEN_AFTER);
  }
  return list;
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
  const fields = fen.split(' ');
  const board = boardOfPlacement(fields[0] ?? '');
  const legalMoves = legalMovesOf(chess, fen, board);
  const inCheck = chess.inCheck();
  const info: PositionInfo = {
    fen,
    turn: chess.turn(),
    board,
    legalMoves,
    inCheck,
    checkmate: inCheck && legalMoves.length === 0,
    stalemate: !inCheck && legalMoves.length === 0,
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

/**
 * Whether the piece on `from` moves like that to `to`, its own king's safety aside (why a move is
 * illegal): a man of the side to move, by its movement; castling only when it is legal.
 */
export function movesLikeThat(fen: string, from: Square, to: Square): boolean {
  const r = inspect(fen);
  if (!r.ok) return false;
  const { board, turn } = r.value;
  if (board.get(from)?.color !== turn || board.get(to)?.color === turn) return false;
  // The en passant square as the FEN gives it: the normal form drops one whose capture is pinned,
  // and such a capture still moves like a pawn.
  const given = fen.trim().split(/\s+/)[3] ?? '-';
  const enPassant = isSquare(given) ? given : null;
  return legalMovesFrom(fen, from).some((m) => m.to === to) || movesByItsMovement(board, from, to, enPassant);
}

/**
 * The men as they stand in `fen`: the position's board, or, where the position is none the rules
 * accept (a pawn on the last rank awaiting its promotion piece, a king in hand), the placement
 * field read as it is. Undefined for a placement that is no board of eight by eight.
 */
export function boardOf(fen: string): ReadonlyMap<Square, Piece> | undefined {
  const r = inspect(fen);
  return r.ok ? r.value.board : standingBoard(fen);
}

export function pieceAt(fen: string, square: Square): Piece | undefined {
  return boardOf(fen)?.get(square);
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

/** Squares of every piece matching the filter, in a1..h8 order by file then rank. */
export function findPieces(fen: string, filter: Partial<Piece> = {}): Square[] {
  const board = boardOf(fen);
  if (!board) return [];
  return SQUARES_BY_FILE.filter((sq) => {
    const p = board.get(sq);
    return (
      p !== undefined &&
      (!filter.color || p.color === filter.color) &&
      (!filter.type || p.type === filter.type)
    );
  });
}

/**
 * Counts the leaf nodes of the legal move tree (the standard check of a move generator), through
 * this module's own legal moves and FENs after them.
 */
export function perft(fen: string, depth: number): number {
  const r = inspect(fen);
  if (!r.ok || depth < 0) return 0;
  if (depth === 0) return 1;
  const moves = r.value.legalMoves;
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const m of moves) nodes += perft(m.fenAfter, depth - 1);
  return nodes;
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
  return [placementOf(board), ...fen.split(' ').slice(1)].join(' ');
}
