/**
 * Issue 12: the blind player starts his own procedures by typed command and voice — the
 * touch-move claim, naming the touched man (FIDE 1972), the late-arrival claim — and hears the
 * reason when he may not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';
import type { MatchOptions } from '../../src/match/setup.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

function started(options: MatchOptions = {}, clock = manualClock(0)) {
  const d = new BlindDriver(
    startMemorySession({ blindColor: 'w', roles: ['blind', 'sighted', 'arbiter'], ...options }, clock),
  );
  drivers.push(d);
  return d;
}

/** 1.e4, then the sighted player touched g8 and played the other knight. */
function afterTouch(options: MatchOptions = {}) {
  const d = started(options);
  d.playMove('e2', 'e4');
  d.as('sighted', { kind: 'move', uci: 'b8c6' }).as('sighted', { kind: 'pressClock' });
  return d;
}

describe('the touch-move claim', () => {
  it('typed "claim touch g8", confirmed: the claim is open and the clocks stop', () => {
    const d = afterTouch();
    d.clear().type('claim touch g8');
    expect(d.last).toContain('Claim that your opponent must move the touched piece');
    expect(d.state.claim).toBeNull();
    d.type('y');
    expect(d.state.claim).toMatchObject({ kind: 'touchMove', square: 'g8', by: 'blind', claimant: 'w' });
    expect(d.state.clock.running).toBeNull();
  });

  it('refused with the reason once he has touched a piece himself; nothing changes', () => {
    const d = afterTouch();
    d.goTo('d2').key('Enter');
    d.clear().type('claim touch g8').type('y');
    expect(d.last).toBe('You have touched a piece yourself; the touch-move claim is too late.');
    expect(d.state.claim).toBeNull();
    expect(d.state.boards.blind.aperture.hand?.from).toBe('d2');
  });

  it('a second claim while one is decided is refused with the reason', () => {
    const d = afterTouch();
    d.type('claim touch g8').type('y');
    d.clear().type('claim touch g8').type('y');
    expect(d.last).toBe('Not possible: a claim is already being decided.');
  });

  it('spoken in German: "berührt geführt Gustav acht", "ja"', () => {
    const d = afterTouch();
    d.prefs = { ...d.prefs, locale: 'de', vocabulary: 'ibca1985' };
    d.hear('berührt geführt gustav acht').hear('ja');
    expect(d.state.claim).toMatchObject({ kind: 'touchMove', square: 'g8' });
  });
});

describe('FIDE 1972: the accuser names the touched man when asked', () => {
  it('"claim touch", upheld, then "touched piece Gustav eight" by voice: the other knight move is taken back', () => {
    const d = afterTouch({ profileId: 'fide1972' });
    d.clear().type('touched g8');
    expect(d.last).toBe('Nobody has asked you to name a touched piece.');
    d.hear('claim touch').hear('yes');
    expect(d.state.claim).toMatchObject({ kind: 'touchMove', square: null });
    d.as('arbiter', { kind: 'decideClaim', upheld: true });
    d.clear().type('claim touch g8').type('y');
    expect(d.last).toBe('First name the piece your opponent touched.');
    d.hear('touched piece gustav eight');
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(d.state.boundPiece).not.toBeNull();
  });
});

describe('the late-arrival claim', () => {
  it('without an arbiter, after the default time: "claim late", "yes" wins the game', () => {
    const clock = manualClock(0);
    const d = started({ roles: ['blind', 'sighted'], lateArrivalMs: 60_000 }, clock);
    d.type('claim late').type('y');
    expect(d.state.result).toBeNull();
    expect(d.last).toBe('That player is not late yet');
    clock.advance(61_000);
    d.type('claim late').type('y');
    expect(d.state.result).toMatchObject({ winner: 'w', reason: 'lateArrival' });
  });

  it('with an arbiter present he is told the arbiter decides', () => {
    const d = started({ lateArrivalMs: 60_000 });
    d.clear().type('claim late').type('y');
    expect(d.last).toBe('The arbiter is present: he decides on a late arrival.');
    expect(d.state.result).toBeNull();
  });
});
