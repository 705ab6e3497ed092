/**
 * The room log in an embedded SQLite database (better-sqlite3). It owns the schema and every
 * statement: rooms (code, configuration), seats (role, hashed token, the seat's last intent
 * counter) and the append-only event log. Intents are written in one transaction per turn of the
 * event loop (`appendAll`), together with each seat's counter, BEFORE anyone is told about them
 * (DESIGN principle 7), so a crash between the write and the broadcast loses nothing: clients
 * resume from their last sequence number.
 *
 * Durability: WAL journal with `synchronous = NORMAL`. A transaction is committed once its frames
 * are written to the WAL file; the kernel holds them even if the process is killed (SIGKILL), and
 * the next open replays the WAL, so an acknowledged intent survives a crash of the server. Only a
 * power cut or a kernel crash can lose the last commits before a checkpoint's fsync; `--durability
 * full` (`synchronous = FULL`) fsyncs every commit for that case, at a cost per commit.
 * Checkpoints (copying the WAL into the database file, with its fsyncs) run in a worker thread on a
 * second connection, so the event loop never waits for the disk (they stalled it 15–20 ms).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Json, LogEntry, Seat } from '../net/protocol.ts';
import { silentLogger, type Logger } from './log.ts';

export interface RoomRow {
  readonly code: string;
  readonly createdAt: number;
  readonly config: { readonly [key: string]: Json };
  readonly lastSeq: number;
}

export interface SeatRow {
  readonly id: number;
  readonly code: string;
  readonly role: Seat;
  /** The seat's last accepted intent counter. */
  readonly lastN: number;
  /** The seat that created the room. */
  readonly creator: boolean;
}

/** How long rooms are kept after their last entry, in milliseconds. */
export interface Expiry {
  /** Finished games (the players keep them in their archives on their devices). */
  readonly finishedMs: number;
  /** Any room, finished or not, with no entry for this long (abandoned, or adjourned for good). */
  readonly idleMs: number;
}

/** One log entry to append: a room's next `seq`, sent by seat `seatId` as its intent number `n`. */
export interface AppendRow {
  readonly code: string;
  readonly seq: number;
  readonly at: number;
  readonly role: Seat;
  readonly seatId: number;
  readonly n: number;
  /** The intent as JSON text. */
  readonly intentJson: string;
  /** The entry ends the game (the room then expires sooner). */
  readonly ended: boolean;
}

/** The typed face of the database; one instance per server process. */
export interface Store {
  createRoom(code: string, createdAt: number, config: { readonly [key: string]: Json }): boolean;
  room(code: string): RoomRow | undefined;
  addSeat(code: string, role: Seat, tokenHash: string, at: number, creator: boolean): SeatRow;
  /** A seat by its token; removed seats are not found. */
  seatByToken(code: string, tokenHash: string): SeatRow | undefined;
  /** The room's seats, removed ones left out. */
  seats(code: string): SeatRow[];
  /** Removes a seat: its token no longer opens it (its log entries stay). */
  removeSeat(code: string, seatId: number, at: number): boolean;
  /** Stores the one open invitation for `role` in a room, replacing an earlier one. */
  putInvitation(code: string, role: Seat, inviteHash: string, at: number): void;
  /** Whether an invitation for `role` matches (it stays until `useInvitation`). */
  hasInvitation(code: string, role: Seat, inviteHash: string): boolean;
  useInvitation(code: string, role: Seat, inviteHash: string): void;
  /** Appends log entries in one transaction: all are durable when it returns, or none (it throws). */
  appendAll(rows: readonly AppendRow[]): void;
  entries(code: string, after: number): LogEntry[];
  /** Each seat's last accepted intent number, by seat id. */
  counters(code: string): Map<number, number>;
  /** Deletes rooms past their time (see Expiry) except those `keep` names; returns their codes. */
  expire(now: number, expiry: Expiry, keep: (code: string) => boolean): string[];
  roomCount(): number;
  /** Stops the checkpointer and closes the database (which checkpoints what is left). */
  close(): Promise<void>;
}

/** Opens (and if need be creates) the database file; `:memory:` works for tests. */
export function openStore(
  path: string,
  durability: 'normal' | 'full' = 'normal',
  logger: Logger = silentLogger,
): Store {
  const onDisk = path !== ':memory:';
  if (onDisk) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  const synchronous = durability === 'full' ? 'FULL' : 'NORMAL';
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  // The checkpointer thread does them (below); this connection only appends to the WAL.
  if (onDisk) db.pragma('wal_autocheckpoint = 0');
  db.pragma('foreign_keys = ON');
  createSchema(db);
  const rooms = roomTable(db);
  const seats = seatTable(db);
  const invitations = invitationTable(db);
  const log = eventLog(db);
  const stopCheckpointer = onDisk ? startCheckpointer(path, synchronous, logger) : null;
  return {
    ...rooms,
    ...seats,
    ...invitations,
    ...log,
    async close() {
      await stopCheckpointer?.();
      // The last connection to close checkpoints the WAL into the database file.
      db.close();
    },
  };
}

type Db = Database.Database;

const SCHEMA = `
    CREATE TABLE IF NOT EXISTS rooms (
      code TEXT PRIMARY KEY,
      created_at INTEGER NOT NULL,
      config TEXT NOT NULL,
      last_seq INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS seats (
      id INTEGER PRIMARY KEY,
      code TEXT NOT NULL REFERENCES rooms(code),
      role TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      last_n INTEGER NOT NULL DEFAULT 0,
      joined_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS seats_by_room ON seats(code);
    CREATE TABLE IF NOT EXISTS events (
      code TEXT NOT NULL REFERENCES rooms(code),
      seq INTEGER NOT NULL,
      at INTEGER NOT NULL,
      seat_id INTEGER NOT NULL REFERENCES seats(id),
      role TEXT NOT NULL,
      intent TEXT NOT NULL,
      PRIMARY KEY (code, seq)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS invitations (
      code TEXT NOT NULL REFERENCES rooms(code),
      role TEXT NOT NULL,
      invite_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (code, role)
    ) WITHOUT ROWID;
  `;

/** Creates the tables a new database lacks, and the columns a database from before lacks. */
function createSchema(db: Db): void {
  db.exec(SCHEMA);
  // Columns added after the first release: a database from before gets them on open.
  const addColumn = (table: string, column: string, definition: string) => {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === column))
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  };
  addColumn('rooms', 'updated_at', 'INTEGER');
  addColumn('rooms', 'ended_at', 'INTEGER');
  addColumn('seats', 'creator', 'INTEGER NOT NULL DEFAULT 0');
  addColumn('seats', 'removed_at', 'INTEGER');
  // The seat's intent number is kept with each entry (one INSERT per intent, issue 14); rooms.last_seq
  // and seats.last_n are only read, for databases written before.
  addColumn('events', 'n', 'INTEGER');
}

/** The rooms: created, read, counted, and deleted with all their rows once past their time. */
function roomTable(db: Db): Pick<Store, 'createRoom' | 'room' | 'roomCount' | 'expire'> {
  const insertRoom = db.prepare(
    'INSERT OR IGNORE INTO rooms (code, created_at, updated_at, config) VALUES (?, ?, ?, ?)',
  );
  const selectRoom = db.prepare<
    [string],
    { code: string; created_at: number; config: string; last_seq: number }
  >('SELECT code, created_at, config, last_seq FROM rooms WHERE code = ?');
  // A room's last activity is its last entry (or its creation); found by the primary key.
  const selectActivity = db.prepare<[], { code: string; ended_at: number | null; last_at: number }>(
    'SELECT code, ended_at, coalesce((SELECT at FROM events e WHERE e.code = r.code ORDER BY seq DESC ' +
      'LIMIT 1), updated_at, created_at) AS last_at FROM rooms r',
  );
  const deleteRoomRows = ['events', 'invitations', 'seats', 'rooms'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE code = ?`),
  );
  const countRooms = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM rooms');
  const deleteRoomTx = db.transaction((code: string) => {
    for (const statement of deleteRoomRows) statement.run(code);
  });
  return {
    createRoom: (code, createdAt, config) =>
      insertRoom.run(code, createdAt, createdAt, JSON.stringify(config)).changes === 1,
    room(code) {
      const r = selectRoom.get(code);
      return (
        r && { code: r.code, createdAt: r.created_at, config: JSON.parse(r.config), lastSeq: r.last_seq }
      );
    },
    roomCount: () => countRooms.get()?.n ?? 0,
    expire(now, expiry, keep) {
      const codes = selectActivity
        .all()
        .filter((r) => now - r.last_at > (r.ended_at === null ? expiry.idleMs : expiry.finishedMs))
        .map((r) => r.code)
        .filter((code) => !keep(code));
      for (const code of codes) deleteRoomTx(code);
      return codes;
    },
  };
}

type SeatDbRow = { id: number; code: string; role: Seat; last_n: number; creator: number };

const toSeat = (r: SeatDbRow): SeatRow => ({
  id: r.id,
  code: r.code,
  role: r.role,
  lastN: r.last_n,
  creator: r.creator === 1,
});

/** The seats: added, found by token, listed, removed, and each one's last intent number. */
function seatTable(db: Db): Pick<Store, 'addSeat' | 'seatByToken' | 'seats' | 'removeSeat' | 'counters'> {
  const insertSeat = db.prepare(
    'INSERT INTO seats (code, role, token_hash, joined_at, creator) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const selectSeatByToken = db.prepare<[string, string], SeatDbRow>(
    'SELECT id, code, role, last_n, creator FROM seats WHERE token_hash = ? AND code = ? AND removed_at IS NULL',
  );
  const selectSeats = db.prepare<[string], SeatDbRow>(
    'SELECT id, code, role, last_n, creator FROM seats WHERE code = ? AND removed_at IS NULL ORDER BY id',
  );
  const updateSeatRemoved = db.prepare(
    'UPDATE seats SET removed_at = ? WHERE id = ? AND code = ? AND removed_at IS NULL',
  );
  const selectCounters = db.prepare<[string], { seat_id: number; n: number }>(
    'SELECT seat_id, max(n) AS n FROM events WHERE code = ? AND n IS NOT NULL GROUP BY seat_id',
  );
  return {
    addSeat(code, role, tokenHash, at, creator) {
      const row = insertSeat.get(code, role, tokenHash, at, creator ? 1 : 0) as { id: number };
      return { id: row.id, code, role, lastN: 0, creator };
    },
    removeSeat: (code, seatId, at) => updateSeatRemoved.run(at, seatId, code).changes === 1,
    seatByToken(code, tokenHash) {
      const r = selectSeatByToken.get(tokenHash, code);
      return r && toSeat(r);
    },
    seats: (code) => selectSeats.all(code).map(toSeat),
    counters(code) {
      const counters = new Map(selectSeats.all(code).map((s) => [s.id, s.last_n]));
      for (const r of selectCounters.all(code))
        counters.set(r.seat_id, Math.max(r.n, counters.get(r.seat_id) ?? 0));
      return counters;
    },
  };
}

/** The invitations: one open invitation per seat of a room, used once. */
function invitationTable(db: Db): Pick<Store, 'putInvitation' | 'hasInvitation' | 'useInvitation'> {
  const upsertInvitation = db.prepare(
    'INSERT OR REPLACE INTO invitations (code, role, invite_hash, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectInvitation = db.prepare<[string, string, string], { n: number }>(
    'SELECT 1 AS n FROM invitations WHERE code = ? AND role = ? AND invite_hash = ?',
  );
  const deleteInvitation = db.prepare(
    'DELETE FROM invitations WHERE code = ? AND role = ? AND invite_hash = ?',
  );
  return {
    putInvitation(code, role, inviteHash, at) {
      upsertInvitation.run(code, role, inviteHash, at);
    },
    hasInvitation: (code, role, inviteHash) => selectInvitation.get(code, role, inviteHash) !== undefined,
    useInvitation(code, role, inviteHash) {
      deleteInvitation.run(code, role, inviteHash);
    },
  };
}

/** The event log: entries appended (the room marked ended by the entry that ends its game) and read. */
function eventLog(db: Db): Pick<Store, 'appendAll' | 'entries'> {
  const insertEvent = db.prepare(
    'INSERT INTO events (code, seq, at, seat_id, n, role, intent) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const selectEvents = db.prepare<[string, number], { seq: number; at: number; role: Seat; intent: string }>(
    'SELECT seq, at, role, intent FROM events WHERE code = ? AND seq > ? ORDER BY seq',
  );
  const markEnded = db.prepare('UPDATE rooms SET ended_at = coalesce(ended_at, ?) WHERE code = ?');
  const appendAll = db.transaction((rows: readonly AppendRow[]) => {
    // The primary key (code, seq) refuses a second entry with the same number.
    for (const r of rows) {
      insertEvent.run(r.code, r.seq, r.at, r.seatId, r.n, r.role, r.intentJson);
      if (r.ended) markEnded.run(r.at, r.code);
    }
  });
  return {
    appendAll(rows) {
      const only = rows.length === 1 ? rows[0] : undefined;
      // One plain INSERT is its own transaction, without the cost of BEGIN and COMMIT statements.
      if (only && !only.ended)
        insertEvent.run(only.code, only.seq, only.at, only.seatId, only.n, only.role, only.intentJson);
      else if (rows.length > 0) appendAll(rows);
    },
    entries: (code, after) =>
      selectEvents
        .all(code, after)
        .map((r) => ({ seq: r.seq, at: r.at, role: r.role, intent: JSON.parse(r.intent) })),
  };
}

/** How often the checkpointer copies the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * A worker thread with its own connection that checkpoints the WAL (PASSIVE: it never blocks the
 * writer). Plain CommonJS evaluated in the worker, so the built server needs no second file.
 */
function startCheckpointer(path: string, synchronous: string, logger: Logger): () => Promise<void> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.path);
     db.pragma('busy_timeout = 1000');
     db.pragma('synchronous = ' + workerData.synchronous);
     const timer = setInterval(() => {
       try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* the next round tries again */ }
     }, workerData.everyMs);
     parentPort.once('message', () => {
       clearInterval(timer);
       db.close();
       parentPort.close();
     });`,
    {
      eval: true,
      // Not the parent's flags (a TypeScript loader, a profiler): this thread runs plain JS.
      execArgv: [],
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        synchronous,
        everyMs: CHECKPOINT_EVERY_MS,
      },
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    },
  );
  // It keeps nothing alive, and a failure there only lets the WAL grow until the next start.
  worker.unref();
  worker.on('error', (e) => logger.error({ err: e }, 'checkpointer stopped'));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  /** Closes its connection first, so that the server's own is the last and checkpoints at close. */
  return () => {
    worker.postMessage('close');
    return exited;
  };
}
