/**
 * The immutable Game value: a start position and the moves played from it (UCI). Every other
 * view of a game (positions, SAN list, status) is derived from these two fields.
 */
import { err, ok, type Result } from './result.ts';
import { findMove, inspect, position, START_FEN, type MoveInfo, type RulesError } from './rules.ts';

export interface Game {
  readonly startFen: string;
  readonly moves: readonly string[];
}

export type GameStatus =
  | { readonly kind: 'playing' }
  | { readonly kind: 'checkmate'; readonly winner: 'w' | 'b' }
  | { readonly kind: 'stalemate' };

export function createGame(startFen: string = START_FEN): Result<Game, RulesError> {
  const r = inspect(startFen);
  return r.ok ? ok({ startFen: r.value.fen, moves: [] }) : r;
}

/** The game with one more move, or an error if the move is not legal in the current position. */
function playMove(game: Game, uci: string): Result<Game, RulesError> {
  const move = findMove(currentFen(game), uci);
  return move.ok ? ok({ startFen: game.startFen, moves: [...game.moves, move.value.uci] }) : move;
}

/** Plays a list of moves; stops at the first illegal one and reports which ply it was. */
export function playMoves(game: Game, ucis: readonly string[]): Result<Game, RulesError & { ply: number }> {
  let g = game;
  for (const [i, uci] of ucis.entries()) {
    const r = playMove(g, uci);
    if (!r.ok)
      return err({ ...r.error, ply: g.moves.length + 1, message: `Move ${i + 1}: ${r.error.message}` });
    g = r.value;
  }
  return ok(g);
}

/** Every played move with full detail, in order. */
export function moveHistory(game: Game): MoveInfo[] {
  const out: MoveInfo[] = [];
  let fen = game.startFen;
  for (const uci of game.moves) {
    const m = findMove(fen, uci);
    if (!m.ok) break;
    out.push(m.value);
    fen = m.value.fenAfter;
  }
  return out;
}

/** The FEN before each move and after the last: `moves.length + 1` entries. */
export function positions(game: Game): string[] {
  return [...fensOf(game)];
}

export function currentFen(game: Game): string {
  return fensOf(game).at(-1) ?? game.startFen;
}

/**
 * Recent games' positions by content. The match asks for them several times per intent, each time
 * with a new moves array; a game one move longer than a known one is played on from it, one move,
 * instead of replayed from the start (a server holds hundreds of games, issue 14). Only FEN text is
 * kept, so the cache holds no position analysis alive.
 */
const fenLists = new Map<string, readonly string[]>();
const FEN_LISTS_KEPT = 2048;

/**
 * The last few lists by the moves array itself: a game's array is often asked for again within one
 * intent. Compared by identity only — a WeakMap entry per array cost more than it saved, as most
 * arrays are asked for once (issue 14).
 */
interface RecentList {
  readonly moves: readonly string[];
  readonly startFen: string;
  readonly length: number;
  readonly fens: readonly string[];
}
const RECENT_KEPT = 8;
const recent: (RecentList | undefined)[] = Array.from({ length: RECENT_KEPT }, () => undefined);
let recentNext = 0;

function fensOf(game: Game): readonly string[] {
  for (let i = 0; i < RECENT_KEPT; i++) {
    const r = recent[i];
    // (The length guards against an array that someone kept writing to after asking.)
    if (
      r !== undefined &&
      r.moves === game.moves &&
      r.startFen === game.startFen &&
      r.length === game.moves.length
    )
      return r.fens;
  }
  const fens = fensByText(game);
  recent[recentNext] = { moves: game.moves, startFen: game.startFen, length: game.moves.length, fens };
  recentNext = (recentNext + 1) % RECENT_KEPT;
  return fens;
}

function fensByText(game: Game): readonly string[] {
  const key = `${game.startFen}|${game.moves.join(' ')}`;
  const known = fenLists.get(key);
  if (known) return known;
  const last = game.moves.at(-1);
  const separator = game.moves.length > 1 ? 1 : 0;
  const before =
    last === undefined ? undefined : fenLists.get(key.slice(0, key.length - last.length - separator));
  let fens: readonly string[];
  if (last !== undefined && before !== undefined) {
    // The shorter game stopped at an illegal move: so does this one.
    const m = before.length === game.moves.length ? findMove(before.at(-1) ?? game.startFen, last) : null;
    fens = m?.ok ? [...before, m.value.fenAfter] : before;
  } else fens = [game.startFen, ...moveHistory(game).map((m) => m.fenAfter)];
  if (fenLists.size >= FEN_LISTS_KEPT) fenLists.delete(fenLists.keys().next().value as string);
  fenLists.set(key, fens);
  return fens;
}

export function gameStatus(game: Game): GameStatus {
  const p = position(currentFen(game));
  if (p.checkmate) return { kind: 'checkmate', winner: p.turn === 'w' ? 'b' : 'w' };
  if (p.stalemate) return { kind: 'stalemate' };
  return { kind: 'playing' };
}
