// A local game's opponent acts from his panel on the same device (issue 10): his clicks take the
// focus, so whatever he does that asks the blind player's answer or lets play go on gives the
// blind player his board back, and says what happened.
import { expect, test } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

function afterOneMoveEach(): BlindDriver {
  const d = new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0)));
  d.type('e4').key('Shift+Enter').opponentMoves('e7e5');
  return d;
}

test('a declined draw and a claim from the panel: said, and the focus back on the board', () => {
  const d = afterOneMoveEach();
  d.clear().type('draw');
  expect(d.texts).toEqual(['Offer a draw? Say yes or no.']);
  d.clear().type('yes');
  expect(d.texts).toEqual(['You offered a draw']);
  expect(d.focus).toBeNull();
  d.clear().as('sighted', { kind: 'declineDraw' });
  expect(d.texts).toEqual(['Black declined the draw']);
  expect(d.focus).toBe('board');
  d.clear().as('sighted', { kind: 'claim', claim: 'time' });
  expect(d.texts).toEqual(['Black claims a win on time; the claim is rejected']);
  expect(d.focus).toBe('board');
  // The opponent's own offer asks an answer: the board (where the keys answer it) has the focus.
  d.clear().as('sighted', { kind: 'offerDraw' });
  expect(d.texts).toEqual(['Black offers a draw']);
  expect(d.focus).toBe('board');
});
