/**
 * The blind player's read-outs and move lifecycle by keys, headless (moved here from the jsdom
 * screen test, which keeps only the wiring): the keys the README lists, on a real match session;
 * what he hears is written here word for word.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver, DEFAULT_BLIND_PREFS } from '../../src/controllers/blind/driver.ts';
import type { BlindPrefs } from '../../src/controllers/blind/controller.ts';
import type { MatchOptions } from '../../src/match/index.ts';
import { manualClock, type ManualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

function drive(
  options: MatchOptions = {},
  prefs: Partial<BlindPrefs> = {},
  clock: ManualClock = manualClock(1_000_000),
): BlindDriver {
  const d = new BlindDriver(startMemorySession({ blindColor: 'w', ...options }, clock), {
    ...DEFAULT_BLIND_PREFS,
    ...prefs,
  });
  drivers.push(d);
  return d;
}

const lastOf = (d: BlindDriver, politeness: 'polite' | 'assertive') =>
  d.said.filter((u) => u.politeness === politeness && u.text !== '').at(-1)?.text;
const aperture = (d: BlindDriver) => d.state.boards.blind.aperture;

/** Lift, place, announce, press: one own move by keys. */
const play = (d: BlindDriver, from: string, to: string) =>
  d
    .goTo(from as 'a1')
    .key('Enter')
    .goTo(to as 'a1')
    .keys('Enter', 'a', 'Shift+Enter');

describe('reading never touches (BL-06, checklist 7–8)', () => {
  it('o reads the square name, its colour and the piece (checklist 8)', () => {
    const d = drive().goTo('g1');
    d.clear().key('o');
    expect(d.texts).toEqual(['Gustav one, dark square, white knight']);
  });

  it('rank and file keys jump; k q r b n p find pieces, Shift the opponent’s', () => {
    const d = drive().goTo('a1');
    d.key('5');
    expect(d.cursor).toBe('a5');
    d.key('Shift+5');
    expect(d.cursor).toBe('e5');
    d.key('n');
    expect(d.cursor).toBe('b1');
    d.key('Shift+q');
    expect(d.cursor).toBe('d8');
    expect(aperture(d).touches).toEqual([]);
  });

  it('m lists the legal moves of the focused piece; with read-out aids off it says why not', () => {
    const d = drive().goTo('g1');
    d.clear().key('m');
    expect(d.texts).toEqual(['white knight: Felix three, Hector three']);
    const off = drive({}, { readoutAids: false }).goTo('g1');
    off.clear().key('m');
    expect(off.texts).toEqual(['Not available: read-out aids are turned off in your settings']);
  });
});

describe('the move lifecycle by keys', () => {
  it('a lifted own piece with a legal move must be moved (checklist 9–10)', () => {
    const d = drive().goTo('e2');
    d.clear().key('Enter');
    expect(d.texts).toEqual(['Lifted pawn Evan two; it must be moved']);
    expect(aperture(d).hand).toMatchObject({ from: 'e2' });
    d.clear().key('Enter');
    expect(d.texts).toEqual(['Pawn back on Evan two; it must still be moved']);
    // The touched pawn binds: another piece may not be moved instead.
    d.goTo('g1').key('Enter').goTo('f3').key('Enter');
    expect(lastOf(d, 'assertive')).toBeDefined();
    expect(aperture(d).placements).toEqual([]);
    d.goTo('g1').key('Enter').goTo('e2').key('Enter').goTo('e4').key('Enter');
    expect(aperture(d).placements).toHaveLength(1);
    d.clear().key('h');
    expect(d.texts).toEqual(['placed: Pawn Evan two to Evan four; the move is not announced']);
  });

  it("j'adoube before a lift exempts it and is announced (checklist 11)", () => {
    const d = drive().goTo('e2');
    d.clear().key('j');
    expect(d.texts).toEqual(["J'adoube"]);
    d.keys('Enter', 'Enter');
    expect(aperture(d).touches.every((t) => t.exempt)).toBe(true);
    d.goTo('g1').key('Enter').goTo('f3').key('Enter');
    expect(aperture(d).placements).toHaveLength(1);
  });

  it('the clock cannot be pressed before removal, placement and announcement (checklist 13)', () => {
    const d = drive({ captureRemoval: 'explicit' });
    play(d, 'e2', 'e4').opponentMoves('d7d5');
    expect(lastOf(d, 'assertive')).toMatch(/David seven to David five/);
    d.clear().key('Shift+Enter');
    expect(d.texts).toEqual([
      'The clock cannot be pressed: the piece is not placed; the move is not announced',
    ]);
    // Removal first (r.3 (a)), then placement, then the announcement.
    d.goTo('d5').key('Delete');
    expect(aperture(d).board.get('d5')).toBeUndefined();
    d.clear().key('Shift+Enter');
    expect(d.texts).toEqual([
      'The clock cannot be pressed: the piece is not placed; the move is not announced',
    ]);
    d.goTo('e4').key('Enter').goTo('d5').key('Enter');
    d.clear().key('Shift+Enter');
    expect(d.texts).toEqual(['The clock cannot be pressed: the move is not announced']);
    d.keys('a', 'Shift+Enter');
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4', 'd7d5', 'e4d5']);
    expect(aperture(d).board.get('d5')).toEqual({ color: 'w', type: 'p' });
  });

  it('en passant: placement before the removal is accepted too (checklist 14, 16)', () => {
    const d = drive({
      captureRemoval: 'explicit',
      startFen: 'rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2',
    });
    d.opponentMoves('d7d5');
    d.goTo('e5').key('Enter').goTo('d6').keys('Enter', 'a');
    d.clear().key('Shift+Enter');
    expect(d.texts).toEqual(['The clock cannot be pressed: the captured piece is not removed']);
    d.goTo('d5').keys('Delete', 'Shift+Enter');
    expect(d.state.plies.at(-1)?.uci).toBe('e5d6');
    expect(aperture(d).board.get('d5')).toBeUndefined();
  });

  it('a slip of the tongue is corrected before the clock press and not after (BL-22)', () => {
    const d = drive();
    // A spoken announcement before the piece is placed: the player says e2–e3 but plays e2–e4.
    d.as('blind', { kind: 'announce', uci: 'e2e3' });
    d.goTo('e2').key('Enter').goTo('e4').key('Enter');
    d.clear().key('Shift+Enter');
    expect(lastOf(d, 'assertive')).toMatch(/announcement differs/);
    d.clear().key('Shift+a');
    expect(d.texts.join(' ')).toMatch(/Evan four/);
    d.key('Shift+Enter');
    expect(d.state.plies.map((p) => p.announced)).toEqual(['e2e4']);
    // After the press the announcement stands.
    d.clear().key('Shift+a');
    expect(d.state.plies[0]?.announced).toBe('e2e4');
    expect(lastOf(d, 'assertive')).toBeDefined();
  });

  it('moves made and time used are said only on request (checklist 38, 49)', () => {
    const clock = manualClock(1_000_000);
    const d = drive({}, {}, clock);
    clock.advance(65_000);
    play(d, 'e2', 'e4').opponentMoves('e7e5');
    expect(d.texts.join(' | ')).not.toMatch(/moves completed|time used|press the clock/i);
    d.clear().key('Shift+t');
    expect(d.texts).toEqual(['Moves completed: White 1, Black 1']);
    d.clear().key('t');
    expect(d.texts[0]).toMatch(/^Time used: White 1 minute 5 seconds/);
  });
});
