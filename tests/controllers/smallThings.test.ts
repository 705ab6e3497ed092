// Small things a blind player meets on the way (issue 10), headless on the pure controller and a
// real match session: putting back a second touched piece names the piece that must move; a typed
// move onto a square his own piece holds is refused as such, in his vocabulary.
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));
const drive = (d: BlindDriver) => (drivers.push(d), d);

describe('touch-move: the piece touched first must move (Art 4.3)', () => {
  it('putting back a second touched piece names the first one, not the one put back', () => {
    const d = drive(new BlindDriver(startMemorySession({}, manualClock(0))));
    d.goTo('g1').keys('Enter', 'Enter');
    expect(d.last).toBe('Knight back on Gustav one; it must still be moved');
    d.clear().goTo('b1').keys('Enter', 'Enter');
    expect(d.last).toBe(
      'Knight back on Bella one. You touched the knight on Gustav one first; it must be moved',
    );
    // Nothing moved.
    expect(d.state.boards.blind.game.moves).toEqual([]);
  });
});

describe('a typed move onto the own piece', () => {
  it('"Ng5" where the own bishop stands says so, not that some other move was meant', () => {
    const fen = 'rnbqkb1r/pppp1ppp/5n2/4p1B1/4P3/5N2/PPPP1PPP/RN1QKB1R w KQkq - 0 1';
    const d = drive(new BlindDriver(startMemorySession({ startFen: fen }, manualClock(0))));
    d.type('Ng5');
    expect(d.texts).toEqual(['“Ng5”: your own bishop stands on Gustav five.']);
    expect(d.said.at(-1)?.politeness).toBe('assertive');
    expect(d.state.boards.blind.aperture.fen).toBe(fen);
  });
});
