// The remote match session (the MatchSession the blind player's screen runs on in a paired game),
// against the real server: a move the rules refuse is explained at once and never sent; accepted
// intents come back as events for every seat; a reload folds the past silently and announces only
// what happens next.
import { expect, test } from 'vitest';
import { createRemoteSession, type RemoteSession } from '../../src/session/remote.ts';
import type { MatchEvent } from '../../src/match/events.ts';
import type { Session } from '../../src/ports/transport.ts';
import { systemClock } from '../../src/ports/clock.ts';
import { nodeTransport, until } from '../helpers/pairedGame.ts';
import { withTestServer } from '../server/wire.ts';

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
  await new Promise((r) => setTimeout(r, 100));
  expect(logged()).toBe(before);

  blind.session.dispatch({ kind: 'startGame', by: 'blind' });
  for (const intent of [
    { kind: 'lift', square: 'e2' },
    { kind: 'place', square: 'e4' },
    { kind: 'announce' },
    { kind: 'pressClock' },
  ] as const)
    blind.session.dispatch({ ...intent, by: 'blind' });
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
