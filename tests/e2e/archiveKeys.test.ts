// Issue 28 in the archive, in real Chromium on the built app: two unfinished games of the same
// players get Open buttons of their own names; the replay's move list is one Tab stop (a listbox,
// the move shown selected and focused, the arrows inside); and axe finds nothing on the archive and
// the replay, at 100 % (1366×768) and at 200 % zoom (the same screen zoomed: 683×384 CSS pixels at
// two device pixels each, as tests/e2e/sightedZoom.test.ts does it).
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';

const FIRST_GAME = CLASSIC_PGN.split(/\n(?=\[Event )/)[0] as string;

const app = withBuiltApp();

const ZOOMS = {
  '100 %': { viewport: { width: 1366, height: 768 } },
  '200 %': { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 },
} as const;

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** 1. e4 e5 in a local game: the blind player by keys, the opponent by clicks. */
async function playE4E5(page: Page) {
  await page.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').click();
  await blindMove(page, 'e2', 'e4');
  await opponentMove(page, 'e7', 'e5');
}

test('two unfinished games of the same players have Open buttons of their own names', async () => {
  const page = await (await app.browser.newContext(ZOOMS['100 %'])).newPage();
  await page.goto(`${app.server.url}#/local`);
  await playE4E5(page);
  // A second game replaces the first on this device; the first stays in the archive, unfinished.
  await page.goto(`${app.server.url}#/local/new`);
  await page.getByRole('button', { name: 'Start a new game' }).click();
  await playE4E5(page);
  await page.goto(`${app.server.url}#/archive`);
  const table = page.getByRole('table', { name: 'Your games' });
  const open = table.getByRole('button', {
    name: /^Open: White Blind player against Black Sighted player, /,
  });
  await expect.poll(() => open.count()).toBe(2);
  const names = await open.allTextContents();
  expect(new Set(names).size).toBe(2);
  for (const name of names)
    expect(name).toMatch(/, in progress, last played .*\d\d:\d\d(, number [12] of 2)?$/);
  // Each name finds its own button.
  for (const name of names)
    await expect(table.getByRole('button', { name, exact: true }).count()).resolves.toBe(1);
  await expectNoViolations(page, 'archive with two unfinished games');
});

describe.each(Object.entries(ZOOMS))('at %s', (zoom, options) => {
  test('the archive and the replay: axe finds nothing; the move list is one Tab stop', async () => {
    const page = await (await app.browser.newContext(options)).newPage();
    await page.goto(`${app.server.url}#/archive`);
    await page.getByRole('heading', { level: 2, name: 'Game archive' }).waitFor();
    await page.getByRole('textbox', { name: 'Or paste PGN text' }).fill(FIRST_GAME);
    await page.getByRole('button', { name: 'Import' }).click();
    const open = page.getByRole('button', {
      name: 'Open: White McDonnell against Black La Bourdonnais, 1834, 1–0, 18 moves',
      exact: true,
    });
    await open.waitFor();
    await expectNoViolations(page, `archive at ${zoom}`);

    await open.click();
    const board = page.getByRole('grid', { name: 'Replay board' });
    await board.waitFor();
    const moves = page.getByRole('listbox', { name: 'Moves' });
    await expect(moves.getByRole('option').count()).resolves.toBe(36);
    await expectNoViolations(page, `replay at ${zoom}`);

    // From the board (one Tab stop) Tab enters the list on the position shown, the start.
    await board.locator('[tabindex="0"]').focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    const selected = () => moves.getByRole('option', { selected: true }).textContent();
    await expect.poll(focused).toBe('Start position.');
    // The arrows step inside it; the focus follows the move shown.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toMatch(/Move 1, Black: Pawn Evan seven to Evan five$/);
    await expect(selected()).resolves.toMatch(/Move 1, Black: /);
    await expect(page.locator('.replay-status').textContent()).resolves.toMatch(/^Move 1, Black: /);
    // One more Tab leaves the list (36 options, one stop); Shift+Tab comes back to the move shown.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="listbox"]') === null))
      .toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toMatch(/Move 1, Black: /);
    await expectNoViolations(page, `replay with a move selected at ${zoom}`);
  });
});
