/**
 * The Scheduler port: timers for the screen models (controllers/), which take time as a parameter
 * and never call setTimeout themselves. The browser's timers in the app; a manual scheduler over a
 * manual clock in tests, where time moves only when told and the timers due fire in order.
 */
import type { ManualClock } from './clock.ts';

/** Runs code later. Each call returns the function that cancels it. */
export interface Scheduler {
  /** Runs `run` once, `ms` from now. */
  after(ms: number, run: () => void): () => void;
  /** Runs `run` every `ms` until cancelled. */
  every(ms: number, run: () => void): () => void;
}

/** The platform's timers. */
export const systemScheduler: Scheduler = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  every(ms, run) {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
};

/** A scheduler whose time is a manual clock: `advance` moves both and fires what fell due. */
export interface ManualScheduler extends Scheduler {
  readonly clock: ManualClock;
  /** Moves the clock by `ms`, running every timer due on the way at its own time, in order. */
  advance(ms: number): void;
  /** How many timers wait. */
  pending(): number;
}

interface Timer {
  readonly id: number;
  due: number;
  readonly every: number | null;
  readonly run: () => void;
}

export function manualScheduler(clock: ManualClock): ManualScheduler {
  const timers = new Map<number, Timer>();
  let ids = 0;
  const add = (ms: number, run: () => void, every: number | null) => {
    const id = ++ids;
    timers.set(id, { id, due: clock.now() + Math.max(0, ms), every, run });
    return () => void timers.delete(id);
  };
  const next = (until: number): Timer | undefined => {
    let first: Timer | undefined;
    for (const t of timers.values())
      if (t.due <= until && (!first || t.due < first.due || (t.due === first.due && t.id < first.id)))
        first = t;
    return first;
  };
  return {
    clock,
    after: (ms, run) => add(ms, run, null),
    every: (ms, run) => add(ms, run, Math.max(1, ms)),
    pending: () => timers.size,
    advance(ms) {
      const end = clock.now() + ms;
      for (let t = next(end); t; t = next(end)) {
        clock.set(Math.max(clock.now(), t.due));
        if (t.every === null) timers.delete(t.id);
        else t.due += t.every;
        t.run();
      }
      clock.set(end);
    },
  };
}
