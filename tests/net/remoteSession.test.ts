// The remote match session (the MatchSession the blind player's screen runs on in a paired game),
// against the real server: a move the rules refuse is explained at once and never sent; accepted
// intents come back as events for every seat; a reload folds the past silently and announces only
// what happens next.
import { expect, test } from 'vitest';
import { createRemoteSession, type RemoteSession } from '../../src/session/remote.ts';
import type { MatchEvent } from '../../src/match/events.ts';
import type { Session } from '../../src/ports/transport.ts';
import { systemClock } from '../../src/ports/clock.ts';
import { nodeSocket, nodeTransport, recheckWaits, until } from '../helpers/pairedGame.ts';
import { createClientTransport, type SocketLike } from '../../src/net/client.ts';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { withTestServer } from '../server/wire.ts';
import { blindMoveByHand } from '../helpers/matchStates.ts';

const sessions: RemoteSession[] = [];
const twinboard = withTestServer({}, () => {
  for (const s of sessions) s.close();
});

function open(entry: Parameters<typeof createRemoteSession>[0]['entry']) {
  const heard: MatchEvent[] = [];
  let seat: Session | null = null;
  const session = createRemoteSession({
    transport: nodeTransport(twinboard.url),
    entry,
    clock: systemClock,
    onSeated: (s) => (seat = s),
  });
  session.onEvents((events) => heard.push(...events));
  sessions.push(session);
  return { session, heard, seat: () => seat };
}

test('refused locally and explained, accepted through the server, replayed silently after a reload', async () => {
  const blind = open({ create: { role: 'blind', config: {} } });
  await until(() => blind.session.ready && blind.seat() !== null, 5000, 'room');
  const code = blind.seat()!.code;
  const sighted = open({ join: { code, role: 'sighted' } });
  await until(() => sighted.session.ready, 5000, 'joined');

  // Before the start the rules refuse a lift: the player hears why, the server hears nothing.
  const logged = () => twinboard.server.store.entries(code, 0).length;
  const before = logged();
  const events = blind.session.dispatch({ kind: 'lift', square: 'e2', by: 'blind' });
  expect(events.map((e) => e.type)).toEqual(['refused']);
  expect(blind.heard.at(-1)?.type).toBe('refused');

  blind.session.dispatch({ kind: 'startGame', by: 'blind' });
  // The next entry the server logs is the start: the refused lift was never sent.
  await until(() => logged() > before, 5000, 'start logged');
  expect(twinboard.server.store.entries(code, 0)[before]?.intent.kind).toBe('startGame');
  for (const intent of blindMoveByHand('e2', 'e4')) blind.session.dispatch(intent);
  await until(() => sighted.heard.some((e) => e.type === 'executed'), 5000, 'move relayed');
  expect(sighted.heard.some((e) => e.type === 'announced' && e.uci === 'e2e4')).toBe(true);
  expect(sighted.session.getState().boards.sighted.game.moves).toEqual(['e2e4']);

  // The sighted screen reloads: it rebuilds the game without re-announcing it.
  const seat = sighted.seat()!;
  sighted.session.close();
  const again = open({ resume: seat });
  await until(() => again.session.ready && again.session.getState().plies.length === 1, 5000, 'resumed');
  expect(again.heard).toEqual([]);
  blind.session.dispatch({ kind: 'offerDraw', by: 'blind' });
  await until(() => again.heard.some((e) => e.type === 'drawOffered'), 5000, 'live event after reload');
});

/** A WebSocket with `ms` of network delay each way (order kept), like a slow mobile link. */
function slowSocket(ms: number) {
  return (url: string): SocketLike => {
    const ws = nodeSocket(url);
    const proxy: SocketLike = {
      get readyState() {
        return ws.readyState;
      },
      send: (text) => void setTimeout(() => ws.readyState === 1 && ws.send(text), ms),
      close: () => ws.close(),
      onopen: null,
      onclose: null,
      onerror: null,
      onmessage: null,
    };
    ws.onopen = (ev) => proxy.onopen?.(ev);
    // A delayed delivery is an event the waits re-check after, like the socket's own.
    const later = (deliver: () => void) =>
      void setTimeout(() => {
        deliver();
        recheckWaits();
      }, ms);
    ws.onclose = (ev) => later(() => proxy.onclose?.(ev));
    ws.onerror = (ev) => proxy.onerror?.(ev);
    ws.onmessage = (ev) => later(() => proxy.onmessage?.(ev));
    return proxy;
  };
}

test('with a slow link, keys pressed while intents are in flight build on them, and words wait for the events', async () => {
  const slow = createClientTransport({
    url: twinboard.url,
    createSocket: slowSocket(150),
    initialDelayMs: 100,
  });
  let seat: Session | null = null;
  const session = createRemoteSession({
    transport: slow,
    entry: { create: { role: 'blind', config: {} } },
    clock: systemClock,
    onSeated: (s) => (seat = s),
  });
  sessions.push(session);
  await until(() => session.ready && seat !== null, 5000, 'room');
  const sighted = open({ join: { code: seat!.code, role: 'sighted' } });
  await until(() => sighted.session.ready, 5000, 'joined');
  session.dispatch({ kind: 'startGame', by: 'blind' });
  await until(() => session.getState().phase === 'playing' && session.room().pending === 0, 5000, 'started');

  const d = new BlindDriver(session);
  // Lift g1 and place on f3 before anything came back: the place is a place, not a second lift.
  d.goTo('g1').key('Enter').goTo('f3').key('Enter').key('a');
  expect(session.room().pending).toBeGreaterThan(0);
  expect(d.texts.some((t) => /Lifted|placed|Announced/.test(t))).toBe(false);
  // The board the player feels already has the knight on its way (shown as pending).
  expect(session.getState().boards.blind.aperture.placements[0]?.to).toBe('f3');
  await until(
    () => session.room().pending === 0 && d.texts.some((t) => t.startsWith('Announced')),
    5000,
    'accepted',
  );
  expect(d.texts.filter((t) => /Lifted|placed|Announced|no piece/i.test(t))).toEqual([
    'Lifted knight Gustav one; it must be moved',
    'Knight placed on Felix three',
    'Announced: Knight Gustav one to Felix three',
  ]);
  d.key('Shift+Enter');
  await until(() => sighted.heard.some((e) => e.type === 'executed'), 5000, 'relayed');
  expect(sighted.session.getState().boards.sighted.game.moves).toEqual(['g1f3']);
  d.dispose();
});
