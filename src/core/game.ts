/**
 * The immutable Game value: a start position and the moves played from it (UCI). Every other
 * view of a game (positions, SAN list; its outcome in outcome.ts) is derived from these two fields.
 */
import { withItem } from './lists.ts';
import { err, ok, type Result } from './result.ts';
import { findMove, inspect, START_FEN, type MoveInfo, type RulesError } from './rules.ts';

export interface Game {
  readonly startFen: string;
  readonly moves: readonly string[];
}

export function createGame(startFen: string = START_FEN): Result<Game, RulesError> {
  const r = inspect(startFen);
  return r.ok ? ok({ startFen: r.value.fen, moves: [] }) : r;
}

/** The game with one more move, or an error if the move is not legal in the current position. */
function playMove(game: Game, uci: string): Result<Game, RulesError> {
  const move = findMove(currentFen(game), uci);
  return move.ok ? ok({ startFen: game.startFen, moves: withItem(game.moves, move.value.uci) }) : move;
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
 * kept, so the cache holds no position analysis alive. Lists are found by a number hashed from the
 * start position and the moves, and compared move by move: a text key joined from every move cost
 * a long string and its hashing on every question.
 */
interface FenList {
  readonly hash: number;
  readonly startFen: string;
  /** A copy of the moves, to compare with. */
  readonly moves: readonly string[];
  readonly fens: readonly string[];
  /** The next list with the same hash. */
  next: FenList | undefined;
}
const fenLists = new Map<number, FenList>();
const FEN_LISTS_KEPT = 2048;
/** The lists in the order they were made, the oldest overwritten first. */
const fenListsMade: (FenList | undefined)[] = Array.from({ length: FEN_LISTS_KEPT }, () => undefined);
let fenListsNext = 0;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** FNV-1a over `text` and a separator. */
function hashOn(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return Math.imul(h ^ 32, FNV_PRIME);
}

function findList(
  hash: number,
  startFen: string,
  moves: readonly string[],
  length: number,
): FenList | undefined {
  for (let e = fenLists.get(hash); e !== undefined; e = e.next) {
    if (e.startFen !== startFen || e.moves.length !== length) continue;
    let same = true;
    for (let i = 0; i < length && same; i++) same = e.moves[i] === moves[i];
    if (same) return e;
  }
  return undefined;
}

function forgetList(list: FenList): void {
  const first = fenLists.get(list.hash);
  if (first === list) {
    if (list.next) fenLists.set(list.hash, list.next);
    else fenLists.delete(list.hash);
    return;
  }
  for (let e = first; e !== undefined; e = e.next)
    if (e.next === list) {
      e.next = list.next;
      return;
    }
}

function rememberList(hash: number, startFen: string, moves: readonly string[], fens: readonly string[]) {
  const oldest = fenListsMade[fenListsNext];
  if (oldest) forgetList(oldest);
  const list: FenList = { hash, startFen, moves: moves.slice(), fens, next: fenLists.get(hash) };
  fenLists.set(hash, list);
  fenListsMade[fenListsNext] = list;
  fenListsNext = (fenListsNext + 1) % FEN_LISTS_KEPT;
}

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

/** Nearly every game starts from the same position: its hash is kept. */
let lastStartFen = '';
let lastStartHash = hashOn(FNV_OFFSET, '');

function fensByText(game: Game): readonly string[] {
  const { startFen, moves } = game;
  const length = moves.length;
  if (startFen !== lastStartFen) {
    lastStartFen = startFen;
    lastStartHash = hashOn(FNV_OFFSET, startFen);
  }
  let hash = lastStartHash;
  let shorter = hash;
  for (let i = 0; i < length; i++) {
    shorter = hash;
    hash = hashOn(hash, moves[i] as string);
  }
  const known = findList(hash, startFen, moves, length);
  if (known) return known.fens;
  const last = moves.at(-1);
  const before = last === undefined ? undefined : findList(shorter, startFen, moves, length - 1)?.fens;
  let fens: readonly string[];
  if (last !== undefined && before !== undefined) {
    // The shorter game stopped at an illegal move: so does this one.
    const m = before.length === length ? findMove(before.at(-1) ?? startFen, last) : null;
    fens = m?.ok ? withItem(before, m.value.fenAfter) : before;
  } else fens = [startFen, ...moveHistory(game).map((m) => m.fenAfter)];
  rememberList(hash, startFen, moves, fens);
  return fens;
}
