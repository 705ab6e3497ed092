// The log's commit (issue 14): the intents of one turn of the server's event loop are written in
// one SQLite transaction, and only then acknowledged and relayed. When the transaction fails (here
// a real SQLite error, raised by a trigger put on the real database file), nobody hears of the
// intent, its sender is told, and everyone resumes from the log with the room exactly as before.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openWire, seatRoom, tableSeat, withTestServer, type TableSeat, type Wire } from './wire.ts';

const dir = mkdtempSync(join(tmpdir(), 'twinboard-commit-'));
const dbPath = join(dir, 'rooms.db');
const open: Wire[] = [];
const twinboard = withTestServer({ dbPath }, () => Promise.all(open.map((w) => w.close())));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Seats `role` again with its token, as a screen does after its connection was closed. */
async function resume(seat: TableSeat): Promise<TableSeat> {
  const w = await openWire(twinboard.url);
  open.push(w);
  w.send({ t: 'resume', code: seat.code, token: seat.token, after: 0 });
  const welcome = await w.next('welcome');
  return tableSeat(w, { t: 'seated', code: seat.code, role: welcome.role, token: seat.token }, welcome);
}

test('intents sent together are each acknowledged once they are in the log', async () => {
  const [blind, sighted] = await seatRoom(twinboard.url, {}, ['blind', 'sighted'], open);
  if (!blind || !sighted) throw new Error('no table');
  expect(await blind.act({ kind: 'startGame' })).toBe('ok');
  const from = blind.wire.received.length;
  const intents = [
    { kind: 'lift', square: 'e2' },
    { kind: 'place', square: 'e4' },
    { kind: 'announce' },
    { kind: 'pressClock' },
  ];
  // One burst: the frames arrive in the same turn of the server's loop.
  const logged: number[][] = [];
  blind.wire.socket.on('message', () =>
    logged.push(twinboard.server.store.entries(blind.code, 0).map((e) => e.seq)),
  );
  intents.forEach((intent, i) => blind.wire.send({ t: 'intent', n: i + 2, intent }));
  const acks = () => blind.wire.received.slice(from).flatMap((m) => (m.t === 'ack' ? [m.n] : []));
  while (acks().length < intents.length) await blind.wire.count(blind.wire.received.length + 1);
  expect(acks()).toEqual([2, 3, 4, 5]);
  // Whenever an acknowledgement or an entry arrived, what it names was already in the log.
  const arrived = blind.wire.received.slice(from);
  arrived.forEach((m, i) => {
    const seq = m.t === 'ack' ? m.seq : m.t === 'entry' ? m.entry.seq : 0;
    expect(logged[i]).toContain(seq);
  });
  // The opponent's screen has the move, too (its four entries come with the same commits).
  for (let i = 0; i < intents.length; i++) await sighted.wire.next('entry');
  expect(sighted.view().state.plies.map((p) => p.uci)).toEqual(['e2e4']);
});

test('a commit that fails: the sender is told, nobody hears of the intent, and all resume from the log', async () => {
  const [blind, sighted] = await seatRoom(twinboard.url, {}, ['blind', 'sighted'], open);
  if (!blind || !sighted) throw new Error('no table');
  expect(await blind.act({ kind: 'startGame' })).toBe('ok');
  expect(await blind.act({ kind: 'lift', square: 'e2' })).toBe('ok');
  // The opponent has heard of both (the start and the lift).
  await sighted.wire.next('entry');
  await sighted.wire.next('entry');
  const logBefore = twinboard.server.store.entries(blind.code, 0);
  const db = new Database(dbPath);
  db.exec(`CREATE TRIGGER full_disk BEFORE INSERT ON events WHEN NEW.intent LIKE '%"place"%'
           BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  const sightedHeard = sighted.wire.received.length;
  const closed = [blind, sighted].map(
    (s) => new Promise<number>((resolve) => s.wire.socket.once('close', (code) => resolve(code))),
  );
  expect(await blind.act({ kind: 'place', square: 'e4' })).toBe('serverError');
  // Both screens are cut off (to resume), the opponent without having heard of the placement.
  expect(await Promise.all(closed)).toEqual([1011, 1011]);
  expect(sighted.wire.received.slice(sightedHeard).filter((m) => m.t === 'entry')).toEqual([]);
  expect(twinboard.server.store.entries(blind.code, 0)).toEqual(logBefore);
  db.exec('DROP TRIGGER full_disk');
  db.close();

  const blindAgain = await resume(blind);
  const sightedAgain = await resume(sighted);
  // The room is what its log says: the pawn is in the blind player's hand, nothing placed.
  expect(blindAgain.view().state.boards.blind.aperture.hand).toMatchObject({ from: 'e2' });
  expect(await blindAgain.act({ kind: 'place', square: 'e4' })).toBe('ok');
  await sightedAgain.wire.next('entry');
  expect(
    sightedAgain.wire.received.filter((m) => m.t === 'entry').map((m) => m.t === 'entry' && m.entry.intent),
  ).toEqual([{ kind: 'place', square: 'e4', by: 'blind' }]);
});
