// Time on the blind player's screen, headless (moved from the jsdom settings tests): the optional
// clock cues every few minutes and the one low-time warning (checklist 48), and the optional
// automatic clock press after the correction window (checklist 15, BL-13, BL-22). The screen model
// runs them from its Scheduler port; a manual scheduler lets the time pass.
import { afterEach, describe, expect, test } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { manualScheduler } from '../../src/ports/scheduler.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => {
  for (const d of drivers.splice(0)) d.dispose();
});

function screen(settings: Settings) {
  const clock = manualClock(0);
  const timers = manualScheduler(clock);
  const session = startMemorySession({ blindColor: 'w' }, clock);
  const d = BlindDriver.withSettings(session, settings, { scheduler: timers });
  drivers.push(d);
  return { d, session, timers };
}

describe('clock cues (checklist 48)', () => {
  test('optional cues every 5 minutes and one low-time warning, only when turned on', () => {
    const { d, timers } = screen({
      ...DEFAULT_SETTINGS,
      timeCueMinutes: 5,
      lowTimeSeconds: 2 * 3600 + 20 * 60,
    });
    timers.advance(1000);
    timers.advance(4 * 60_000);
    expect(d.texts).toEqual([]);
    timers.advance(60_000);
    expect(d.texts.join(' ')).toMatch(/2 hours 25 minutes/);
    timers.advance(5 * 60_000);
    expect(d.texts.join(' ')).toMatch(/2 hours 20 minutes/);
    expect(d.texts.join(' ')).toMatch(/low time/i);
  });

  test('no cues at all with the default settings', () => {
    const { d, timers } = screen(DEFAULT_SETTINGS);
    for (let i = 0; i < 20; i++) timers.advance(60_000);
    expect(d.texts).toEqual([]);
  });
});

describe('the clock press (checklist 15)', () => {
  test('by default only the player presses the clock', () => {
    const { session, timers } = screen(DEFAULT_SETTINGS);
    for (const i of [
      { kind: 'lift', square: 'e2' },
      { kind: 'place', square: 'e4' },
      { kind: 'announce' },
    ] as const)
      session.dispatch({ ...i, by: 'blind' });
    timers.advance(60_000);
    expect(session.getState().plies).toHaveLength(0);
  });

  test('the optional automatic press waits for the correction window, restarted by a correction', () => {
    const { session, timers } = screen({ ...DEFAULT_SETTINGS, autoClockSeconds: 3 });
    session.dispatch({ kind: 'announce', uci: 'e2e3', by: 'blind' });
    session.dispatch({ kind: 'lift', square: 'e2', by: 'blind' });
    session.dispatch({ kind: 'place', square: 'e4', by: 'blind' });
    // The announcement differs from the board: nothing is pressed.
    timers.advance(10_000);
    expect(session.getState().plies).toHaveLength(0);
    session.dispatch({ kind: 'correctAnnouncement', uci: 'e2e4', by: 'blind' });
    timers.advance(2_000);
    expect(session.getState().plies).toHaveLength(0);
    timers.advance(1_500);
    expect(session.getState().plies.map((p) => p.uci)).toEqual(['e2e4']);
  });
});
