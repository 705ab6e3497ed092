/**
 * The game record and its PGN form: a `GameRecord` is the core's Game plus its tags, its result
 * (with the reason, spec §2.6), the clock reading after every ply and the comments. Import and
 * export wrap the core's PGN reader and writer (src/core/pgn.ts) and add what the record needs:
 * the result's reason in our `Ending` tag and the standard `Termination` tag, so that every export
 * says how the game ended and a re-import gets the same result back. Annotators' comments (also
 * the one before move 1) and NAGs are kept and written again.
 */
import {
  currentFen,
  exportPgn as exportCorePgn,
  importPgn as importCorePgn,
  loserOf,
  mateOrStalemate,
  readPgnDatabase,
  type Game,
  type PgnError,
  type PgnGame,
} from '../core/index.ts';
import { err, ok, type Result } from '../core/index.ts';
import { pgnResultOf, pgnTermination, resultFromPgn, type GameResult } from './results.ts';
import { wholeSeconds } from './times.ts';

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
  /** The comment before the first move (an imported annotator's introduction). */
  readonly startComment?: string | null;
  /** Numeric annotation glyphs after each ply (`$1` good move, `$5` interesting, …). */
  readonly nags?: readonly (readonly number[])[];
}

/**
 * Why a record could not be read: the PGN reader's error, a stable code with its line, game, ply
 * and facts; speech/pgnErrors.ts `describePgnError` words it in the reader's language.
 */
export type RecordError = PgnError;

/** Tags the record derives itself and never takes from the caller's tag list. */
const DERIVED_TAGS = new Set(['Result', 'Termination', 'Ending', 'SetUp', 'FEN']);

function toRecord(g: PgnGame): GameRecord {
  const ending = mateOrStalemate(currentFen(g.game));
  const mated = ending?.reason === 'checkmate' ? loserOf(ending) : null;
  const tags: Record<string, string> = {};
  for (const [name, value] of Object.entries(g.tags)) if (!DERIVED_TAGS.has(name)) tags[name] = value;
  return {
    tags,
    game: g.game,
    result: resultFromPgn(g.result, g.tags.Ending, mated),
    clocks: g.clocks,
    comments: g.comments,
    // Present only when the file has them, so a record from play and its re-import are equal.
    ...(g.startComment === null ? {} : { startComment: g.startComment }),
    ...(g.nags.some((n) => n.length > 0) ? { nags: g.nags } : {}),
  };
}

/** Reads a PGN text holding one game into a record; a malformed text gives a clear error. */
export function importPgn(text: string): Result<GameRecord, RecordError> {
  const r = importCorePgn(text);
  return r.ok ? ok(toRecord(r.value)) : r;
}

/** A PGN file read game by game: the records of the good games and an error for each bad one. */
export interface PgnFile {
  readonly records: GameRecord[];
  /** In file order, each with its line, game number and reason. */
  readonly errors: RecordError[];
}

/** Reads every game of a PGN file, keeping the good games and naming each bad one. */
export function readPgnFile(text: string): PgnFile {
  const { games, errors } = readPgnDatabase(text);
  return { records: games.map(toRecord), errors };
}

/** Reads every game of a PGN file, all or nothing: the first bad game is the error. */
export function importPgnFile(text: string): Result<GameRecord[], RecordError> {
  const { records, errors } = readPgnFile(text);
  const [first] = errors;
  return first ? err(first) : ok(records);
}

/**
 * Writes a record as PGN: the Seven Tag Roster, the result token, `Termination` (PGN standard
 * §9.8.1) and our `Ending` tag with the precise reason, clock comments `[%clk h:mm:ss]` in whole
 * seconds (times.ts `wholeSeconds`: an imported reading with tenths is rounded too).
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
    clocks: record.clocks.map((c) => (c === null ? null : wholeSeconds(c))),
    comments: record.comments,
    startComment: record.startComment ?? null,
    nags: record.nags ?? [],
  });
}

/** A new, empty record for a game about to be played. */
export function newRecord(game: Game, tags: Readonly<Record<string, string>> = {}): GameRecord {
  return { tags, game, result: null, clocks: [], comments: [] };
}

/** Windows-1252 0x80–0x9F (the rest of the byte range is Latin-1, code point = byte). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * The text of a PGN file's bytes: UTF-8 (with or without a BOM) when the bytes are valid UTF-8,
 * otherwise Windows-1252, the Latin-1 superset that older databases (ChessBase exports, TWIC
 * archives) are written in, so that "Göteborg" is not read as "G�teborg". The fallback is our
 * own table: Node's TextDecoder reads "windows-1252" as plain Latin-1.
 */
export function decodePgnBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    let text = '';
    for (const b of bytes) text += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    return text;
  }
}
