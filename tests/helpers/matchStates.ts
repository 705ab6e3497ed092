/**
 * Match states for tests that read them directly: a started match, intents applied in order (a
 * refusal fails the test at once), and each player's whole move as intents.
 */
import { createMatch, reduce, type MatchOptions, type MatchState } from '../../src/match/index.ts';
import type { Square } from '../../src/core/index.ts';
import type { Intent } from '../../src/match/intents.ts';

/** A match created with these options and started by the blind player. */
export function startedMatch(options: MatchOptions = {}): MatchState {
  const m = createMatch(options);
  if (!m.ok) throw new Error(m.error.message);
  return reduce(m.value, { kind: 'startGame', by: 'blind' }, 0).state;
}

/** The state after these intents, one second into the game; a refused intent throws its reason. */
export function applyIntents(state: MatchState, ...intents: Intent[]): MatchState {
  let s = state;
  for (const intent of intents) {
    const r = reduce(s, intent, 1000);
    const refused = r.events.find((e) => e.type === 'refused');
    if (refused?.type === 'refused') throw new Error(refused.refusal.message);
    s = r.state;
  }
  return s;
}

/** The sighted player's move and his clock press. */
export const sightedMove = (uci: string): Intent[] => [
  { kind: 'move', uci, by: 'sighted' },
  { kind: 'pressClock', by: 'sighted' },
];

/** The blind player's move on his own board: lift, place, announce, press the clock. */
export const blindMoveByHand = (from: Square, to: Square): Intent[] => [
  { kind: 'lift', square: from, by: 'blind' },
  { kind: 'place', square: to, by: 'blind' },
  { kind: 'announce', by: 'blind' },
  { kind: 'pressClock', by: 'blind' },
];
