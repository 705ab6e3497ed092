// A paired game is saved to each player's device archive as it is played, like a local game
// (issue 10, principle 7): the blind player finds it in his archive, in progress, with his own
// moves; a reload keeps one entry; the arbiter's device keeps no scoresheet. Against the real server.
import { expect, test } from 'vitest';
import { createRemoteSession, type RemoteSession } from '../../src/session/remote.ts';
import { createArchive, pairedRoomOf } from '../../src/session/archive.ts';
import { memoryStore, type KeyValueStore } from '../../src/ports/storage.ts';
import type { Session } from '../../src/ports/transport.ts';
import { systemClock } from '../../src/ports/clock.ts';
import { archivePairedGame } from '../../src/screens/archive/sessionArchiver.ts';
import { nodeTransport, until } from '../helpers/pairedGame.ts';
import { withTestServer } from '../server/wire.ts';
import { blindMoveByHand } from '../helpers/matchStates.ts';

const sessions: RemoteSession[] = [];
const twinboard = withTestServer({}, () => {
  for (const s of sessions) s.close();
});

/** A seat's screen: once the room has arrived its game is archived on the device, as RoomScreen does. */
async function open(entry: Parameters<typeof createRemoteSession>[0]['entry'], store: KeyValueStore) {
  let seat: Session | null = 'resume' in entry ? entry.resume : null;
  const session = createRemoteSession({
    transport: nodeTransport(twinboard.url),
    entry,
    clock: systemClock,
    onSeated: (s) => (seat = s),
  });
  sessions.push(session);
  await until(() => session.ready && seat !== null, 5000, 'room');
  const stop = archivePairedGame(session, seat!, store, systemClock.now, 'en');
  return { session, seat: seat!, stop };
}

test('each player’s device archives the paired game as it is played, one entry across a reload', async () => {
  const blindDevice = memoryStore();
  const sightedDevice = memoryStore();
  const blind = await open({ create: { role: 'blind', config: {} } }, blindDevice);
  const sighted = await open({ join: { code: blind.seat.code, role: 'sighted' } }, sightedDevice);
  // An untouched board is not a game yet.
  expect(createArchive(blindDevice).list()).toEqual([]);

  blind.session.dispatch({ kind: 'startGame', by: 'blind' });
  for (const intent of blindMoveByHand('e2', 'e4')) blind.session.dispatch(intent);
  await until(() => sighted.session.getState().boards.sighted.game.moves.length === 1, 5000, 'relayed');

  const [entry] = createArchive(blindDevice).list();
  expect(entry).toMatchObject({
    source: 'paired',
    inProgress: true,
    white: 'Blind player',
    black: 'Sighted player',
  });
  expect(createArchive(blindDevice).get(entry!.id)?.game.moves).toEqual(['e2e4']);
  // The archive leads back to the room.
  expect(pairedRoomOf(entry!.id)).toBe(blind.seat.code);
  await until(() => createArchive(sightedDevice).list().length === 1, 5000, 'sighted archive');
  expect(createArchive(sightedDevice).list()[0]).toMatchObject({ source: 'paired', inProgress: true });

  // The blind player reloads and plays on: still one game in his archive, now with both moves.
  blind.stop();
  blind.session.close();
  const again = await open({ resume: blind.seat }, blindDevice);
  expect(again.session.getState().plies).toHaveLength(1);
  sighted.session.dispatch({ kind: 'repeat', by: 'sighted' });
  sighted.session.dispatch({ kind: 'move', uci: 'e7e5', by: 'sighted' });
  sighted.session.dispatch({ kind: 'pressClock', by: 'sighted' });
  await until(() => again.session.getState().plies.length === 2, 5000, 'reply');
  const games = createArchive(blindDevice).list();
  expect(games).toHaveLength(1);
  expect(createArchive(blindDevice).get(games[0]!.id)?.game.moves.slice(0, 1)).toEqual(['e2e4']);
});
