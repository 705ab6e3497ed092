// The computer's review of a finished game in the archive, in real Chromium on the built app: a
// game with a known blunder (2...Qh4??, the queen hangs to the knight) is imported, reviewed on
// request (the engine loads only then), and stepping through the moves with the replay keys says
// the verdict with each move; the summary names the blunder at its move, spoken and shown.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';

const app = withBuiltApp();
const WAIT = { timeout: 30_000, interval: 100 };
const PGN = `[Event "Club game"]
[White "Anna"]
[Black "Bert"]
[Result "1-0"]

1. e4 e5 2. Nf3 Qh4 3. Nxh4 Nc6 4. d3 1-0
`;

const live = (page: Page) =>
  page
    .locator('#twinboard-live-polite')
    .textContent()
    .then((t) => (t ?? '').replace(/\u00a0$/, ''));

test('the review names the blunder at the right move, by voice with the replay keys and on screen', async () => {
  const page = await app.browser.newPage();
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${app.server.url}#/archive`);
  await page.getByRole('textbox', { name: 'Or paste PGN text' }).fill(PGN);
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('button', { name: /^Open: White Anna against Black Bert, 1–0, 4 moves$/ }).click();
  await page.getByRole('heading', { level: 3, name: 'Anna against Bert' }).waitFor();
  expect(workers).toEqual([]);

  await page.getByRole('button', { name: 'Review the game' }).click();
  // The focus stays on the button while the review runs, not on the page body.
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  await expect(focused()).resolves.toBe('Review the game');
  await expect.poll(() => live(page), WAIT).toMatch(/^Review finished\. /);
  await expect(focused()).resolves.toBe('Review the game');
  expect(workers).toHaveLength(1);
  const summary = await live(page);
  expect(summary).toContain('Black: one blunder at move 2');
  await expect(page.locator('.review-summary').textContent()).resolves.toContain(
    'Black: one blunder at move 2',
  );
  expect(await axeViolations(page)).toEqual([]);

  // Step to 2...Qh4 with the replay keys, straight from the review button (no tabbing): the move,
  // then the verdict, a sentence of its own, and the better move.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+D');
  const said = await live(page);
  expect(said).toMatch(/^Move 2, Black: Queen .+\. A blunder; better was .+/);
  await expect(page.locator('.replay-status').textContent()).resolves.toBe(said);
  // The next move is the only good answer or the best one.
  await page.keyboard.press('Shift+D');
  expect(await live(page)).toMatch(/^Move 3, White: Knight .+\. (Best move|Only move)$/);
  // The visual archive shows the verdict beside the move.
  await expect(
    page.getByRole('option').filter({ hasText: '2... Qh4' }).locator('.replay-verdict').textContent(),
  ).resolves.toMatch(/A blunder; better was/);
});
