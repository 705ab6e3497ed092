/**
 * The game record and its PGN form: a `GameRecord` is the core's Game plus its tags, its result
 * (with the reason, spec §2.6), the clock reading after every ply and the comments. Import and
 * export wrap the core's PGN reader and writer (src/core/pgn.ts) and add what the record needs:
 * the result's reason in our `Ending` tag and the standard `Termination` tag, so that every export
 * says how the game ended and a re-import gets the same result back.
 */
import {
  exportPgn as exportCorePgn,
  gameStatus,
  importPgn as importCorePgn,
  importPgnDatabase,
  type Game,
  type PgnError,
} from '../core/index.ts';
import { err, ok, type Result } from '../core/index.ts';
import { pgnResultOf, pgnTermination, resultFromPgn, type GameResult } from './results.ts';

/** One game as the archive, the scoresheets and the exports see it. */
export interface GameRecord {
  /** PGN tags (Event, Site, Date, Round, White, Black, …); Result/Termination/Ending are derived. */
  readonly tags: Readonly<Record<string, string>>;
  readonly game: Game;
  /** Null while the game is in progress (or when a PGN says `*`). */
  readonly result: GameResult | null;
  /** Milliseconds on the mover's clock after each ply; null where not recorded. */
  readonly clocks: readonly (number | null)[];
  /** The comment after each ply; null where none. */
  readonly comments: readonly (string | null)[];
}

/** Why a record could not be read or written; `code` is stable for the UI. */
export interface RecordError {
  readonly code: PgnError['code'] | 'notBrailleAscii' | 'pageTooSmall';
  readonly message: string;
  /** 1-based line of the PGN text where the problem is, when known. */
  readonly line?: number;
  /** 1-based ply of a bad move, when the problem is a move. */
  readonly ply?: number;
}

/** Tags the record derives itself and never takes from the caller's tag list. */
const DERIVED_TAGS = new Set(['Result', 'Termination', 'Ending', 'SetUp', 'FEN']);

function fromPgnError(e: PgnError): RecordError {
  return {
    code: e.code,
    message: e.message,
    ...(e.line === undefined ? {} : { line: e.line }),
    ...(e.ply === undefined ? {} : { ply: e.ply }),
  };
}

function toRecord(g: {
  tags: Record<string, string>;
  game: Game;
  result: string;
  clocks: (number | null)[];
  comments: (string | null)[];
}): GameRecord {
  const status = gameStatus(g.game);
  const mated = status.kind === 'checkmate' ? (status.winner === 'w' ? 'b' : 'w') : null;
  const tags: Record<string, string> = {};
  for (const [name, value] of Object.entries(g.tags)) if (!DERIVED_TAGS.has(name)) tags[name] = value;
  return {
    tags,
    game: g.game,
    result: resultFromPgn(g.result, g.tags.Ending, mated),
    clocks: g.clocks,
    comments: g.comments,
  };
}

/** Reads a PGN text holding one game into a record; a malformed text gives a clear error. */
export function importPgn(text: string): Result<GameRecord, RecordError> {
  const r = importCorePgn(text);
  return r.ok ? ok(toRecord(r.value)) : err(fromPgnError(r.error));
}

/** Reads every game of a PGN database; one malformed game rejects the whole file (nothing half-imported). */
export function importPgnFile(text: string): Result<GameRecord[], RecordError> {
  const r = importPgnDatabase(text);
  return r.ok ? ok(r.value.map(toRecord)) : err(fromPgnError(r.error));
}

/**
 * Writes a record as PGN: the Seven Tag Roster, the result token, `Termination` (PGN standard
 * §9.8.1) and our `Ending` tag with the precise reason, clock comments `[%clk h:mm:ss]`.
 */
export function exportPgn(record: GameRecord): string {
  const tags: Record<string, string> = {};
  for (const [name, value] of Object.entries(record.tags)) if (!DERIVED_TAGS.has(name)) tags[name] = value;
  if (record.result !== null) {
    tags.Termination = pgnTermination(record.result.reason);
    tags.Ending = record.result.reason;
  }
  return exportCorePgn(record.game, {
    tags,
    result: pgnResultOf(record.result),
    clocks: record.clocks,
    comments: record.comments,
  });
}

/** A new, empty record for a game about to be played. */
export function newRecord(game: Game, tags: Readonly<Record<string, string>> = {}): GameRecord {
  return { tags, game, result: null, clocks: [], comments: [] };
}
