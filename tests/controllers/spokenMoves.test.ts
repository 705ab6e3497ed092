/**
 * Moves and commands by voice, headless (moved here from the jsdom screen test, which keeps the
 * wiring): transcripts as the recogniser hands them over become the same lifecycle steps as keys;
 * doubt is asked aloud and what cannot be undone needs a "yes".
 */
import { afterEach, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

function drive(startFen?: string): BlindDriver {
  const d = new BlindDriver(
    startMemorySession({ blindColor: 'w', ...(startFen ? { startFen } : {}) }, manualClock(0)),
  );
  drivers.push(d);
  return d;
}
const aperture = (d: BlindDriver) => d.state.boards.blind.aperture;

it('a spoken move is lifted, placed and announced; the clock press asks for a yes', () => {
  const d = drive();
  d.hear('Evan two Evan four');
  expect(aperture(d).announced).toBe('e2e4');
  expect(d.texts).toContain('Announced: Pawn Evan two to Evan four');
  d.clear().hear('press clock');
  expect(d.last).toMatch(/Say yes or no/);
  expect(d.state.plies).toHaveLength(0);
  d.hear('yes');
  expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
});

it('a move already placed by keys is only announced by voice; a slip is corrected before the press', () => {
  const d = drive();
  d.as('blind', { kind: 'lift', square: 'g1' }).as('blind', { kind: 'place', square: 'f3' });
  d.hear('knight Gustav one to Hector three');
  // A different move from the one on the board is refused and said (the board decides).
  expect(aperture(d).announced).toBeNull();
  d.hear('knight Gustav one to Felix three');
  expect(aperture(d).announced).toBe('g1f3');
});

it('an unclear transcript is not played: the player is told so', () => {
  const d = drive();
  d.hear('banana sandwich');
  expect(d.last).toMatch(/I did not understand/);
  expect(aperture(d).touches).toEqual([]);
});

it('ambiguity is asked aloud with numbered candidates, and a number chooses', () => {
  const d = drive('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
  d.hear('knight David two');
  expect(d.last).toMatch(
    /Did you mean one: Knight Bella one to David two; two: Knight Felix one to David two/,
  );
  expect(aperture(d).touches).toEqual([]);
  d.hear('two');
  expect(aperture(d).announced).toBe('f1d2');
});

it('resignation by voice is always confirmed; "no" cancels', () => {
  const d = drive();
  d.hear('resign');
  expect(d.last).toMatch(/Resign\? Say yes or no/);
  d.clear().hear('no');
  expect(d.last).toMatch(/Cancelled/);
  expect(d.state.phase).toBe('playing');
  d.hear('resign').hear('yes');
  expect(d.state.result?.reason).toBe('resignation');
});

it('read-outs by voice never touch', () => {
  const d = drive();
  d.clear().hear('read Gustav one');
  expect(d.texts.join(' | ')).toMatch(/Gustav one, dark square, white knight/);
  d.clear().hear('where is white knight');
  expect(d.texts.join(' | ')).toMatch(/Bella one, Gustav one/);
  d.clear().hear('moves made');
  expect(d.texts).toEqual(['Moves completed: White 0, Black 0']);
  expect(aperture(d).touches).toEqual([]);
});

it('with two recognitions of the same audio (offline voice), a move is played only when both hear it', () => {
  const agreeing = drive();
  agreeing.hear(['knight Gustav one to Felix three', 'knight Gustav one to Felix three'], true);
  expect(aperture(agreeing).announced).toBe('g1f3');

  // The position's grammar heard a legal move, the position-free recogniser another: asked, not played.
  const disagreeing = drive();
  disagreeing.hear(['knight Gustav one to Felix three', 'knight Bella one to Cesar three'], true);
  expect(aperture(disagreeing).touches).toEqual([]);
  expect(disagreeing.last).toBe(
    'Did you mean one: Knight Gustav one to Felix three; two: Knight Bella one to Cesar three; three: Knight Bella one to Anna three? Say the number, or no.',
  );
  disagreeing.hear('one');
  expect(aperture(disagreeing).announced).toBe('g1f3');
});
