// @vitest-environment jsdom
// The sighted player's screen in a local game (issue 13, BL-11, checklist 12): a click on a piece
// is a touch and the next click moves it; a pointer drag moves it too; arrows and Enter work; the
// clock press completes the move and the blind player's board follows; the running clock is marked
// in words; a promotion offers named pieces; after mate the screen says the game is over.
import { afterEach, expect, onTestFinished, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { manualClock, type ManualClock } from '../../src/ports/clock.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import { SightedPlayer } from '../../src/screens/sighted/SightedPlayer.tsx';

afterEach(cleanup);

function setup(startFen?: string) {
  return setupWith(manualClock(0), startFen);
}

function setupWith(clock: ManualClock, startFen?: string, locale: 'en' | 'de' = 'en') {
  const session = startLocalSession(DEFAULT_SETTINGS, clock, 'b', startFen);
  render(
    <main>
      <SightedPlayer
        session={session}
        locale={locale}
        place="local"
        display={DEFAULT_SETTINGS}
        speak={() => {}}
      />
    </main>,
  );
  const grid = screen.getByRole('grid', { name: locale === 'de' ? 'Brett des Gegners' : "Opponent's board" });
  const sq = (s: string) => grid.querySelector(`[data-square="${s}"]`) as HTMLElement;
  return { session, grid, sq, user: userEvent.setup() };
}

test('a click selects (a touch) and the next click moves; touch-move holds; the clock press completes', async () => {
  const { session, sq, user } = setup();
  expect(screen.getByTestId('turn').textContent).toBe('Your move.');
  expect(screen.getByTestId('clock-w').textContent).toContain('▶ running');
  await user.click(sq('g1'));
  expect(session.getState().boards.sighted.aperture.touches.map((t) => t.square)).toEqual(['g1']);
  // Shown as plain text: beside the blind player the live regions are his (issue 28).
  expect(screen.getByText(/^Touched: /).textContent).toBe('Touched: g1. Touch-move applies.');
  expect(screen.queryByRole('status')).toBeNull();
  // Where the touched knight may go is dotted: f3 and h3.
  expect([...document.querySelectorAll('.hint')].map((c) => c.getAttribute('data-square')).sort()).toEqual([
    'f3',
    'h3',
  ]);
  // The touched knight must move (Art 4.3): a square it cannot reach is refused, and said so.
  await user.click(sq('e4'));
  expect(session.getState().boards.sighted.aperture.placements).toEqual([]);
  expect(screen.getByText(/^Not done: /).textContent).toBe(
    'Not done: Not a legal square for the knight: a knight does not move like that',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  await user.click(sq('f3'));
  expect(sq('f3').getAttribute('aria-label')).toBe('Felix three, light square, white knight');
  await user.click(screen.getByRole('button', { name: 'Press the clock (opponent)' }));
  expect(session.getState().plies.map((p) => p.uci)).toEqual(['g1f3']);
  // The move reached the blind player's own board (twin boards, automatic relay).
  expect(session.getState().boards.blind.game.moves).toEqual(['g1f3']);
  expect(screen.getByTestId('turn').textContent).toBe('Waiting for the blind player.');
  expect(screen.getByTestId('clock-b').textContent).toContain('▶ running');
  expect(screen.queryByRole('button', { name: 'Press the clock (opponent)' })).toBeNull();
  // The last move is marked on both its squares.
  expect(sq('g1').className).toContain('mark-last');
  expect(sq('f3').className).toContain('mark-last');
  await expectNoAxeViolations();
});

test('a pointer drag moves a piece too', () => {
  const { session, sq } = setup();
  fireEvent.pointerDown(sq('e2'), { button: 0, pointerId: 1, clientX: 10, clientY: 100 });
  fireEvent.pointerMove(window, { pointerId: 1, clientX: 10, clientY: 60 });
  fireEvent.pointerUp(sq('e4'), { pointerId: 1, clientX: 10, clientY: 20 });
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

test('a promotion is chosen by the piece’s name; mate ends the game in words', async () => {
  // White (the sighted player) promotes with mate: c7-c8=Q#.
  const { session, sq, user } = setup('k7/2P5/1K6/8/8/8/8/8 w - - 0 1');
  await user.click(sq('c7'));
  await user.click(sq('c8'));
  const dialog = screen.getByRole('dialog', { name: 'Promote to' });
  expect(
    within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['♛ Queen', '♜ Rook', '♝ Bishop', '♞ Knight', 'Cancel']);
  await user.click(within(dialog).getByRole('button', { name: 'Queen' }));
  // Mate ends the game at once (Art 5.1a): no clock to press, and no "waiting" any more.
  expect(session.getState().phase).toBe('over');
  expect(screen.queryByRole('button', { name: 'Press the clock (opponent)' })).toBeNull();
  expect(screen.getByTestId('turn').textContent).toBe('Game over: 1-0, checkmate.');
});

test('checklist 87: distinct king and queen figures, a fallen flag shown in words, the clock silent by default', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onTestFinished(() => void vi.useRealTimers());
  const clock = manualClock(0);
  const session = startLocalSession({ ...DEFAULT_SETTINGS, timeCueMinutes: 0 }, clock, 'b');
  render(
    <main>
      <SightedPlayer
        session={session}
        locale="en"
        place="local"
        display={DEFAULT_SETTINGS}
        speak={() => {}}
      />
    </main>,
  );
  const grid = screen.getByRole('grid', { name: "Opponent's board" });
  const figure = (s: string) => (grid.querySelector(`[data-square="${s}"]`) as HTMLElement).textContent ?? '';
  expect(figure('e1')).not.toBe('');
  expect(figure('d1')).not.toBe('');
  expect(figure('e1')).not.toBe(figure('d1'));
  expect(figure('e1')).toBe(figure('e8'));
  // No time cue sounds unless the player asks for them.
  expect(DEFAULT_SETTINGS.timeCueMinutes).toBe(0);
  expect(screen.getByTestId('clock-w').textContent).not.toContain('flag fallen');
  // White's time runs out: the clock says so in words, not only by its time at zero.
  act(() => {
    clock.advance(10 * 60 * 60 * 1000);
    vi.advanceTimersByTime(1000);
  });
  expect(screen.getByTestId('clock-w').textContent).toContain('⚑ flag fallen');
  expect(screen.getByTestId('clock-b').textContent).not.toContain('flag fallen');
});

test('the clocks shown count down from the injected clock (the Clock port), not the real time', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onTestFinished(() => void vi.useRealTimers());
  const clock = manualClock(1_000_000);
  setupWith(clock);
  expect(screen.getByTestId('clock-w').textContent).toBe('White, you2:30:00▶ running');
  act(() => {
    clock.advance(65_000);
    vi.advanceTimersByTime(500);
  });
  expect(screen.getByTestId('clock-w').textContent).toBe('White, you2:28:55▶ running');
  expect(screen.getByTestId('clock-b').textContent).toContain('2:30:00');
});

test('a refusal is shown in the player’s language (German)', async () => {
  const { sq, user } = setupWith(manualClock(0), undefined, 'de');
  await user.click(sq('g1'));
  await user.click(sq('e4'));
  expect(screen.getByText(/^Nicht ausgeführt: /).textContent).toBe(
    'Nicht ausgeführt: Kein zulässiges Feld: so zieht Springer nicht',
  );
});
