/**
 * The game archive on this device (issue 7): every game is saved through the Storage port as it is
 * played (one PGN per game, which keeps tags, result and reason, clock readings and comments), and
 * listed, reopened, imported from PGN files and exported again. An index of entries holds what the
 * list shows; a game in progress is listed without its move count (checklist 83: nobody tells a
 * player how many moves have been made). An import keeps every good game of a file and names each
 * bad one with its line and reason (issue 14): one bad game never costs the others.
 */
import type { PgnResult } from '../core/index.ts';
// From the modules themselves, not the record barrel: the archive is on every game's path, and
// the barrel would bring the braille and scoresheet writers into the start bundle.
import { exportPgn, importPgn, readPgnFile, type GameRecord, type RecordError } from '../record/pgn.ts';
import { pgnResultOf } from '../record/results.ts';
import type { LogEntry } from '../match/types.ts';
import type { KeyValueStore } from '../ports/storage.ts';
export { makeGameId, pairedGameId } from './gameIds.ts';

const INDEX_KEY = 'twinboard.archive.index';
const GAME_KEY = (id: string) => `twinboard.archive.game.${id}`;
const LOG_KEY = (id: string) => `twinboard.archive.log.${id}`;

/**
 * Where a game in the archive came from: a local game, a practice game against the computer (both
 * resumable here, each by its own screen), a paired game, or an import.
 */
export type ArchiveSource = 'local' | 'practice' | 'paired' | 'imported';

/** What the archive list shows about one game. */
export interface ArchiveEntry {
  readonly id: string;
  readonly white: string;
  readonly black: string;
  readonly event: string;
  readonly date: string;
  /** `*` while in progress. */
  readonly result: PgnResult;
  readonly inProgress: boolean;
  /** Number of moves (full moves); null for a game in progress (checklist 83). */
  readonly moves: number | null;
  readonly source: ArchiveSource;
  /** When the game was last saved (ms since the epoch). */
  readonly savedAt: number;
  /** The arbiter annulled this game (its result is `*`); absent in entries saved before this was kept. */
  readonly annulled?: boolean;
  /** The id of the game that replaced this annulled one. */
  readonly replayedAs?: string;
  /** The id of the annulled game this one replaced. */
  readonly replayOf?: string;
}

/** How a saved game is linked to an annulled game and its replay. */
export interface ReplayLinks {
  readonly replayOf?: string;
  readonly replayedAs?: string;
}

/** What an import added to the archive, and the games of the file it could not read. */
export interface ArchiveImport {
  readonly added: ArchiveEntry[];
  /** In file order, each with its line, game number and reason; nothing was stored for them. */
  readonly errors: RecordError[];
}

export interface Archive {
  /** Every game, most recently saved first. */
  list(): ArchiveEntry[];
  /** A stored game, or null if there is none with that id (or it cannot be read any more). */
  get(id: string): GameRecord | null;
  /** The stored PGN text of a game. */
  pgn(id: string): string | null;
  /**
   * Saves (or updates) a game; called after every move so nothing is lost (DESIGN.md principle 7).
   * `inProgress` defaults to "no result yet".
   */
  save(
    id: string,
    record: GameRecord,
    options: { source: ArchiveSource; now: number; inProgress?: boolean } & ReplayLinks,
  ): void;
  remove(id: string): void;
  /** Stores the game's evidence log beside it (checklist 34: immutable, exportable). */
  saveLog(id: string, log: readonly LogEntry[]): void;
  /** The stored evidence log of a game (empty when none was kept, e.g. an imported game). */
  log(id: string): LogEntry[];
  /**
   * Imports every good game of a PGN file and reports each bad one. `newId` makes a fresh id for
   * each game (time and randomness come from the caller).
   */
  importFile(text: string, now: number, newId: () => string): ArchiveImport;
}

function readIndex(store: KeyValueStore): ArchiveEntry[] {
  const raw = store.get(INDEX_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    // A damaged index is rebuilt from nothing rather than stopping the app; the games stay stored.
    return [];
  }
}

function isEntry(value: unknown): value is ArchiveEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.white === 'string' && typeof v.savedAt === 'number';
}

function entryOf(
  id: string,
  record: GameRecord,
  source: ArchiveSource,
  now: number,
  inProgress: boolean,
  links: ReplayLinks = {},
): ArchiveEntry {
  const tag = (name: string) => record.tags[name]?.trim() ?? '';
  const known = (v: string) => (v === '' || /^[?.\s]*$/.test(v) ? '' : v);
  return {
    id,
    white: known(tag('White')),
    black: known(tag('Black')),
    event: known(tag('Event')),
    date: known(tag('Date')),
    result: pgnResultOf(record.result),
    inProgress,
    moves: inProgress ? null : Math.ceil(record.game.moves.length / 2),
    source,
    savedAt: now,
    ...(record.result?.reason === 'annulled' ? { annulled: true } : {}),
    ...(links.replayOf === undefined ? {} : { replayOf: links.replayOf }),
    ...(links.replayedAs === undefined ? {} : { replayedAs: links.replayedAs }),
  };
}

/** The archive over a key–value store (localStorage in the browser, memory in tests). */
export function createArchive(store: KeyValueStore): Archive {
  const writeIndex = (entries: readonly ArchiveEntry[]) => store.set(INDEX_KEY, JSON.stringify(entries));
  const sorted = (entries: ArchiveEntry[]) => [...entries].sort((a, b) => b.savedAt - a.savedAt);
  return {
    list: () => sorted(readIndex(store)),
    get(id) {
      const text = store.get(GAME_KEY(id));
      if (text === null) return null;
      const r = importPgn(text);
      return r.ok ? r.value : null;
    },
    pgn: (id) => store.get(GAME_KEY(id)),
    save(id, record, { source, now, inProgress, replayOf, replayedAs }) {
      store.set(GAME_KEY(id), exportPgn(record));
      const links = {
        ...(replayOf === undefined ? {} : { replayOf }),
        ...(replayedAs === undefined ? {} : { replayedAs }),
      };
      const entry = entryOf(id, record, source, now, inProgress ?? record.result === null, links);
      writeIndex([...readIndex(store).filter((e) => e.id !== id), entry]);
    },
    remove(id) {
      store.remove(GAME_KEY(id));
      store.remove(LOG_KEY(id));
      writeIndex(readIndex(store).filter((e) => e.id !== id));
    },
    saveLog(id, log) {
      store.set(LOG_KEY(id), JSON.stringify(log));
    },
    log(id) {
      const raw = store.get(LOG_KEY(id));
      if (raw === null) return [];
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) ? (parsed as LogEntry[]) : [];
      } catch {
        return [];
      }
    },
    importFile(text, now, newId) {
      const { records, errors } = readPgnFile(text);
      const added = records.map((record) => {
        const id = newId();
        store.set(GAME_KEY(id), exportPgn(record));
        // An imported game is a finished record, even with `*`: it is not being played here.
        return { id, entry: entryOf(id, record, 'imported', now, false) };
      });
      if (added.length > 0) writeIndex([...readIndex(store), ...added.map((a) => a.entry)]);
      return { added: added.map((a) => a.entry), errors };
    },
  };
}

/** The room code of a paired game's archive id (`pairedGameId`), or null for other games. */
export function pairedRoomOf(id: string): string | null {
  return /^p-([a-z]+(?:-[a-z]+)*)-(?:blind|sighted)$/.exec(id)?.[1] ?? null;
}

/** A file name for downloads: `White-Black-date.ext`, letters, digits and hyphens only. */
export function downloadName(
  entry: Pick<ArchiveEntry, 'white' | 'black' | 'date' | 'id'>,
  extension: string,
): string {
  const base = [entry.white, entry.black, entry.date.replace(/\?+/g, '')]
    .map((p) =>
      p
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('_');
  return `${base || entry.id}.${extension}`;
}
