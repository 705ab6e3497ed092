// The manual scheduler (ports/scheduler.ts): time moves only when told, and the timers due on the
// way fire in order at their own time, repeating ones as often as they fell due; cancelled ones
// never fire.
import { expect, test } from 'vitest';
import { manualClock } from '../../src/ports/clock.ts';
import { manualScheduler } from '../../src/ports/scheduler.ts';

test('timers fire in order at their own time; a repeating one as often as it fell due', () => {
  const clock = manualClock(1000);
  const timers = manualScheduler(clock);
  const fired: string[] = [];
  timers.after(2500, () => fired.push(`once@${clock.now()}`));
  const stop = timers.every(1000, () => fired.push(`tick@${clock.now()}`));
  timers.advance(999);
  expect(fired).toEqual([]);
  timers.advance(3001);
  expect(fired).toEqual(['tick@2000', 'tick@3000', 'once@3500', 'tick@4000', 'tick@5000']);
  expect(clock.now()).toBe(5000);
  stop();
  timers.advance(5000);
  expect(fired).toHaveLength(5);
  expect(timers.pending()).toBe(0);
});

test('a cancelled timer never fires; one set by a timer fires in the same advance when due', () => {
  const clock = manualClock(0);
  const timers = manualScheduler(clock);
  const fired: string[] = [];
  const cancel = timers.after(100, () => fired.push('cancelled'));
  cancel();
  timers.after(50, () => timers.after(50, () => fired.push(`nested@${clock.now()}`)));
  timers.advance(200);
  expect(fired).toEqual(['nested@100']);
});
