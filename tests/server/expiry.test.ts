// Rooms expire (issue 14): a finished game's room is deleted a set time after its last entry, any
// room after a longer idle time, never one somebody is connected to; the finished game stays in the
// player's archive on his device. Real server, real SQLite, the server's clock under the test's control.
import { expect, test } from 'vitest';
import { createRemoteSession, type RemoteSession } from '../../src/session/remote.ts';
import { createArchive } from '../../src/session/archive.ts';
import { archiveSession } from '../../src/screens/archive/sessionArchiver.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { systemClock } from '../../src/ports/clock.ts';
import type { Session } from '../../src/ports/transport.ts';
import { moveIntents, nodeTransport, until } from '../helpers/pairedGame.ts';
import { openWire, withTestServer } from './wire.ts';

const MINUTE = 60_000;
let t = Date.UTC(2026, 10, 23, 12);
const sessions: RemoteSession[] = [];
const twinboard = withTestServer(
  { now: () => t, expiry: { finishedMs: 10 * MINUTE, idleMs: 24 * 60 * MINUTE } },
  () => {
    for (const s of sessions) s.close();
  },
);

function open(entry: Parameters<typeof createRemoteSession>[0]['entry']) {
  let seat: Session | null = null;
  const session = createRemoteSession({
    transport: nodeTransport(twinboard.url),
    entry,
    clock: systemClock,
    onSeated: (s) => (seat = s),
  });
  sessions.push(session);
  return { session, seat: () => seat };
}

async function startedGame() {
  const blind = open({ create: { role: 'blind', config: {} } });
  await until(() => blind.session.ready && blind.seat() !== null, 5000, 'room');
  const code = blind.seat()?.code ?? '';
  const sighted = open({ join: { code, role: 'sighted' } });
  await until(() => sighted.session.ready, 5000, 'joined');
  blind.session.dispatch({ kind: 'startGame', by: 'blind' });
  await until(() => sighted.session.getState().phase === 'playing', 5000, 'started');
  return { blind, sighted, code };
}

test('a finished game expires from the server and stays in the player’s archive; a live one stays', async () => {
  const finished = await startedGame();
  const archive = createArchive(memoryStore());
  const stopArchiving = archiveSession(finished.blind.session, archive, {
    id: 'paired-game',
    source: 'paired',
    seat: 'blind',
    tags: {},
    now: () => t,
  });
  for (const intent of moveIntents('blind', 'e2e4'))
    finished.blind.session.dispatch({ ...intent, by: 'blind' } as never);
  await until(() => finished.sighted.session.getState().plies.length === 1, 5000, 'first move');
  finished.sighted.session.dispatch({ kind: 'resign', by: 'sighted' });
  await until(() => finished.blind.session.getState().phase === 'over', 5000, 'game over');
  stopArchiving();
  const blindToken = finished.blind.seat()?.token ?? '';

  const live = await startedGame();
  // Everyone leaves both rooms; eleven minutes pass.
  for (const s of sessions.splice(0)) s.close();
  await until(() => twinboard.server.residentRooms() === 0, 5000, 'rooms unloaded');
  t += 11 * MINUTE;
  expect(twinboard.server.expireRooms()).toEqual([finished.code]);
  expect(twinboard.server.store.room(finished.code)).toBeUndefined();
  expect(twinboard.server.store.entries(finished.code, 0)).toEqual([]);
  expect(twinboard.server.store.room(live.code)).toBeDefined();

  // The blind player's screen comes back: the server has forgotten the room...
  const w = await openWire(twinboard.url);
  w.send({ t: 'resume', code: finished.code, token: blindToken, after: 0 });
  expect((await w.next('error')).code).toBe('noSuchRoom');
  // ...and his archive still holds the game, with its moves and result.
  const [saved] = archive.list();
  expect(saved?.id).toBe('paired-game');
  expect(archive.pgn('paired-game')).toMatch(/1\. e4 .*1-0/s);

  // A day without an entry: the unfinished room goes too, unless someone is in it (a spectator's
  // arrival is an entry too: the day counts from it).
  const watcher = await openWire(twinboard.url);
  watcher.send({ t: 'join', code: live.code, role: 'spectator' });
  await watcher.next('welcome');
  t += 25 * 60 * MINUTE;
  expect(twinboard.server.expireRooms()).toEqual([]);
  await watcher.close();
  await w.close();
  await until(() => twinboard.server.residentRooms() === 0, 5000, 'rooms unloaded');
  expect(twinboard.server.expireRooms()).toEqual([live.code]);
});
