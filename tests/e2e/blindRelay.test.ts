// The blind player relays his sighted opponent's moves onto his own board in manual relay (BL-18,
// BL-24), in real Chromium against the real server: he hears the move and what is awaited,
// repeats it by key, lifts the opponent's piece and places it on his board; then a wrong execution
// of his is a difference between the twin boards, announced to him and opened on the arbiter's
// screen (BL-25, rule 7).
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { blindMove, sightedMove } from '../helpers/pairedPages.ts';

const app = withBuiltApp();

const WAIT = { timeout: 5000, interval: 50 };

async function page(): Promise<Page> {
  return (await app.browser.newContext()).newPage();
}

const live = (p: Page, politeness: 'polite' | 'assertive') =>
  p
    .locator(`#twinboard-live-${politeness}`)
    .textContent()
    .then((t) => (t ?? '').replace(/\u00a0$/, ''));

const square = (p: Page, sq: string) => p.locator(`[role="grid"] [data-square="${sq}"]`).first();

/** The sighted player repeats the blind player's move and executes it on his board by clicks. */
async function sightedRelays(p: Page, uci: string) {
  await p.getByRole('button', { name: /^Repeat (Pawn|Knight|Bishop|Rook|Queen|King)/ }).click();
  await p
    .locator(`[data-square="${uci.slice(0, 2)}"]`)
    .first()
    .click();
  await p
    .locator(`[data-square="${uci.slice(2, 4)}"]`)
    .first()
    .click();
}

test('manual relay: the blind player repeats and carries out the opponent’s moves; a wrong execution is announced', async () => {
  const blind = await page();
  await blind.goto(`${app.server.url}#/setup`);
  const form = blind.getByRole('form', { name: 'Create a game' });
  await form.getByRole('radio', { name: 'Blind player', exact: true }).check();
  await form.getByRole('radio', { name: /^Manual:/ }).check();
  await form.getByRole('checkbox', { name: 'An arbiter takes part' }).check();
  await form.getByRole('checkbox', { name: /repeats each move explicitly/ }).check();
  await form.getByRole('button', { name: 'Create the game' }).click();
  const code = (await blind.getByTestId('created-code').textContent())?.trim() ?? '';
  // The arbiter's seat needs its own invitation code (issue 14).
  await blind.getByRole('button', { name: 'Make an invitation code for: Arbiter' }).click();
  const invitation = (await blind.getByTestId('invite-arbiter').textContent())?.trim() ?? '';
  await blind.getByRole('button', { name: /^Return to game/ }).click();
  await blind.getByRole('grid').first().waitFor();
  const join = async (role: string) => {
    const p = await page();
    await p.goto(`${app.server.url}#/room/${code.split(' ').join('-')}`);
    const joinForm = p.getByRole('form', { name: 'Join a game' });
    await joinForm.getByRole('radio', { name: role, exact: true }).check();
    if (role === 'Arbiter') await joinForm.getByRole('textbox', { name: 'Invitation code' }).fill(invitation);
    await joinForm.getByRole('button', { name: 'Join' }).click();
    await p.getByRole('grid').first().waitFor();
    return p;
  };
  const sighted = await join('Sighted player');
  const arbiter = await join('Arbiter');
  await sighted.getByRole('button', { name: 'Start the game' }).click();
  await expect
    .poll(() => blind.getByTestId('status').first().textContent(), WAIT)
    .toContain('Game in progress');

  // 1. e4 by the blind player (White); the sighted player repeats and executes it on his board.
  await blindMove(blind, 'e2e4');
  await sightedRelays(sighted, 'e2e4');
  // 1… Nf6: announced to the blind player with what is awaited of him.
  await sightedMove(sighted, 'g8f6');
  await expect.poll(() => live(blind, 'polite'), WAIT).toBe('Repeat it and carry it out on your board.');
  // The clock key says what is missing; the status key says the move.
  await square(blind, 'g8').click();
  await blind.keyboard.press('Shift+Enter');
  await expect
    .poll(() => live(blind, 'assertive'), WAIT)
    .toMatch(/first repeat his move Knight Gustav eight to Felix six/);
  // The repeat key (BL-18), then the knight lifted from Gustav eight and placed on Felix six.
  await blind.keyboard.press('w');
  await expect.poll(() => live(blind, 'polite'), WAIT).toBe('Carry it out on your board.');
  await blind.keyboard.press('Enter');
  await expect
    .poll(() => live(blind, 'polite'), WAIT)
    .toMatch(/You hold your opponent's knight from Gustav eight/);
  expect(await square(blind, 'g8').getAttribute('aria-label')).toMatch(/empty/);
  await square(blind, 'f6').click();
  await blind.keyboard.press('Enter');
  await expect.poll(() => square(blind, 'f6').getAttribute('aria-label'), WAIT).toMatch(/black knight/);
  await expect
    .poll(() => live(blind, 'polite'), WAIT)
    .toBe('On your board: Knight Gustav eight to Felix six. Your move.');
  await expect
    .poll(() => arbiter.getByTestId('difference').textContent(), WAIT)
    .toContain('The boards agree');
  expect(await axeViolations(blind)).toEqual([]);

  // 2. Nc3 d5: the blind player repeats d5 but places the pawn on David six: the boards differ.
  await blindMove(blind, 'b1c3');
  await sightedRelays(sighted, 'b1c3');
  await sightedMove(sighted, 'd7d5');
  await expect.poll(() => live(blind, 'polite'), WAIT).toBe('Repeat it and carry it out on your board.');
  await square(blind, 'd7').click();
  await blind.keyboard.press('w');
  await expect.poll(() => live(blind, 'polite'), WAIT).toBe('Carry it out on your board.');
  await blind.keyboard.press('Enter');
  await square(blind, 'd6').click();
  await blind.keyboard.press('Enter');
  await expect
    .poll(async () => `${await live(blind, 'polite')} ${await live(blind, 'assertive')}`, WAIT)
    .toMatch(/The boards differ/);
  await expect.poll(() => arbiter.getByTestId('difference').textContent(), WAIT).toContain('Rule 7');
  // Rule 7: the scores agree, so the arbiter's correction puts the blind board right.
  await arbiter.getByRole('button', { name: 'Confirm the correction' }).click();
  await expect.poll(() => square(blind, 'd5').getAttribute('aria-label'), WAIT).toMatch(/black pawn/);
  await expect.poll(() => square(blind, 'd6').getAttribute('aria-label'), WAIT).toMatch(/empty/);
});
