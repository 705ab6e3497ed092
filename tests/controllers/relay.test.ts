// What the blind player's screen expects of him about his opponent's move (BL-18, BL-24), in each
// relay mode, on real match states (the piece in hand itself: tests/match/relayHand.test.ts).
import { expect, test } from 'vitest';
import { createMatch, reduce, type MatchOptions, type MatchState } from '../../src/match/index.ts';
import type { Intent } from '../../src/match/intents.ts';
import { relayAwaited } from '../../src/controllers/blind/relay.ts';

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
