// BL-31 / S85 r.9(d) / checklist 38: moves made and time used are told only on request, only to
// the asker; nothing is volunteered (003/001 Art 12.9; 000 Interp 19.1a (1975) "Never. Nobody.").
import { describe, expect, it } from 'vitest';
import { MatchDriver, ROLES, type MatchEvent } from '../../src/match/index.ts';

function game(): MatchDriver {
  const d = MatchDriver.started({
    roles: ['blind', 'sighted', 'blindAssistant', 'arbiter', 'spectator'],
    relay: 'automatic',
  });
  for (const uci of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6']) {
    d.tick(45_000);
    d.play(uci);
  }
  return d;
}

describe('information only on request (BL-31)', () => {
  it('answers moves made to the asker only', () => {
    const d = game();
    d.as('blind').query('movesMade');
    expect(d.last).toHaveLength(1);
    expect(d.last[0]).toMatchObject({
      type: 'answered',
      audience: ['blind'],
      answer: { topic: 'movesMade', moves: { w: 3, b: 3 } },
    });
    for (const role of ROLES) expect(d.heard(role).length, role).toBe(role === 'blind' ? 1 : 0);
  });

  it('answers time used and remaining by both players, to the asker only', () => {
    const d = game();
    d.tick(10_000).as('blind').query('timeUsed');
    expect(d.lastOf('answered')?.answer).toEqual({
      topic: 'timeUsed',
      usedMs: { w: 145_000, b: 135_000 },
      remainingMs: { w: 9_000_000 - 145_000, b: 9_000_000 - 135_000 },
      movesToControl: { w: 37, b: 37 },
    });
    expect(d.heard('sighted')).toEqual([]);
  });

  it('the assistant with duty (d) asks on the player’s behalf and hears the answer himself', () => {
    const d = game();
    d.as('blindAssistant').query('movesMade');
    expect(d.lastOf('answered')?.audience).toEqual(['blindAssistant']);
    expect(d.heard('blind')).toEqual([]);
  });

  it('the arbiter’s answers stay with the arbiter (GR-97)', () => {
    const d = game();
    d.as('arbiter').query('timeUsed');
    expect(d.heard('arbiter')).toHaveLength(1);
    expect(d.heard('blind')).toEqual([]);
    expect(d.heard('sighted')).toEqual([]);
  });

  it('nothing about moves made or time used is volunteered during a game', () => {
    const d = game();
    const told = (e: MatchEvent): boolean => e.type === 'answered';
    expect(d.events.filter(told)).toEqual([]);
    // The events the blind player hears carry no clock readings or move counts.
    for (const e of d.events.filter((ev) => ev.audience === 'everyone' || ev.audience.includes('blind'))) {
      expect(Object.keys(e)).not.toContain('usedMs');
      expect(Object.keys(e)).not.toContain('remainingMs');
      expect(Object.keys(e)).not.toContain('moves');
    }
  });

  it('the last move answered is the one announced, with the position before it', () => {
    const d = game();
    d.as('blind').query('lastMove');
    expect(d.lastOf('answered')?.answer).toMatchObject({
      topic: 'lastMove',
      move: { color: 'b', uci: 'a7a6', san: 'a6' },
    });
  });
});
