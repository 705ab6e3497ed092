// The archive in real Chromium on the built app: import a PGN by pasting it, open a game, replay it
// with Shift+D / Shift+A and the move list's arrows, see the scoresheet in text and braille, and
// axe finds no violations on the archive, the replay and the scoresheet views.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';

const FIRST_GAME = CLASSIC_PGN.split(/\n(?=\[Event )/)[0] as string;

const app = withBuiltApp();

test('import, replay with keys and scoresheet in the archive, with no axe violations', async () => {
  const page = await app.browser.newPage();
  await page.goto(`${app.server.url}#/archive`);
  await page.getByRole('heading', { level: 2, name: 'Game archive' }).waitFor();
  // Arriving, the focus is on the archive's heading, not on the page body.
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Game archive');

  // A malformed PGN changes nothing and says why.
  await page.getByRole('textbox', { name: 'Or paste PGN text' }).fill('1. e4 e5 2. Ke3 *');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.locator('.archive-message').textContent()).resolves.toMatch(
    /^Nothing was imported\. One game could not be read: Line 1: .*Ke3/,
  );
  const notImported = page.getByRole('region', { name: 'Games not imported (1)' });
  await expect(notImported.getByRole('listitem').textContent()).resolves.toMatch(/^Line 1: .*Ke3/);
  await expect(page.getByRole('table').count()).resolves.toBe(0);

  await page.getByRole('textbox', { name: 'Or paste PGN text' }).fill(FIRST_GAME);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.locator('.archive-message').textContent()).resolves.toBe('1 game imported.');
  const table = page.getByRole('table', { name: 'Your games' });
  await table.getByRole('row').nth(1).waitFor();
  await expect(table.getByRole('row').count()).resolves.toBe(2);
  expect(await axeViolations(page)).toEqual([]);

  // The archive survives a reload (local storage).
  await page.reload();
  await table.getByRole('row').nth(1).waitFor();
  await expect(table.getByRole('row').count()).resolves.toBe(2);

  await page
    .getByRole('button', {
      name: 'Open: White McDonnell against Black La Bourdonnais, 1834, 1–0, 18 moves',
      exact: true,
    })
    .click();
  await page.getByRole('heading', { level: 3, name: 'McDonnell against La Bourdonnais' }).waitFor();
  const grid = page.getByRole('grid', { name: 'Replay board' });
  await grid.waitFor();
  await expect(grid.getByRole('gridcell').count()).resolves.toBe(64);

  // Opening the game leaves the focus on its heading; the replay keys work from there.
  await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H3');
  await page.keyboard.press('Shift+D');
  await expect(page.locator('.replay-status').textContent()).resolves.toMatch(/^Move 1, White: /);
  await grid.locator('[data-square="a1"]').focus();
  await page.keyboard.press('Shift+D');
  await expect(page.locator('.replay-status').textContent()).resolves.toMatch(/^Move 1, Black: /);
  // After 1. e4 e5 the square e5 holds a black pawn.
  await expect(grid.locator('[data-square="e5"]').getAttribute('aria-label')).resolves.toMatch(/black pawn/i);
  await page.keyboard.press('Shift+A');
  await expect(page.locator('.replay-status').textContent()).resolves.toMatch(/^Move 1, White: /);
  await expect(grid.locator('[data-square="e5"]').getAttribute('aria-label')).resolves.not.toMatch(/pawn/i);

  // The move list shows SAN and names each move in the player's words.
  const moves = page.getByRole('listbox', { name: 'Moves' });
  const e4 = moves.getByRole('option', { name: 'Move 1, White: Pawn Evan two to Evan four', exact: true });
  await expect(e4.textContent()).resolves.toMatch(/^1\. e4 /);
  await e4.click();
  await page.keyboard.press('End');
  await expect(page.locator('.replay-status').textContent()).resolves.toMatch(
    /End of the game\. Black is checkmated\. 1-0$/,
  );
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.replay-status').textContent()).resolves.toMatch(/^Move 17, Black: /);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Scoresheet' }).click();
  await expect(page.getByLabel('Scoresheet text').textContent()).resolves.toContain('18. Bf4++');
  await expect(page.getByLabel(/Scoresheet in braille/).textContent()).resolves.toContain('⠼⠁⠲⠀⠑⠼⠙⠀⠑⠼⠑');
  expect(await axeViolations(page)).toEqual([]);
});

/** 1. e4 by keyboard on the blind player's board, 1... e5 by clicks on the local opponent's board. */
async function playE4E5(page: Page) {
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  await board.locator('[data-square="a1"]').click();
  await blindMove(page, 'e2', 'e4');
  await opponentMove(page, 'e7', 'e5');
}

test('a local game is saved as it is played: in progress without a move count, then replayable once over', async () => {
  const page = await app.browser.newPage();
  await page.goto(`${app.server.url}#/local`);
  await playE4E5(page);
  await page.goto(`${app.server.url}#/archive`);
  const table = page.getByRole('table', { name: 'Your games' });
  const row = table.getByRole('row', { name: /Blind player/ });
  await row.waitFor();
  await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
    'Sighted player',
    'Twinboard',
    expect.stringMatching(/^\d{4}\.\d\d\.\d\d$/),
    'in progress',
    '',
    expect.stringMatching(
      /^Open: White Blind player against Black Sighted player, \d\d? \w+ \d{4}, in progress, last played .*\d\d:\d\d$/,
    ),
  ]);
  await row.getByRole('button').click();
  await page.getByText(/This game is still being played/).waitFor();
  await expect(page.getByRole('grid').count()).resolves.toBe(0);

  // A new local game replaces the running one only when the player says so; then, finished by
  // resignation, it can be replayed.
  await page.goto(`${app.server.url}#/local/new`);
  await page.getByRole('dialog', { name: 'A game is in progress' }).waitFor();
  await page.getByRole('button', { name: 'Start a new game' }).click();
  await playE4E5(page);
  await page.getByRole('button', { name: 'Resign', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await page.getByRole('heading', { name: /Game over/ }).waitFor();
  const assertive = page.locator('#twinboard-live-assertive');
  await expect(assertive.textContent()).resolves.toMatch(/Game over/);
  await page.goto(`${app.server.url}#/archive`);
  const finished = page.getByRole('row', { name: /0-1/ });
  await finished.waitFor();
  // The last game's end does not linger in the live region on the archive.
  await expect(assertive.textContent()).resolves.toBe('');
  await expect(finished.getByRole('cell').nth(4).textContent()).resolves.toBe('1');
  await finished.getByRole('button').click();
  await page.getByRole('grid', { name: 'Replay board' }).locator('[data-square="a1"]').focus();
  await page.keyboard.press('Shift+D');
  await expect(page.locator('.replay-status').textContent()).resolves.toMatch(/^Move 1, White: /);
  await page.getByRole('button', { name: 'Scoresheet' }).click();
  await expect(page.getByLabel('Scoresheet text').textContent()).resolves.toContain(
    'Result: White resigns. 0-1',
  );
  expect(await axeViolations(page)).toEqual([]);
});
