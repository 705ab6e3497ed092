// @vitest-environment jsdom
// The blind player's board for low vision (issue 28) in jsdom: the file and rank labels stand
// beside the grid, hidden from screen readers (each cell names its square), the grid keeps rows of
// cells only; both clocks are named groups (German too) and no live region; the king in check and
// the last move are marked. Sizes, colours and what is drawn on top: tests/e2e/lowVision.test.ts.
import { afterEach, expect, test } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, type Settings } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import type { LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { renderBlindScreen } from '../helpers/blindScreen.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

let announcer: LiveRegionAnnouncer | undefined;
afterEach(() => {
  cleanup();
  announcer?.dispose();
  announcer = undefined;
});

function renderScreen(settings: Settings, startFen?: string, blindColor: 'w' | 'b' = 'w') {
  const clock = manualClock(0);
  const session = startLocalSession(settings, clock, blindColor, startFen);
  const rendered = renderBlindScreen(session, settings, clock);
  announcer = rendered.announcer;
  return { ...rendered, session };
}

const board = () => screen.getByRole('grid', { name: 'Board' });

test('the coordinates stand beside the grid, hidden from screen readers; the grid holds rows of named cells only', async () => {
  renderScreen(DEFAULT_SETTINGS);
  const grid = board();
  const frame = grid.parentElement;
  if (!frame) throw new Error('no frame');
  const labels = [...frame.children].filter((c) => c !== grid);
  expect(labels.map((c) => c.textContent)).toEqual(['87654321', 'abcdefgh']);
  for (const l of labels) expect(l.getAttribute('aria-hidden')).toBe('true');
  expect([...grid.children].map((r) => r.getAttribute('role'))).toEqual(Array(8).fill('row'));
  // Each cell's text is its piece only; its name says the square.
  expect(within(grid).getByRole('gridcell', { name: 'Evan one, dark square, white king' }).textContent).toBe(
    '♚\uFE0E',
  );
  expect(within(grid).getByRole('gridcell', { name: 'Anna three, dark square, empty' }).textContent).toBe('');
  await expectNoAxeViolations();
});

test('playing Black, the labels run from Black’s side', () => {
  renderScreen(DEFAULT_SETTINGS, undefined, 'b');
  const labels = [...(board().parentElement?.children ?? [])].filter((c) => c !== board());
  expect(labels.map((c) => c.textContent)).toEqual(['12345678', 'hgfedcba']);
  expect(screen.getByRole('group', { name: 'Black, you' })).toBeTruthy();
});

test('the table layout keeps its own headers and draws no second set of coordinates', () => {
  renderScreen({ ...DEFAULT_SETTINGS, layout: 'table' });
  expect(board().tagName).toBe('TABLE');
  expect(board().parentElement?.querySelector('[aria-hidden="true"] span')).toBeNull();
  expect(
    within(board())
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual([...'87654321']);
});

test('both clocks are named groups with their times, the running one marked, and never a live region', () => {
  renderScreen(DEFAULT_SETTINGS);
  const white = screen.getByRole('group', { name: 'White, you' });
  const black = screen.getByRole('group', { name: 'Black, opponent' });
  expect(white.textContent).toMatch(/^White, you\d:\d\d:\d\d▶ running$/);
  expect(black.textContent).toMatch(/^Black, opponent\d:\d\d:\d\d$/);
  for (const clock of [white, black]) expect(clock.closest('[aria-live]')).toBeNull();
  expect(screen.getByRole('region', { name: 'Clocks' })).toBeTruthy();
});

test('in German the clocks say whose they are in German', () => {
  renderScreen({ ...DEFAULT_SETTINGS, locale: 'de' });
  expect(screen.getByRole('group', { name: 'Weiß, Sie' }).textContent).toMatch(/▶ läuft$/);
  expect(screen.getByRole('group', { name: 'Schwarz, Gegner' })).toBeTruthy();
});

test('the king in check is marked on the blind player’s board, and the move that gave it', async () => {
  // Black to move, his king on e8 in check from the rook on e1.
  const { user } = renderScreen(DEFAULT_SETTINGS, '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
  const cell = (name: RegExp) => within(board()).getByRole('gridcell', { name });
  await user.click(cell(/^Anna one/));
  await user.keyboard('{Enter}');
  await user.click(cell(/^Anna eight/));
  await user.keyboard('{Enter}a{Shift>}{Enter}{/Shift}');
  expect(cell(/^Evan eight/).className).toMatch(/\bmark-check\b/);
  expect(cell(/^Anna one/).className).toMatch(/\bmark-last\b/);
  expect(cell(/^Anna eight/).className).toMatch(/\bmark-last\b/);
  expect(board().querySelectorAll('.mark-check')).toHaveLength(1);
});
