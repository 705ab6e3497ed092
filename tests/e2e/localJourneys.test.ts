// A local game's journeys in real Chromium on the built app (issue 10): a game setting changed
// before the first move applies at once, one changed after it from the next game, and the
// read-back says which; the opponent's panel offers a draw the blind player hears, shows its clock
// and resigns; after the end "The game is over" does not linger into the next game, which starts
// on the board with the colours said.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, live } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';

const app = withBuiltApp();

const NEW_GAME = 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.';

const focusedGrid = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label'));

async function setCaptureRemoval(page: Page, value: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Captured pieces are removed' }).selectOption({ label: value });
  await page.keyboard.press('Escape');
}

test('a game setting applies at once before the first move, else from the next game, and the read-back says which', async () => {
  const page = await (await app.browser.newContext()).newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local`);
  await waitToHear(page, NEW_GAME);
  await setCaptureRemoval(page, 'by me, with the Delete key');
  await waitToHear(page, 'No move has been made: a new game starts with it now.');
  await blindMove(page, 'e2', 'e4');
  await setCaptureRemoval(page, 'when I place my piece');
  await waitToHear(page, 'It applies from the next game; this game keeps the rules it started with.');
  // The game goes on with its move: nothing was reset.
  await expect(
    page
      .getByRole('grid', { name: 'Board', exact: true })
      .locator('[data-square="e4"]')
      .getAttribute('aria-label'),
  ).resolves.toMatch(/white pawn/);
});

test("the opponent's panel offers a draw, shows its clock and resigns; the end does not linger into the next game", async () => {
  const page = await (await app.browser.newContext()).newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local`);
  await waitToHear(page, NEW_GAME);
  const opponent = page.getByRole('region', { name: 'Sighted opponent' });
  await expect(opponent.getByTestId('clock-b').textContent()).resolves.toMatch(/Black/);
  await blindMove(page, 'e2', 'e4');
  // The opponent offers a draw from his panel: the blind player hears it at once.
  await opponent.getByRole('button', { name: 'Offer a draw (opponent)' }).click();
  expect(await waitToHear(page, 'Black offers a draw')).toMatchObject({ channel: 'assertive' });
  // The opponent resigns; the blind player hears the result and his focus is on his board.
  await opponent.getByRole('button', { name: 'Resign (opponent)' }).click();
  await opponent
    .getByRole('group', { name: 'Really resign?' })
    .getByRole('button', { name: 'Yes', exact: true })
    .click();
  await waitToHear(page, 'Game over: White wins, resignation');
  await page.getByRole('heading', { name: /Game over: White wins/ }).waitFor();
  await expect.poll(() => focusedGrid(page)).toBe('Board');
  // A key after the end is answered with the end...
  await page.keyboard.press('Enter');
  await expect.poll(() => live(page, 'assertive')).toBe('The game is over');
  // ...which is gone from every live region and alert when the next game starts.
  const said = (await heard(page)).length;
  // (The home page's "New local game" link: a change of route in the same document.)
  await page.evaluate(() => (window.location.hash = '#/local/new'));
  await expect.poll(async () => (await heard(page)).slice(said).map((h) => h.text)).toContain(NEW_GAME);
  await expect.poll(() => live(page, 'assertive')).toBe(NEW_GAME);
  expect(await live(page, 'polite')).not.toBe('The game is over');
  expect(await page.getByRole('alert').filter({ hasText: 'The game is over' }).count()).toBe(0);
  await expect.poll(() => focusedGrid(page)).toBe('Board');
  expect(await axeViolations(page)).toEqual([]);
});
