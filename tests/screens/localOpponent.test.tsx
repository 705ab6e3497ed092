// @vitest-environment jsdom
// The local opponent's visual board (BL-11, checklist 12): clicking a piece is a touch, the
// click on a square (or a drop) completes the move under the ordinary rules, the sighted player
// presses the clock, and the blind player hears the move on his own board.
import { afterEach, expect, test } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';
import { DEFAULT_SETTINGS } from '../../src/app/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { LocalOpponent } from '../../src/screens/local/LocalOpponent.tsx';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import { translator } from '../../src/speech/blindMessages.ts';

afterEach(cleanup);

function setup() {
  const session = startLocalSession(DEFAULT_SETTINGS, manualClock(0), 'b');
  render(<LocalOpponent session={session} tr={translator('en')} words={{}} />);
  const grid = screen.getByRole('grid', { name: "Opponent's board" });
  const sq = (s: string) => grid.querySelector(`[data-square="${s}"]`) as HTMLElement;
  return { session, grid, sq, user: userEvent.setup() };
}

test('a click selects (a touch) and the next click moves; touch-move holds; the clock press completes', async () => {
  const { session, sq, user } = setup();
  expect(screen.getByText('Opponent to move')).toBeTruthy();
  await user.click(sq('g1'));
  expect(session.getState().boards.sighted.aperture.touches.map((t) => t.square)).toEqual(['g1']);
  // The touched knight must move (Art 4.3): a square it cannot reach is refused.
  await user.click(sq('e4'));
  expect(session.getState().boards.sighted.aperture.placements).toEqual([]);
  await user.click(sq('f3'));
  expect(sq('f3').getAttribute('aria-label')).toBe('Felix three, light square, white knight');
  const press = screen.getByRole('button', { name: 'Press the clock (opponent)' });
  await user.click(press);
  expect(session.getState().plies.map((p) => p.uci)).toEqual(['g1f3']);
  // The move reached the blind player's own board (twin boards, automatic relay).
  expect(session.getState().boards.blind.game.moves).toEqual(['g1f3']);
  expect(screen.getByText('Waiting for the blind player')).toBeTruthy();
  expect(
    (screen.getByRole('button', { name: 'Press the clock (opponent)' }) as HTMLButtonElement).disabled,
  ).toBe(true);
  await expectNoAxeViolations();
});

test('a drag and drop moves a piece too', async () => {
  const { session, sq } = setup();
  fireEvent.dragStart(sq('e2'));
  fireEvent.drop(sq('e4'));
  expect(session.getState().boards.sighted.aperture.placements.map((p) => p.to)).toEqual(['e4']);
});

test('keyboard on the visual board: arrows and Enter select and move', async () => {
  const { session, grid, user } = setup();
  within(grid)
    .getByRole('gridcell', { name: /^Evan two/ })
    .focus();
  await user.keyboard('{Enter}{ArrowUp}{ArrowUp}{Enter}');
  expect(session.getState().boards.sighted.aperture.placements.map((p) => p.to)).toEqual(['e4']);
});
