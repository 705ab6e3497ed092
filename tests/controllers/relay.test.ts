// What the blind player's screen expects of him about his opponent's move (BL-18, BL-24), in each
// relay mode, on real match states (the piece in hand itself: tests/match/relayHand.test.ts).
import { expect, test } from 'vitest';
import type { MatchOptions } from '../../src/match/index.ts';
import { relayAwaited } from '../../src/controllers/blind/relay.ts';
import { applyIntents, startedMatch, sightedMove } from '../helpers/matchStates.ts';

/** The blind player plays Black here. */
const started = (options: MatchOptions) => startedMatch({ blindColor: 'b', ...options });

test('automatic relay: nothing waits for the blind player', () => {
  const s = applyIntents(started({ relay: 'automatic' }), ...sightedMove('e2e4'));
  expect(relayAwaited(s)).toBeNull();
});

test('manual relay: repeat first when required, then execute', () => {
  let s = applyIntents(started({ relay: 'manual', requireRepetition: true }), ...sightedMove('e2e4'));
  expect(relayAwaited(s)).toMatchObject({ stage: 'repeat', ply: 1, uci: 'e2e4', executesHimself: true });
  s = applyIntents(s, { kind: 'repeat', by: 'blind' });
  expect(relayAwaited(s)).toMatchObject({ stage: 'execute', ply: 1, uci: 'e2e4' });
  s = applyIntents(s, { kind: 'execute', board: 'blind', by: 'blind' });
  expect(relayAwaited(s)).toBeNull();
});

test('assisted relay: the blind player executes only while no assistant relays the move', () => {
  const absent = applyIntents(started({ relay: 'assisted' }), ...sightedMove('e2e4'));
  expect(relayAwaited(absent)).toMatchObject({ stage: 'execute', executesHimself: true });
  const present = applyIntents(
    started({ relay: 'assisted', roles: ['blind', 'sighted', 'blindAssistant'] }),
    ...sightedMove('e2e4'),
  );
  expect(relayAwaited(present)).toBeNull();
});
