// The sighted player's screen model (the code SightedPlayer runs), headless on a local session:
// a click is a touch and the next square moves; touch-move refusals are shown in the player's
// language; the clock press completes the move; a drag starts only where a click could; the blind
// player's announcement is read aloud once when he asked for it; a button gives the board the focus.
import { afterEach, expect, test } from 'vitest';
import { SightedDriver } from '../../src/controllers/sighted/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: SightedDriver[] = [];
function screen(options: { locale?: 'en' | 'de'; startFen?: string } = {}) {
  const session = startMemorySession(
    { blindColor: 'b', ...(options.startFen ? { startFen: options.startFen } : {}) },
    manualClock(0),
  );
  const d = new SightedDriver(session, { locale: options.locale ?? 'en' });
  drivers.push(d);
  return d;
}
afterEach(() => {
  for (const d of drivers.splice(0)) d.dispose();
});

test('a click is a touch, touch-move holds (said why), the next square moves, the clock press completes', () => {
  const d = screen();
  expect(d.screen.myTurn).toBe(true);
  d.click('g1');
  expect(d.state.boards.sighted.aperture.touches.map((t) => t.square)).toEqual(['g1']);
  expect(d.screen.selection).toEqual({ from: 'g1', purpose: 'move' });
  expect([...(d.screen.hints ?? [])].sort()).toEqual(['f3', 'h3']);
  d.click('e4');
  expect(d.refusal).toBe('Not a legal square for the knight: a knight does not move like that');
  d.click('f3').press({ kind: 'pressClock' });
  expect(d.state.plies.map((p) => p.uci)).toEqual(['g1f3']);
  expect(d.state.boards.blind.game.moves).toEqual(['g1f3']);
  expect(d.screen.myTurn).toBe(false);
  expect(d.screen.marks).toMatchObject({ g1: 'last', f3: 'last' });
  // The button went away with the change: the board takes the focus.
  expect(d.focused.at(-1)).toBe('f3');
});

test('a refusal is shown in the player’s language (German)', () => {
  const d = screen({ locale: 'de' }).click('g1', 'e4');
  expect(d.refusal).toBe('Kein zulässiges Feld: so zieht Springer nicht');
});

test('a drag starts only on a piece that may move; arrows and Enter move too', () => {
  const d = screen();
  d.drag('e7', 'e5');
  expect(d.state.boards.sighted.aperture.placements).toEqual([]);
  d.drag('e2', 'e4');
  expect(d.state.boards.sighted.aperture.placements.map((p) => p.to)).toEqual(['e4']);
  const k = screen();
  k.arrows('right').enter().arrows('up').enter();
  expect(k.state.boards.sighted.aperture.placements.map((p) => p.from + p.to)).toEqual(['f2f3']);
});

test('the blind player’s announcement is read aloud once, when asked for, and again on request', () => {
  const d = screen();
  d.click('e2', 'e4').press({ kind: 'pressClock' });
  d.as('blind', { kind: 'lift', square: 'e7' }).as('blind', { kind: 'place', square: 'e5' });
  d.as('blind', { kind: 'announce' }).as('blind', { kind: 'pressClock' });
  expect(d.screen.announcement?.words).toMatch(/e7 to e5|Evan seven to Evan five/i);
  expect(d.spoken).toEqual([]);
  d.input({ kind: 'speaking', on: true });
  expect(d.spoken).toEqual([d.screen.announcement?.words]);
  d.click('g1');
  expect(d.spoken).toHaveLength(1);
  d.input({ kind: 'sayAgain' });
  expect(d.spoken).toHaveLength(2);
  expect(d.screen.said).toBe(1);
});

test('a promotion waits for the named piece; mate ends the game', () => {
  const d = screen({ startFen: 'k7/2P5/1K6/8/8/8/8/8 w - - 0 1' });
  d.click('c7', 'c8');
  expect(d.screen.board.promotion).toMatchObject({ from: 'c7', to: 'c8' });
  d.promote('q');
  expect(d.state.phase).toBe('over');
  expect(d.state.result?.reason).toBe('checkmate');
});
