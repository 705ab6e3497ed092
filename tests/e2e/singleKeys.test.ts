// Issue 28, "slow by keyboard", in real Chromium on the built app: on the blind player's board one
// key answers whose move it is, and one key asks to offer a draw, to accept the opponent's offer or
// to resign. The question is a modal dialog named by it, its safe answer focused; `y` answers yes,
// Escape no; the focus comes back to the board cell it left, nothing is said twice, and axe finds
// nothing on the question. The opponent's draw offer is answered with one key, not eight Tabs.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, goTo, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';

const app = withBuiltApp();

/** The data-square of the focused board cell of the blind player's board, or null. */
const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.closest('[role="grid"]')?.getAttribute('aria-label') === 'Board'
      ? el.getAttribute('data-square')
      : null;
  });

const saidSince = async (page: Page, from: number) => (await heard(page)).slice(from).map((h) => h.text);

test('whose move, a draw offered and accepted, and resigning: one key each, asked first', async () => {
  const page = await (await app.browser.newContext()).newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local`);
  await waitToHear(page, 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  await blindMove(page, 'e2', 'e4');
  await opponentMove(page, 'e7', 'e5');
  await waitToHear(page, 'Pawn Evan seven to Evan five');
  await page.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="e4"]').focus();
  await goTo(page, 'g1');

  await page.keyboard.press('Shift+W');
  await waitToHear(page, 'White to move');

  // D asks; the dialog is named by its question and "No, play on" has the focus.
  const from = (await heard(page)).length;
  await page.keyboard.press('d');
  const offer = page.getByRole('dialog', { name: 'Offer a draw?' });
  await offer.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No, play on');
  expect(await axeViolations(page)).toEqual([]);
  // With a screen reader the dialog says the question as it takes the focus: nothing goes to the
  // live regions, so it is not heard twice.
  expect(await saidSince(page, from)).toEqual([]);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts'))).toBe(
    'N Escape',
  );
  // Escape is "no": nothing offered, the focus back on the board cell it left.
  await page.keyboard.press('Escape');
  await waitToHear(page, 'No draw offered.');
  await expect.poll(() => focusedCell(page)).toBe('g1');
  expect(await offer.count()).toBe(0);

  // The opponent offers a draw from his panel; the blind player answers with one key and "y".
  await page
    .getByRole('region', { name: 'Sighted opponent' })
    .getByRole('button', { name: 'Offer a draw (opponent)' })
    .click();
  await waitToHear(page, 'Black offers a draw');
  await expect.poll(() => focusedCell(page)).not.toBeNull();
  await page.keyboard.press('Shift+D');
  await page.getByRole('dialog', { name: 'Accept the draw?' }).waitFor();
  await page.keyboard.press('y');
  await waitToHear(page, 'Game over: draw, by agreement');
  await expect.poll(() => focusedCell(page)).not.toBeNull();
});

test('resigning asks, Escape plays on, and its own button resigns', async () => {
  const page = await (await app.browser.newContext()).newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local`);
  await waitToHear(page, 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  await page.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').focus();
  await page.keyboard.press('Shift+G');
  await page.getByRole('dialog', { name: 'Resign the game?' }).waitFor();
  await page.keyboard.press('Escape');
  await waitToHear(page, 'Not resigned. Play on.');
  await expect.poll(() => focusedCell(page)).toBe('a1');
  await page.keyboard.press('Shift+G');
  await page.getByRole('dialog', { name: 'Resign the game?' }).waitFor();
  // Tab goes from the safe answer to "Yes, resign" and stays in the dialog.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, resign');
  await page.keyboard.press('Enter');
  await waitToHear(page, 'Game over: Black wins');
  await expect.poll(() => focusedCell(page)).not.toBeNull();
});
