// The arbiter's procedure controls in real Chromium against the real server (issue 12), operated
// by keyboard: a malformed square is said at once and nothing is sent; touch-move enforced without
// a claim takes back the move played instead on both players' boards and binds the touched knight;
// competition mode is set for the room and heard by the blind player; an illegal move found later
// is reinstated on every board. axe finds nothing on the arbiter's screen.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { blindMove, createGame, joinGame, sightedMove } from '../helpers/pairedPages.ts';

const app = withBuiltApp();
const WAIT = { timeout: 8000, interval: 50 };

async function page(): Promise<Page> {
  const context = await app.browser.newContext();
  const p = await context.newPage();
  await p.addInitScript(() => {
    const w = window as unknown as { __said: string[] };
    w.__said = [];
    const synth = window.speechSynthesis as SpeechSynthesis | undefined;
    if (synth) {
      const speak = synth.speak.bind(synth);
      synth.speak = (u: SpeechSynthesisUtterance) => {
        w.__said.push(u.text);
        speak(u);
      };
    }
  });
  return p;
}

/** Everything the page has said or put in a live region, as one text. */
const heard = (p: Page) =>
  p.evaluate(() => {
    const said = (window as unknown as { __said: string[] }).__said.join('\n');
    const live = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')]
      .map((n) => n.textContent ?? '')
      .join('\n');
    return `${said}\n${live}`;
  });

const occupied = (p: Page, grid: string, square: string) =>
  p
    .locator(`${grid} [data-square="${square}"]`)
    .first()
    .evaluate((cell) => (cell.textContent ?? '').replace(/\uFE0E|\uFE0F/g, '').trim() !== '');

test('the arbiter enforces touch-move, sets competition mode and reinstates the position, by keyboard', async () => {
  const blind = await page();
  const code = await createGame(blind, app.server.url, { arbiter: true, wait: WAIT });
  const sighted = await page();
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  const arbiter = await page();
  await joinGame(arbiter, app.server.url, code, 'Arbiter');
  await sighted.getByRole('button', { name: 'Start the game' }).click();
  await expect
    .poll(() => arbiter.getByTestId('status').first().textContent(), WAIT)
    .toContain('Game in progress');
  await blindMove(blind, 'e2e4');
  await expect.poll(() => occupied(sighted, '[role="grid"]', 'e4'), WAIT).toBe(true);
  // The sighted player touched the knight on g8 (unseen by Twinboard) and played the other one.
  await sightedMove(sighted, 'b8c6');
  await expect.poll(() => occupied(blind, '[role="grid"]', 'c6'), WAIT).toBe(true);

  const procedures = arbiter.getByTestId('procedures');
  const touch = procedures.getByRole('form', { name: /Enforce touch-move/ });
  // A malformed square: said at once, nothing sent.
  await touch.getByRole('textbox', { name: /Square/ }).fill('z9');
  await touch.getByRole('textbox', { name: /Square/ }).press('Enter');
  await expect.poll(() => touch.getByRole('alert').textContent(), WAIT).toContain('Type a square');
  expect(await occupied(sighted, '[role="grid"]', 'c6')).toBe(true);
  // Black, g8, Enter.
  await touch.getByRole('combobox', { name: 'Side' }).selectOption('b');
  await touch.getByRole('textbox', { name: /Square/ }).fill('g8');
  await touch.getByRole('textbox', { name: /Square/ }).press('Enter');
  for (const [p, grid] of [
    [blind, '[role="grid"]'],
    [sighted, '[role="grid"]'],
    [arbiter, '#arbiter-board-sighted'],
  ] as const) {
    await expect.poll(() => occupied(p, grid, 'c6'), WAIT).toBe(false);
    await expect.poll(() => occupied(p, grid, 'b8'), WAIT).toBe(true);
  }
  await expect.poll(() => heard(blind), WAIT).toMatch(/Black’s move is taken back/);
  // The knight on g8 binds the sighted player now.
  await sightedMove(sighted, 'g8f6');
  await expect.poll(() => occupied(blind, '[role="grid"]', 'f6'), WAIT).toBe(true);

  // Competition mode by keyboard: focus the checkbox and press Space.
  const competition = procedures.getByRole('checkbox', { name: /Competition mode/ });
  await competition.focus();
  await arbiter.keyboard.press('Space');
  await expect.poll(() => competition.isChecked(), WAIT).toBe(true);
  await expect.poll(() => heard(blind), WAIT).toMatch(/Competition mode is on/);

  // An illegal move found later: White's first move. Every board goes back to the start.
  const illegal = procedures.getByRole('form', { name: /Reinstate the position/ });
  await illegal.getByRole('combobox', { name: 'The illegal move' }).selectOption({ label: '1. e4' });
  await illegal.getByRole('button', { name: /Reinstate the position/ }).press('Enter');
  for (const [p, grid] of [
    [blind, '[role="grid"]'],
    [sighted, '[role="grid"]'],
  ] as const) {
    await expect.poll(() => occupied(p, grid, 'e4'), WAIT).toBe(false);
    await expect.poll(() => occupied(p, grid, 'e2'), WAIT).toBe(true);
    await expect.poll(() => occupied(p, grid, 'g8'), WAIT).toBe(true);
  }
  await expect.poll(() => heard(blind), WAIT).toMatch(/Illegal move found/);
  expect(await axeViolations(arbiter)).toEqual([]);
});
