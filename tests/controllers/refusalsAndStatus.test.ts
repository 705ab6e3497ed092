/**
 * What the blind player hears when something is refused or asked after the game: the reason of a
 * refused placement, and the game's result when he asks whose move it is after the end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));
const drive = (d: BlindDriver) => (drivers.push(d), d);

function play(d: BlindDriver, from: string, to: string) {
  return d
    .goTo(from as 'a1')
    .key('Enter')
    .goTo(to as 'a1')
    .keys('Enter', 'a', 'Shift+Enter');
}

describe('a refused placement names the rule', () => {
  it('in check, a knight move that does not answer it, and a square the knight cannot reach', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    play(d, 'd2', 'd4').opponentMoves('e7e5');
    play(d, 'e2', 'e3').opponentMoves('f8b4');
    d.goTo('g1').key('Enter');
    d.clear().goTo('f3').key('Enter');
    expect(d.last).toBe('Your king is in check; that move leaves it in check');
    expect(d.said.at(-1)?.politeness).toBe('assertive');
    d.clear().goTo('g3').key('Enter');
    expect(d.last).toBe('Not a legal square for the knight: a knight does not move like that');
    // Still holding the knight: the state is as before.
    expect(d.state.boards.blind.aperture.hand?.from).toBe('g1');
  });

  it('a pinned piece: the king would be in check', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    play(d, 'e2', 'e4').opponentMoves('e7e5');
    play(d, 'd2', 'd3').opponentMoves('f8b4');
    // 2…Bb4+ is answered by 3.Nc3, which is then pinned to the king.
    play(d, 'b1', 'c3').opponentMoves('g8f6');
    d.goTo('c3').key('Enter');
    d.clear().goTo('d5').key('Enter');
    expect(d.last).toBe('Your king would be in check');
  });
});

describe('what is in hand, after the end', () => {
  it('after resignation the status is the result, not whose move it is', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    play(d, 'e2', 'e4');
    d.step({ kind: 'resign', confirmed: true });
    d.clear().key('h');
    expect(d.last).toBe('Game over: Black wins, resignation');
    d.clear().type('whose move');
    expect(d.last).toBe('Game over: Black wins, resignation');
  });

  it('after mate and after an agreed draw', () => {
    const mated = drive(new BlindDriver(startMemorySession({ blindColor: 'b' }, manualClock(0))));
    mated.opponentMoves('f2f3');
    play(mated, 'e7', 'e5').opponentMoves('g2g4');
    play(mated, 'd8', 'h4');
    mated.clear().key('h');
    expect(mated.last).toBe('Game over: Black wins, checkmate');

    const drawn = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    play(drawn, 'e2', 'e4');
    drawn.as('blind', { kind: 'offerDraw' }).as('sighted', { kind: 'acceptDraw' });
    drawn.clear().key('h');
    expect(drawn.last).toBe('Game over: draw, by agreement');
  });
});
