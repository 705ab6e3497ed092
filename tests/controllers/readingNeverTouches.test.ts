// Reading never touches (BL-06, checklist 7–8), headlessly: every square visited with the arrows
// and every read-out key pressed on it leaves the touch ledger empty, nothing in hand, the board as
// it was and no lift in the log; the words are said all the same.
import { afterEach, expect, test } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

test('every square visited and every read-out key leaves the touch ledger empty and the board as it was', () => {
  const d = new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0)));
  drivers.push(d);
  const aperture = () => d.state.boards.blind.aperture;
  const before = aperture().board;
  d.goTo('a1');
  for (let rank = 0; rank < 8; rank++) {
    for (let i = 0; i < 7; i++) d.key(rank % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    d.keys('o', 's', 'x', 'Shift+s', 'm', 'l', 'c', 'Shift+m');
    d.key('ArrowUp');
  }
  d.keys(
    'k',
    'q',
    'r',
    'b',
    'n',
    'p',
    'Shift+k',
    'Shift+q',
    'Shift+r',
    'Shift+b',
    'Shift+n',
    'Shift+p',
    't',
    'Shift+t',
    'h',
  );
  expect(aperture().touches).toEqual([]);
  expect(aperture().hand).toBeNull();
  expect(aperture().board).toBe(before);
  expect(d.state.log.some((l) => l.what === 'lift')).toBe(false);
  // The last read-out on the way: the move status, said though nothing was touched.
  expect(d.last).toMatch(/^Nothing in hand/);
});
