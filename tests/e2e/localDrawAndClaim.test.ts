// A local game against a sighted person on the same device, in real Chromium on the built app
// (issue 10): the blind player offers a draw by typed command, the opponent declines it from his
// panel and the blind player hears so, with his next key still working; then the opponent claims
// from his panel and the blind player hears the claim and its outcome. The opponent's clicks never
// take the blind player's focus from his command line.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';

const app = withBuiltApp();

/** Everything the page said from index `from` on. */
const saidSince = async (page: Page, from: number) => (await heard(page)).slice(from).map((h) => h.text);

test("the blind player's draw offer is declined from the opponent's panel, and a claim from the panel is told", async () => {
  const page = await (await app.browser.newContext()).newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local`);
  await waitToHear(page, 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  const opponent = page.getByRole('region', { name: 'Sighted opponent' });
  await blindMove(page, 'e2', 'e4');
  await opponentMove(page, 'e7', 'e5');
  await waitToHear(page, 'Pawn Evan seven to Evan five');

  // The blind player offers a draw by typed command and confirms it.
  await page.keyboard.press('i');
  const command = page.getByRole('textbox', { name: /command/i });
  await expect.poll(() => command.evaluate((el) => el === document.activeElement)).toBe(true);
  await command.fill('draw');
  await page.keyboard.press('Enter');
  await waitToHear(page, 'Offer a draw? Say yes or no.');
  await command.fill('yes');
  await page.keyboard.press('Enter');
  await waitToHear(page, 'You offered a draw');

  // The opponent's panel shows the offer and declines it; the blind player hears so.
  const offer = opponent.getByRole('group', { name: 'White offers a draw.' });
  let from = (await heard(page)).length;
  await offer.getByRole('button', { name: 'Decline the draw (opponent)' }).click();
  const declined = await waitToHear(page, 'Black declined the draw');
  expect(declined.channel).toBe('assertive');
  expect(await offer.count()).toBe(0);
  // The game goes on, and the offer is gone from the panel: it offers a draw of its own again.
  await opponent.getByRole('button', { name: 'Offer a draw (opponent)' }).waitFor();
  expect((await saidSince(page, from)).filter((t) => t.includes('declined the draw'))).toHaveLength(1);

  // The opponent claims a win on time from his panel: the blind player hears who claimed what and
  // the outcome in one sentence (White's flag has not fallen, so it is rejected at once).
  from = (await heard(page)).length;
  await opponent.getByRole('combobox', { name: 'Claim kind' }).selectOption({ label: 'Win on time' });
  await opponent.getByRole('button', { name: 'Claim (opponent)' }).click();
  const claim = await waitToHear(page, 'Black claims a win on time; the claim is rejected');
  expect(claim.channel).toBe('assertive');
  expect(await saidSince(page, from)).toEqual(['Black claims a win on time; the claim is rejected']);
  expect(await page.getByTestId('turn').textContent()).toBe('Waiting for the blind player.');

  // The opponent's clicks left the blind player's focus where he had it, in his command line
  // (issue 28: before, they took it and dropped it on the board); Escape takes him to his board,
  // where his keys still work: he plays his next move without a Tab.
  await expect.poll(() => command.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Escape');
  await blindMove(page, 'g1', 'f3');
  expect(await axeViolations(page)).toEqual([]);
});
