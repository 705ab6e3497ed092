// The clock computed from timestamps: checklist items 43–47, 51 and 59, with exact numbers.
import { describe, expect, test } from 'vitest';
import {
  adjustClock,
  bothFlagsFallen,
  bronstein,
  chargeTime,
  CLOCK_PRESETS,
  continueAfterBothFlags,
  createClock,
  earlyAdjournmentCharge,
  fischer,
  flagFallen,
  movesMade,
  movesToControl,
  press,
  PROFILES,
  proportionalTimes,
  readClock,
  remaining,
  restoreClock,
  start,
  stop,
  timeUsed,
  type Clock,
  type Color,
} from '../../src/core/index.ts';

const MIN = 60_000;
const T0 = 1_000_000;

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

/** Both sides play `n` moves each, each move taking `ms`; returns the clock and the time reached. */
function playMoves(clock: Clock, n: number, msW: number, msB: number, t: number): [Clock, number] {
  let c = clock;
  for (let i = 0; i < n; i++) {
    t += msW;
    c = must(press(c, 'w', t));
    t += msB;
    c = must(press(c, 'b', t));
  }
  return [c, t];
}

describe('G. clock', () => {
  test('item 43: Skopje 1972 — 40 in 2½ h, then 16 per hour, saved time carried over', () => {
    const c0 = createClock(CLOCK_PRESETS.skopje1972, T0);
    expect(remaining(c0, 'w', T0)).toBe(150 * MIN);
    // 40 moves each at 3 minutes: 120 of 150 minutes used, 30 saved.
    const [c, t] = playMoves(c0, 40, 3 * MIN, 3 * MIN, T0);
    expect(movesMade(c, 'w')).toBe(40);
    expect(remaining(c, 'w', t)).toBe(30 * MIN + 60 * MIN);
    expect(movesToControl(c, 'w')).toBe(16);
    // The repeating last period: after 16 more, another hour.
    const [c2, t2] = playMoves(c, 16, 1 * MIN, 1 * MIN, t);
    expect(remaining(c2, 'b', t2)).toBe(90 * MIN - 16 * MIN + 60 * MIN);
    expect(movesToControl(c2, 'b')).toBe(16);
  });

  test('item 43: the "50 in 2½ h, then 20 per hour" example and "40/2h then 20/1h"', () => {
    const [c, t] = playMoves(
      createClock(CLOCK_PRESETS.fiftyIn150Then20PerHour, T0),
      50,
      2 * MIN,
      1 * MIN,
      T0,
    );
    expect(remaining(c, 'w', t)).toBe(50 * MIN + 60 * MIN);
    expect(remaining(c, 'b', t)).toBe(100 * MIN + 60 * MIN);
    expect(movesToControl(c, 'w')).toBe(20);
    const [d] = playMoves(createClock(CLOCK_PRESETS.fortyIn2hThen20In1h, T0), 40, MIN, MIN, T0);
    expect(d.sides.w.allottedMs).toBe(180 * MIN);
  });

  test('item 44: a move counts toward the control only after the press; the flag falls before the quota', () => {
    const control = {
      label: '2 moves in 10 min',
      periods: [
        { moves: 2, timeMs: 10 * MIN },
        { moves: 2, timeMs: 10 * MIN },
      ],
      repeatLast: true,
    };
    let c = createClock(control, T0);
    c = must(press(c, 'w', T0 + MIN));
    c = must(press(c, 'b', T0 + 2 * MIN));
    // White's second move is made on the board at 9:59 but the clock is not pressed: still 1 move.
    const beforePress = T0 + 2 * MIN + 8 * MIN + 59_000;
    expect(movesMade(c, 'w')).toBe(1);
    expect(flagFallen(c, 'w', beforePress)).toBe(false);
    expect(flagFallen(c, 'w', T0 + 11 * MIN)).toBe(true);
    // Pressed too late: the move counts, but the flag fell first and stays recorded.
    const late = must(press(c, 'w', T0 + 11 * MIN + 30_000));
    expect(movesMade(late, 'w')).toBe(2);
    expect(late.sides.w.flagAt).toBe(T0 + 11 * MIN);
    expect(flagFallen(late, 'w', T0 + 11 * MIN + 31_000)).toBe(true);
    // Pressed in time: the next period's time is added.
    const inTime = must(press(c, 'w', beforePress));
    expect(flagFallen(inTime, 'w', beforePress + 1)).toBe(false);
    expect(remaining(inTime, 'w', beforePress)).toBe(1_000 + 10 * MIN);
  });

  test('item 45: the flag state is a query at any moment, computed, never ticking', () => {
    const c = createClock(fischer(5, 0), T0);
    expect(readClock(c, T0 + 5 * MIN - 1).sides.w).toMatchObject({ flagFallen: false, remainingMs: 1 });
    expect(readClock(c, T0 + 5 * MIN).sides.w.flagFallen).toBe(true);
    expect(readClock(c, T0 + 5 * MIN).sides.b.flagFallen).toBe(false);
  });

  test('item 47: both flags fallen → the game continues and the next move starts the next period', () => {
    const control = {
      label: '1 move in 1 min',
      periods: [
        { moves: 1, timeMs: MIN },
        { moves: 5, timeMs: 10 * MIN },
      ],
      repeatLast: false,
    };
    let c = createClock(control, T0);
    c = stop(c, T0 + 2 * MIN);
    c = chargeTime(c, 'b', 2 * MIN, T0 + 2 * MIN);
    expect(bothFlagsFallen(c, T0 + 2 * MIN)).toBe(true);
    const next = continueAfterBothFlags(c, T0 + 2 * MIN);
    for (const side of ['w', 'b'] as Color[]) {
      expect(remaining(next, side, T0 + 2 * MIN)).toBe(10 * MIN);
      expect(flagFallen(next, side, T0 + 2 * MIN)).toBe(false);
      expect(movesToControl(next, side)).toBe(5);
    }
  });

  test('Fischer increment and Bronstein delay', () => {
    const f = must(press(createClock(fischer(3, 2), T0), 'w', T0 + 10_000));
    expect(remaining(f, 'w', T0 + 10_000)).toBe(3 * MIN - 10_000 + 2_000);
    const b0 = createClock(bronstein(3, 5), T0);
    expect(remaining(must(press(b0, 'w', T0 + 3_000)), 'w', T0 + 3_000)).toBe(3 * MIN);
    expect(remaining(must(press(b0, 'w', T0 + 9_000)), 'w', T0 + 9_000)).toBe(3 * MIN - 4_000);
  });

  test('stop and start; presses out of turn are errors, not exceptions', () => {
    let c = createClock(fischer(10, 0));
    expect(must(press(createClock(fischer(1, 0), T0), 'w', T0 + 1)).running).toBe('b');
    expect(press(c, 'w', T0).ok).toBe(false);
    c = must(start(c, T0));
    const wrong = press(c, 'b', T0 + 5);
    expect(!wrong.ok && wrong.error.code).toBe('notYourClock');
    c = stop(c, T0 + MIN);
    expect(timeUsed(c, 'w', T0 + 10 * MIN)).toBe(MIN);
    expect(!press(c, 'w', T0 + 2 * MIN).ok && 'stopped').toBe('stopped');
    c = must(start(c, T0 + 5 * MIN));
    expect(c.running).toBe('w');
    expect(timeUsed(c, 'w', T0 + 6 * MIN)).toBe(2 * MIN);
    expect(start(c, T0).ok).toBe(false);
  });

  test('item 59: the proportional formula — 90/60 min after 30 moves, irregularity at move 20 → 60/40', () => {
    expect(must(proportionalTimes({ w: 90 * MIN, b: 60 * MIN }, 30, 20))).toEqual({
      w: 60 * MIN,
      b: 40 * MIN,
    });
    expect(proportionalTimes({ w: 1, b: 1 }, 0, 0).ok).toBe(false);
    expect(proportionalTimes({ w: 1, b: 1 }, 10, 11).ok).toBe(false);
  });

  test('item 51: arbiter adjustments warn below 5 minutes to the control or 1 minute per remaining move (E88/E93)', () => {
    const [c, t] = playMoves(createClock(CLOCK_PRESETS.skopje1972, T0), 30, MIN, MIN, T0);
    // 10 moves to the control: the floor is 10 minutes (1 per move), above the 5-minute floor.
    const tight = must(adjustClock(c, 'w', 146 * MIN, PROFILES['fide1993-ibca1985'], t));
    expect(tight.warnings.map((w) => w.code)).toEqual(['lessThanFloorToControl', 'lessThanFloorPerMove']);
    expect(remaining(tight.clock, 'w', t)).toBe(4 * MIN);
    const perMove = must(adjustClock(c, 'w', 142 * MIN, PROFILES['fide1993-ibca1985'], t));
    expect(perMove.warnings).toEqual([
      { code: 'lessThanFloorPerMove', minutesPerMove: 1, movesToControl: 10 },
    ]);
    expect(must(adjustClock(c, 'w', 140 * MIN, PROFILES['fide1993-ibca1985'], t)).warnings).toEqual([]);
    // E80: the arbiter's judgement, no floors.
    expect(must(adjustClock(c, 'w', 149 * MIN, PROFILES.fide1980, t)).warnings).toEqual([]);
    expect(adjustClock(c, 'w', -1, PROFILES.fide1980, t).ok).toBe(false);
  });
});

test('item 76: adjourning early adds the remaining session time (E93); E80 leaves it to the arbiter', () => {
  const end = T0 + 30 * MIN;
  expect(earlyAdjournmentCharge(PROFILES['fide1993-ibca1985'], end, T0)).toEqual({
    chargeMs: 30 * MIN,
    arbiterDecides: false,
  });
  expect(earlyAdjournmentCharge(PROFILES.fide1980, end, T0)).toEqual({ chargeMs: 0, arbiterDecides: true });
  expect(earlyAdjournmentCharge(PROFILES['fide1988-ibca1985'], end, T0)).toEqual({
    chargeMs: 0,
    arbiterDecides: false,
  });
  expect(earlyAdjournmentCharge(PROFILES['fide1993-ibca1985'], end, end + 1).chargeMs).toBe(0);
});

test('restoring a clock from readings reaches the same periods as playing the moves (resumption, rule 8)', () => {
  const [played, t] = playMoves(createClock(CLOCK_PRESETS.skopje1972, T0), 41, 2 * MIN, 3 * MIN, T0);
  const r = must(
    restoreClock(
      CLOCK_PRESETS.skopje1972,
      { w: { usedMs: 82 * MIN, moves: 41 }, b: { usedMs: 123 * MIN, moves: 41 } },
      'w',
    ),
  );
  for (const side of ['w', 'b'] as Color[]) {
    expect(remaining(r, side, t)).toBe(remaining(played, side, t));
    expect(movesToControl(r, side)).toBe(movesToControl(played, side));
  }
  expect(must(start(r, t)).running).toBe('w');
  const inc = must(
    restoreClock(fischer(5, 3), { w: { usedMs: MIN, moves: 10 }, b: { usedMs: 0, moves: 9 } }, 'b'),
  );
  expect(remaining(inc, 'w', 0)).toBe(4 * MIN + 30_000);
  expect(
    restoreClock(fischer(5, 3), { w: { usedMs: -1, moves: 0 }, b: { usedMs: 0, moves: 0 } }, 'w').ok,
  ).toBe(false);
  // Black to move first in a set-up position.
  expect(createClock(fischer(5, 0), T0, 'b').running).toBe('b');
});
