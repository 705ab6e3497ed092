/**
 * The Clock port: where the app reads the time. The pure layers take `now` as a parameter; the
 * screens get it from here, so tests can drive time with a manual clock.
 */

/** A source of the current time in milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** The real time. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (tests). */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function manualClock(start = 0): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => void (t += ms),
    set: (ms) => void (t = ms),
  };
}
