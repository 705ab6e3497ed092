// The client transport against the real server (in-process): entering a room, intents queued while
// offline and sent once, resuming from the last sequence number after a dropped connection and
// after a server restart on the same database, and the room folded into the same match state on
// every client.
import { afterEach, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTwinboardServer, type RunningTwinboard } from '../../src/server/app.ts';
import { matchEngine } from '../../src/server/matchEngine.ts';
import type { Session, Transport, TransportEvent } from '../../src/ports/transport.ts';
import type { LogEntry } from '../../src/net/protocol.ts';
import { foldRoom, openRoom, type RoomView } from '../../src/session/room.ts';
import { currentFen } from '../../src/core/index.ts';
import { moveIntents, nodeTransport, until, when } from '../helpers/pairedGame.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(dbPath: string, port = 0): Promise<RunningTwinboard> {
  const s = await startTwinboardServer({ engine: matchEngine, dbPath, port, host: '127.0.0.1' });
  return s;
}

/** A transport that folds its room like useRoom does. */
function follow(t: Transport) {
  const seen: LogEntry[] = [];
  let view: RoomView | null = null;
  const statuses: string[] = [];
  t.subscribe((e: TransportEvent) => {
    if (e.kind === 'room' && !view) view = openRoom(e.code, e.role, e.config);
    if (e.kind === 'entries') {
      seen.push(...e.entries);
      if (view) view = foldRoom(view, e.entries);
    }
    if (e.kind === 'status') statuses.push(e.status);
  });
  return {
    seen,
    statuses,
    get view(): RoomView {
      if (!view) throw new Error('no room yet');
      return view;
    },
  };
}

async function seatedPair(url: string) {
  const blind = nodeTransport(url);
  const blindLog = follow(blind);
  blind.start({ create: { role: 'blind', config: {} } });
  const seated = await when(
    blind,
    (e): e is Extract<TransportEvent, { kind: 'seated' }> => e.kind === 'seated',
  );
  const sighted = nodeTransport(url);
  const sightedLog = follow(sighted);
  sighted.start({ join: { code: seated.session.code, role: 'sighted' } });
  const sightedSeat = await when(
    sighted,
    (e): e is Extract<TransportEvent, { kind: 'seated' }> => e.kind === 'seated',
  );
  cleanups.push(
    () => blind.close(),
    () => sighted.close(),
  );
  return {
    blind,
    sighted,
    blindLog,
    sightedLog,
    code: seated.session.code,
    sightedSession: sightedSeat.session,
  };
}

test('both clients fold the same game; every entry arrives once and in order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-client-'));
  const s = await server(join(dir, 'db'));
  cleanups.push(() => s.close());
  const url = `ws://127.0.0.1:${s.port}/ws`;
  const { blind, sighted, blindLog, sightedLog } = await seatedPair(url);
  blind.send({ kind: 'startGame' });
  for (const i of moveIntents('blind', 'e2e4')) blind.send(i);
  await until(() => sightedLog.view.state.plies.length === 1, 5000, 'blind move relayed');
  for (const i of moveIntents('sighted', 'e7e5')) sighted.send(i);
  await until(() => blindLog.view.state.plies.length === 2, 5000, 'sighted move relayed');
  await until(() => blind.pending === 0 && sighted.pending === 0);
  expect(blindLog.seen.map((e) => e.seq)).toEqual(sightedLog.seen.map((e) => e.seq));
  expect(blindLog.seen.map((e) => e.seq)).toEqual(blindLog.seen.map((_, i) => i + 1));
  for (const log of [blindLog, sightedLog]) {
    expect(log.view.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(log.view.state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(log.view.state.scores.blind).toEqual(['e2e4', 'e7e5']);
  }
});

test('intents queued while the connection is down are sent once after the resume', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-client-'));
  const dbPath = join(dir, 'db');
  const first = await server(dbPath);
  const port = first.port;
  const url = `ws://127.0.0.1:${port}/ws`;
  const { blind, sighted, sightedLog } = await seatedPair(url);
  blind.send({ kind: 'startGame' });
  await until(() => sightedLog.view.state.phase === 'playing', 5000, 'game started');
  await first.close();
  await until(() => blind.status !== 'online' && sighted.status !== 'online', 5000, 'clients offline');
  for (const i of moveIntents('blind', 'd2d4')) blind.send(i);
  expect(blind.pending).toBe(4);
  const second = await server(dbPath, port);
  cleanups.push(() => second.close());
  await until(() => blind.status === 'online' && sighted.status === 'online', 5000, 'clients back');
  await until(() => sightedLog.view.state.plies.length === 1, 5000, 'queued move arrived');
  await until(() => blind.pending === 0);
  expect(sightedLog.view.state.boards.sighted.game.moves).toEqual(['d2d4']);
  // Each queued intent was logged exactly once.
  const kinds = second.store.entries(sightedLog.view.code, 0).map((e) => e.intent.kind);
  expect(kinds.filter((k) => k === 'lift')).toHaveLength(1);
  expect(kinds.filter((k) => k === 'pressClock')).toHaveLength(1);
});

test('a reloaded screen resumes with its saved session and rebuilds the same state', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-client-'));
  const s = await server(join(dir, 'db'));
  cleanups.push(() => s.close());
  const url = `ws://127.0.0.1:${s.port}/ws`;
  const { blind, sighted, sightedLog, sightedSession } = await seatedPair(url);
  blind.send({ kind: 'startGame' });
  for (const i of moveIntents('blind', 'g1f3')) blind.send(i);
  await until(() => sightedLog.view.state.plies.length === 1);
  sighted.close();
  const reloaded = nodeTransport(url);
  const reloadedLog = follow(reloaded);
  cleanups.push(() => reloaded.close());
  reloaded.start({ resume: sightedSession as Session });
  await until(() => reloadedLog.seen.length === sightedLog.seen.length, 5000, 'replay');
  expect(reloadedLog.view.state).toEqual(sightedLog.view.state);
  for (const i of moveIntents('sighted', 'g8f6')) reloaded.send(i);
  await until(() => reloadedLog.view.state.plies.length === 2, 5000, 'move after reload');
  expect(currentFen(reloadedLog.view.state.boards.blind.game)).toBe(
    currentFen(reloadedLog.view.state.boards.sighted.game),
  );
});

test('a refused intent is reported and the queue moves on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-client-'));
  const s = await server(join(dir, 'db'));
  cleanups.push(() => s.close());
  const { blind, sighted, sightedLog } = await seatedPair(`ws://127.0.0.1:${s.port}/ws`);
  blind.send({ kind: 'startGame' });
  await until(() => sightedLog.view.state.phase === 'playing');
  const refused = when(
    sighted,
    (e): e is Extract<TransportEvent, { kind: 'refused' }> => e.kind === 'refused',
  );
  sighted.send({ kind: 'move', uci: 'e7e5' });
  expect((await refused).code).toBe('refused');
  for (const i of moveIntents('blind', 'e2e4')) blind.send(i);
  await until(() => sightedLog.view.state.plies.length === 1);
  for (const i of moveIntents('sighted', 'e7e5')) sighted.send(i);
  await until(() => sightedLog.view.state.plies.length === 2, 5000, 'the next intent after a refusal');
});
