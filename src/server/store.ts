/**
 * The room log in an embedded SQLite database (better-sqlite3). It owns the schema and every
 * statement: rooms (code, configuration), seats (role, hashed token, the seat's last intent
 * counter) and the append-only event log. An intent is written inside a transaction together with
 * the seat's counter BEFORE anyone is told about it (DESIGN principle 7), so a crash between the
 * write and the broadcast loses nothing: clients resume from their last sequence number.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Json, LogEntry, Seat, WireIntent } from '../net/protocol.ts';

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
}

/** The typed face of the database; one instance per server process. */
export interface Store {
  createRoom(code: string, createdAt: number, config: { readonly [key: string]: Json }): boolean;
  room(code: string): RoomRow | undefined;
  addSeat(code: string, role: Seat, tokenHash: string, at: number): SeatRow;
  seatByToken(code: string, tokenHash: string): SeatRow | undefined;
  seats(code: string): SeatRow[];
  /** Appends one entry and advances the seat's counter atomically; returns the entry. */
  append(code: string, seatId: number, n: number, role: Seat, at: number, intent: WireIntent): LogEntry;
  entries(code: string, after: number): LogEntry[];
  roomCount(): number;
  close(): void;
}

/** Opens (and if need be creates) the database file; `:memory:` works for tests. */
export function openStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL + NORMAL: a committed transaction survives a killed process (SIGKILL), which is the
  // failure the server must ride out; only a power cut may lose the last commits.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.exec(`
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
  `);

  const insertRoom = db.prepare('INSERT OR IGNORE INTO rooms (code, created_at, config) VALUES (?, ?, ?)');
  const selectRoom = db.prepare<
    [string],
    { code: string; created_at: number; config: string; last_seq: number }
  >('SELECT code, created_at, config, last_seq FROM rooms WHERE code = ?');
  const insertSeat = db.prepare(
    'INSERT INTO seats (code, role, token_hash, joined_at) VALUES (?, ?, ?, ?) RETURNING id',
  );
  type SeatDbRow = { id: number; code: string; role: Seat; last_n: number };
  const selectSeatByToken = db.prepare<[string, string], SeatDbRow>(
    'SELECT id, code, role, last_n FROM seats WHERE token_hash = ? AND code = ?',
  );
  const selectSeats = db.prepare<[string], SeatDbRow>(
    'SELECT id, code, role, last_n FROM seats WHERE code = ? ORDER BY id',
  );
  const bumpRoom = db.prepare<[string], { last_seq: number }>(
    'UPDATE rooms SET last_seq = last_seq + 1 WHERE code = ? RETURNING last_seq',
  );
  const bumpSeat = db.prepare('UPDATE seats SET last_n = ? WHERE id = ? AND last_n = ?');
  const insertEvent = db.prepare(
    'INSERT INTO events (code, seq, at, seat_id, role, intent) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const selectEvents = db.prepare<[string, number], { seq: number; at: number; role: Seat; intent: string }>(
    'SELECT seq, at, role, intent FROM events WHERE code = ? AND seq > ? ORDER BY seq',
  );
  const countRooms = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM rooms');

  const toSeat = (r: SeatDbRow): SeatRow => ({ id: r.id, code: r.code, role: r.role, lastN: r.last_n });

  const appendTx = db.transaction(
    (code: string, seatId: number, n: number, role: Seat, at: number, intent: WireIntent): LogEntry => {
      const moved = bumpSeat.run(n, seatId, n - 1);
      if (moved.changes !== 1) throw new Error('seat counter moved');
      const seq = bumpRoom.get(code)?.last_seq;
      if (seq === undefined) throw new Error('no such room');
      insertEvent.run(code, seq, at, seatId, role, JSON.stringify(intent));
      return { seq, at, role, intent };
    },
  );

  return {
    createRoom: (code, createdAt, config) =>
      insertRoom.run(code, createdAt, JSON.stringify(config)).changes === 1,
    room(code) {
      const r = selectRoom.get(code);
      return (
        r && { code: r.code, createdAt: r.created_at, config: JSON.parse(r.config), lastSeq: r.last_seq }
      );
    },
    addSeat(code, role, tokenHash, at) {
      const row = insertSeat.get(code, role, tokenHash, at) as { id: number };
      return { id: row.id, code, role, lastN: 0 };
    },
    seatByToken(code, tokenHash) {
      const r = selectSeatByToken.get(tokenHash, code);
      return r && toSeat(r);
    },
    seats: (code) => selectSeats.all(code).map(toSeat),
    append: (code, seatId, n, role, at, intent) => appendTx(code, seatId, n, role, at, intent),
    entries: (code, after) =>
      selectEvents
        .all(code, after)
        .map((r) => ({ seq: r.seq, at: r.at, role: r.role, intent: JSON.parse(r.intent) })),
    roomCount: () => countRooms.get()?.n ?? 0,
    close: () => db.close(),
  };
}
