// The server's engine folds an intent it has typed and authorized without doing either again
// (issue 14): what it decides must stay what `reduce` decides, also when time has passed first.
import { describe, expect, it } from 'vitest';
import { reduce } from '../../src/match/reducer.ts';
import type { MatchState } from '../../src/match/types.ts';
import { matchEngine } from '../../src/server/matchEngine.ts';

const MIN = 60_000;
const blitz = { periods: [{ moves: null, timeMs: 2 * MIN }], label: '2 min', repeatLast: false };

function started(at: number): MatchState {
  const config = matchEngine.parseConfig({ timeControl: blitz, roles: ['arbiter'] });
  if (!config.ok) throw new Error(config.error.message);
  const r = matchEngine.step(matchEngine.initial(config.value, at), 'blind', { kind: 'startGame' }, at);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the engine step (issue 14)', () => {
  it('a move sent after the flag fell finds the game ended by the arbiter, as reduce does', () => {
    const state = started(1_000);
    const late = 1_000 + 2 * MIN + 5;
    const r = matchEngine.step(state, 'blind', { kind: 'lift', square: 'e2' }, late);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.phase).toBe('over');
    expect(r.value.result).toEqual({ winner: 'b', reason: 'flag' });
    const last = r.value.log.at(-1);
    expect(last).toMatchObject({ by: 'blind', what: 'lift', refused: true, refusal: { code: 'gameOver' } });
    expect(r.value).toEqual(reduce(state, { kind: 'lift', square: 'e2', by: 'blind' }, late).state);
  });

  it('a move in time is played and logged once, as reduce does', () => {
    const state = started(1_000);
    const r = matchEngine.step(state, 'blind', { kind: 'lift', square: 'e2' }, 2_000);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.log).toHaveLength(state.log.length + 1);
    expect(r.value.log.at(-1)).toMatchObject({ by: 'blind', what: 'lift', refused: false });
    expect(r.value).toEqual(reduce(state, { kind: 'lift', square: 'e2', by: 'blind' }, 2_000).state);
  });

  it('keeps its answers: a bad intent, a forbidden one and a refused one', () => {
    const state = started(1_000);
    const bad = matchEngine.step(state, 'blind', { kind: 'lift', square: 'z9' }, 2_000);
    expect(bad.ok || bad.error.code).toBe('badIntent');
    const forbidden = matchEngine.step(state, 'sighted', { kind: 'lift', square: 'e7' }, 2_000);
    expect(forbidden.ok || forbidden.error.code).toBe('forbidden');
    const refused = matchEngine.step(state, 'blind', { kind: 'lift', square: 'e5' }, 2_000);
    expect(refused.ok || refused.error.code).toBe('refused');
  });
});
