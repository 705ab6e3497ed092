// A paired game before and at its start, in real Chromium against the real server: the blind
// player, on entering the room he created, hears that the game has not started and how to start it,
// with the focus on his board; the sighted player joins on a phone; the arbiter sees the same state
// and may start it; the blind player starts it with Shift+Enter and every screen hears it once. Then
// a reload with a piece in hand puts the cursor back on its square, and the sighted player's
// procedures at 390 px stand heading above heading.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';
import { createGame, joinGame, PAGE_WAIT } from '../helpers/pairedPages.ts';

const app = withBuiltApp();

/** A fresh browser context (a separate device), recording what it says; `phone` = a phone's viewport. */
async function device(phone = false): Promise<Page> {
  const context = await app.browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {},
  );
  const p = await context.newPage();
  await recordHeard(p);
  return p;
}

/** The square of the board cell that has the keyboard focus, or null. */
const focusedSquare = (p: Page) =>
  p.evaluate(
    () => document.activeElement?.closest('[role="grid"] [data-square]')?.getAttribute('data-square') ?? null,
  );

const said = async (p: Page, start: string) => (await heard(p)).filter((h) => h.text.startsWith(start));

test('before the start the blind player is told where things stand and starts the game with Shift+Enter', async () => {
  const blind = await device();
  const code = await createGame(blind, app.server.url, { arbiter: true });
  // Who is in the room may arrive after the room itself: then it follows the rest.
  const opening = await waitToHear(blind, 'The game has not started. You play White.');
  expect(opening.text).toMatch(/Press Shift\+Enter to start it when you are both ready\.$/);
  await waitToHear(blind, 'Your opponent has not joined yet.');
  await expect.poll(() => focusedSquare(blind), PAGE_WAIT).toBe('a1');
  expect(await axeViolations(blind)).toEqual([]);

  const sighted = await device(true);
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  await waitToHear(
    blind,
    'Your opponent has joined the game. Press Shift+Enter to start it when you are both ready.',
  );
  const arbiter = await device();
  await joinGame(arbiter, app.server.url, code, 'Arbiter');
  for (const p of [blind, sighted, arbiter])
    await expect
      .poll(() => p.getByTestId('status').first().textContent(), PAGE_WAIT)
      .toContain('Waiting for the game to start.');
  // The players and the arbiter may start it; each has the button.
  for (const p of [blind, sighted, arbiter])
    await expect(p.getByRole('button', { name: 'Start the game' }).count()).resolves.toBe(1);
  expect(await axeViolations(arbiter)).toEqual([]);

  // A key that needs a game says how to start it; the move status too.
  await blind.locator('[role="grid"] [data-square="a1"]').first().focus();
  await blind.keyboard.press('h');
  await waitToHear(blind, 'The game has not started. Press Shift+Enter or say start to start it.');

  await blind.keyboard.press('Shift+Enter');
  await waitToHear(blind, 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  await waitToHear(sighted, 'The game has started. You play Black.');
  await waitToHear(arbiter, 'The game has started. Blind player: White; Sighted player: Black.');
  for (const p of [blind, sighted, arbiter]) {
    await expect
      .poll(() => p.getByTestId('status').first().textContent(), PAGE_WAIT)
      .toContain('Game in progress');
    await expect(p.getByRole('button', { name: 'Start the game' }).count()).resolves.toBe(0);
  }
  // Once on every screen.
  expect(await said(blind, 'New game.')).toHaveLength(1);
  expect(await said(sighted, 'The game has started.')).toHaveLength(1);
  expect(await said(arbiter, 'The game has started.')).toHaveLength(1);
  await expect.poll(() => focusedSquare(blind), PAGE_WAIT).toBe('a1');

  // The sighted player's procedures on his phone: "Procedures" (h2) above "Touch-move claim" (h3).
  const procedures = sighted.getByRole('heading', { name: 'Procedures', level: 2 });
  const claim = sighted.getByRole('heading', { name: 'Touch-move claim', level: 3 });
  const [h2, h3] = await Promise.all([procedures.boundingBox(), claim.boundingBox()]);
  if (!h2 || !h3) throw new Error('the procedures headings are not shown');
  expect(h3.y).toBeGreaterThanOrEqual(h2.y + h2.height);

  // The blind player lifts his knight and reloads: the cursor is back on Gustav one.
  await blind.locator('[role="grid"] [data-square="g1"]').first().click();
  await blind.keyboard.press('Enter');
  await waitToHear(blind, 'Lifted knight Gustav one');
  await expect.poll(() => blind.getByTestId('connection').textContent(), PAGE_WAIT).toBe('Connected');
  await blind.reload();
  await waitToHear(blind, 'Game resumed. You hold the knight from Gustav one.');
  await expect.poll(() => focusedSquare(blind), PAGE_WAIT).toBe('g1');
});
