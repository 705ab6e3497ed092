// Fault tolerance of the real server process: SIGKILL mid-game and a restart on the same database
// and port; every client reconnects within 5 s and the game goes on with no move lost. And a
// screen reloaded in the middle of a move resumes with the piece still in hand.
import { afterEach, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../helpers/appServer.ts';
import type { Transport, TransportEvent } from '../../src/ports/transport.ts';
import { foldRoom, openRoom, type RoomView } from '../../src/session/room.ts';
import { moveIntents, nodeTransport, until, when } from '../helpers/pairedGame.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function follow(t: Transport) {
  let view: RoomView | null = null;
  t.subscribe((e: TransportEvent) => {
    if (e.kind === 'room' && !view) view = openRoom(e.code, e.role, e.config);
    if (e.kind === 'entries' && view) view = foldRoom(view, e.entries);
  });
  return {
    get view(): RoomView {
      if (!view) throw new Error('no room yet');
      return view;
    },
  };
}

const seatedEvent = (e: TransportEvent): e is Extract<TransportEvent, { kind: 'seated' }> =>
  e.kind === 'seated';

async function table(url: string) {
  const blind = nodeTransport(url);
  const blindRoom = follow(blind);
  blind.start({ create: { role: 'blind', config: {} } });
  const { session } = await when(blind, seatedEvent);
  const sighted = nodeTransport(url);
  const sightedRoom = follow(sighted);
  sighted.start({ join: { code: session.code, role: 'sighted' } });
  const sightedSession = (await when(sighted, seatedEvent)).session;
  cleanups.push(
    () => blind.close(),
    () => sighted.close(),
  );
  blind.send({ kind: 'startGame' });
  await until(() => sightedRoom.view.state.phase === 'playing', 5000, 'start');
  return { blind, sighted, blindRoom, sightedRoom, blindSession: session, sightedSession };
}

const LINE = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1', 'f8c5'];

async function play(
  t: { blind: Transport; sighted: Transport; sightedRoom: { view: RoomView } },
  from: number,
  to: number,
) {
  for (let i = from; i < to; i++) {
    const uci = LINE[i] as string;
    for (const intent of moveIntents(i % 2 === 0 ? 'blind' : 'sighted', uci))
      (i % 2 === 0 ? t.blind : t.sighted).send(intent);
    await until(() => t.sightedRoom.view.state.plies.length === i + 1, 5000, `ply ${i + 1}`);
  }
}

test('SIGKILL mid-move, restart on the same database and port: clients back within 5 s, no move lost', async () => {
  let server: RunningServer = await startServer();
  cleanups.push(() => server.stop());
  const url = `ws://127.0.0.1:${server.port}/ws`;
  const t = await table(url);
  await play(t, 0, 4);
  // The blind player is in the middle of his 5th ply: piece lifted and placed, not yet announced.
  t.blind.send({ kind: 'lift', square: 'f1' });
  t.blind.send({ kind: 'place', square: 'c4' });
  await until(() => t.blind.pending === 0, 5000, 'placement acknowledged');
  await server.stop('SIGKILL');
  await until(() => t.blind.status !== 'online' && t.sighted.status !== 'online', 5000, 'clients notice');
  // Intents made while the server is down wait in the queue.
  t.blind.send({ kind: 'announce' });
  t.blind.send({ kind: 'pressClock' });
  server = await startServer({ port: server.port, dbPath: server.dbPath });
  const restarted = Date.now();
  await until(
    () => t.blind.status === 'online' && t.sighted.status === 'online',
    5000,
    'reconnect within 5 s',
  );
  expect(Date.now() - restarted).toBeLessThan(5000);
  await until(() => t.sightedRoom.view.state.plies.length === 5, 5000, 'queued move completed');
  await play(t, 5, 8);
  // `play` waits for the sighted screen; the blind one may get the last entry a moment later.
  await until(() => t.blindRoom.view.state.plies.length === 8, 5000, 'last ply on the blind screen');
  for (const room of [t.blindRoom, t.sightedRoom]) {
    expect(room.view.state.boards.blind.game.moves).toEqual(LINE);
    expect(room.view.state.boards.sighted.game.moves).toEqual(LINE);
    expect(room.view.state.scores.sighted).toEqual(LINE);
  }
});

test('a screen reloaded in the middle of a move resumes with the piece still in hand', async () => {
  const server = await startServer();
  cleanups.push(() => server.stop());
  const url = `ws://127.0.0.1:${server.port}/ws`;
  const t = await table(url);
  t.blind.send({ kind: 'lift', square: 'd2' });
  await until(() => t.blind.pending === 0);
  t.blind.close();
  const reloaded = nodeTransport(url);
  const reloadedRoom = follow(reloaded);
  cleanups.push(() => reloaded.close());
  reloaded.start({ resume: t.blindSession });
  await until(() => reloaded.status === 'online', 5000, 'resumed');
  await until(() => reloadedRoom.view.state.boards.blind.aperture.hand !== null, 5000, 'hand restored');
  expect(reloadedRoom.view.state.boards.blind.aperture.hand?.from).toBe('d2');
  for (const intent of moveIntents('blind', 'd2d4').slice(1)) reloaded.send(intent);
  await until(() => t.sightedRoom.view.state.plies.length === 1, 5000, 'move finished after reload');
  expect(t.sightedRoom.view.state.boards.sighted.game.moves).toEqual(['d2d4']);
  // The sighted screen reloads mid-move too: it had touched (selected) a piece.
  t.sighted.send({ kind: 'touch', square: 'd7' });
  await until(() => t.sighted.pending === 0);
  t.sighted.close();
  const sightedAgain = nodeTransport(url);
  const sightedAgainRoom = follow(sightedAgain);
  cleanups.push(() => sightedAgain.close());
  sightedAgain.start({ resume: t.sightedSession });
  await until(
    () =>
      sightedAgain.status === 'online' &&
      sightedAgainRoom.view.state.boards.sighted.aperture.hand?.from === 'd7',
    5000,
    'touch kept',
  );
  for (const intent of moveIntents('sighted', 'd7d5')) sightedAgain.send(intent);
  await until(() => reloadedRoom.view.state.plies.length === 2, 5000, 'reply after reload');
});
