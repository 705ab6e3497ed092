// What the blind player's screen expects of him about his opponent's move (BL-18, BL-24), in each
// relay mode, and the execution in hand: lifting the opponent's piece, removing the own captured
// piece, placing it (with the announced promotion piece), on real match states.
import { expect, test } from 'vitest';
import { createMatch, reduce, type MatchOptions, type MatchState } from '../../src/match/index.ts';
import type { Intent } from '../../src/match/intents.ts';
import { relayAwaited, relayBoardFen, relayLiftOrPlace, relayRemove } from '../../src/controllers/blind/relay.ts';

function started(options: MatchOptions): MatchState {
  const m = createMatch({ blindColor: 'b', ...options });
  if (!m.ok) throw new Error(m.error.message);
  return reduce(m.value, { kind: 'startGame', by: 'blind' }, 0).state;
}

function play(state: MatchState, ...intents: Intent[]): MatchState {
  let s = state;
  for (const intent of intents) {
    const r = reduce(s, intent, 1000);
    const refused = r.events.find((e) => e.type === 'refused');
    if (refused && refused.type === 'refused') throw new Error(refused.refusal.message);
    s = r.state;
  }
  return s;
}

const sightedMove = (uci: string): Intent[] => [
  { kind: 'move', uci, by: 'sighted' },
  { kind: 'pressClock', by: 'sighted' },
];

test('automatic relay: nothing waits for the blind player', () => {
  const s = play(started({ relay: 'automatic' }), ...sightedMove('e2e4'));
  expect(relayAwaited(s)).toBeNull();
});

test('manual relay: repeat first when required, then execute', () => {
  let s = play(started({ relay: 'manual', requireRepetition: true }), ...sightedMove('e2e4'));
  expect(relayAwaited(s)).toMatchObject({ stage: 'repeat', ply: 1, uci: 'e2e4', executesHimself: true });
  s = play(s, { kind: 'repeat', by: 'blind' });
  expect(relayAwaited(s)).toMatchObject({ stage: 'execute', ply: 1, uci: 'e2e4' });
  s = play(s, { kind: 'execute', board: 'blind', by: 'blind' });
  expect(relayAwaited(s)).toBeNull();
});

test('assisted relay: the blind player executes only while no assistant relays the move', () => {
  const absent = play(started({ relay: 'assisted' }), ...sightedMove('e2e4'));
  expect(relayAwaited(absent)).toMatchObject({ stage: 'execute', executesHimself: true });
  const present = play(
    started({ relay: 'assisted', roles: ['blind', 'sighted', 'blindAssistant'] }),
    ...sightedMove('e2e4'),
  );
  expect(relayAwaited(present)).toBeNull();
});

test('the execution in hand: lift, refuse a wrong square, remove the own captured piece, place', () => {
  let s = play(started({ relay: 'manual', captureRemoval: 'explicit' }), ...sightedMove('e2e4'));
  s = play(
    s,
    { kind: 'execute', board: 'blind', by: 'blind' },
    { kind: 'lift', square: 'd7', by: 'blind' },
    { kind: 'place', square: 'd5', by: 'blind' },
    { kind: 'announce', by: 'blind' },
    { kind: 'pressClock', by: 'blind' },
    { kind: 'execute', board: 'sighted', by: 'sighted' },
    ...sightedMove('e4d5'),
  );
  const awaited = relayAwaited(s);
  if (!awaited) throw new Error('nothing awaited');
  expect(relayLiftOrPlace(s, awaited, null, 'd5')).toEqual({ kind: 'refused', code: 'notOpponentPiece' });
  const lifted = relayLiftOrPlace(s, awaited, null, 'e4');
  if (lifted.kind !== 'lifted') throw new Error(lifted.kind);
  expect(relayBoardFen(s, lifted.hand).split(' ')[0]).toBe('rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR');
  expect(relayLiftOrPlace(s, awaited, lifted.hand, 'd5')).toEqual({
    kind: 'refused',
    code: 'captureNotRemoved',
  });
  expect(relayRemove(s, lifted.hand, 'e2')).toEqual({ kind: 'refused', code: 'notOwnPiece' });
  const removed = relayRemove(s, lifted.hand, 'd5');
  if (removed.kind !== 'removed') throw new Error(removed.kind);
  expect(relayLiftOrPlace(s, awaited, removed.hand, 'd5')).toEqual({
    kind: 'execute',
    hand: null,
    intent: { kind: 'execute', board: 'blind', uci: 'e4d5', by: 'blind' },
  });
  expect(relayLiftOrPlace(s, awaited, lifted.hand, 'e4')).toMatchObject({ kind: 'putBack', square: 'e4' });
});

test('a pawn placed on the last rank becomes the announced promotion piece', () => {
  const fen = 'r7/8/8/8/8/P7/5kp1/K7 b - - 0 1';
  // The blind player has White here; the sighted player (Black) under-promotes to a knight.
  let s = started({ relay: 'manual', blindColor: 'w', startFen: fen });
  s = play(s, { kind: 'move', uci: 'g2g1n', by: 'sighted' }, { kind: 'pressClock', by: 'sighted' });
  const awaited = relayAwaited(s);
  if (!awaited) throw new Error('nothing awaited');
  expect(awaited.uci).toBe('g2g1n');
  const lifted = relayLiftOrPlace(s, awaited, null, 'g2');
  if (lifted.kind !== 'lifted') throw new Error(lifted.kind);
  expect(relayLiftOrPlace(s, awaited, lifted.hand, 'g1')).toMatchObject({
    kind: 'execute',
    intent: { kind: 'execute', uci: 'g2g1n' },
  });
});
