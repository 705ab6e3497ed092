// Paired play in real Chromium against the real server: three browser contexts (blind player,
// sighted player, the blind player's assistant) set up a game through the setup screen and play a
// real game with captures, castling and a promotion (11…bxa1=Q), every screen checked after every
// move, and each screen reloaded in the middle of a move. A second test injects a wrong execution in manual relay and walks
// through the rule 7 and rule 8 corrections on the arbiter's screen.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { blindMove, createGame, joinGame, sightedMove } from '../helpers/pairedPages.ts';
import { sanToUci } from '../helpers/pairedGame.ts';

const app = withBuiltApp();

/** Polls up to 5 s: three browsers and the server share a busy machine. */
const WAIT = { timeout: 5000, interval: 50 };

const GLYPH: Record<string, string> = {
  K: '♔',
  Q: '♕',
  R: '♖',
  B: '♗',
  N: '♘',
  P: '♙',
  k: '♚',
  q: '♛',
  r: '♜',
  b: '♝',
  n: '♞',
  p: '♟',
};

/** A fresh browser context (its own storage, like a separate device); `phone` = a phone's viewport. */
async function page(phone = false): Promise<Page> {
  const context = await app.browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {},
  );
  return context.newPage();
}

/** Starts the game from the sighted screen and waits until every screen has heard it. */
async function start(sighted: Page, others: readonly Page[]) {
  await sighted.getByRole('button', { name: 'Start the game' }).click();
  for (const p of [sighted, ...others])
    await expect
      .poll(() => p.getByTestId('status').first().textContent(), WAIT)
      .toContain('Game in progress');
}

/** The glyph standing on a square of a board (scoped by a CSS selector for the grid). */
/**
 * The piece drawn on a square as the figurine of its colour ('♙', '♟', or '' when empty): the board
 * draws one solid set and colours it by class, so the colour comes from the glyph's class.
 */
const glyphAt = (p: Page, grid: string, square: string) =>
  p
    .locator(`${grid} [data-square="${square}"]`)
    .first()
    .evaluate((cell) => {
      const glyph = (cell.textContent ?? '').replace(/\uFE0E|\uFE0F/g, '').trim();
      if (glyph === '') return '';
      const type = '♔♕♖♗♘♙♚♛♜♝♞♟'.indexOf(glyph) % 6;
      const white = cell.querySelector('span')?.classList.contains('white') ?? false;
      return (white ? '♔♕♖♗♘♙' : '♚♛♜♝♞♟')[type] ?? '?';
    });

const SANS =
  'e4 e5 Nf3 Nc6 d4 Nxd4 Nxd4 exd4 Bc4 Bc5 c3 Qe7 O-O Qe5 f4 dxc3+ Kh1 cxb2 Bxf7+ Kd8 fxe5 bxa1=Q'.split(' ');

test('blind, sighted and assistant screens play captures, castling and a promotion in step', async () => {
  const blind = await page();
  const code = await createGame(blind, app.server.url, { assistant: true });
  // The sighted opponent plays on a phone.
  const sighted = await page(true);
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  const assistant = await page();
  await joinGame(assistant, app.server.url, code, "Blind player's assistant");
  await expect.poll(() => assistant.getByTestId('duties').textContent(), WAIT).toContain('relay moves');
  // His duties are said once: one paragraph names them.
  await expect(
    assistant
      .getByRole('paragraph')
      .filter({ hasText: /duties/i })
      .count(),
  ).resolves.toBe(1);
  await start(sighted, [blind, assistant]);

  const ucis = sanToUci(SANS);
  for (const [i, uci] of ucis.entries()) {
    const white = i % 2 === 0;
    if (i === 1) {
      // The sighted screen is reloaded after the piece was touched: it resumes with it selected.
      await sighted
        .locator(`[data-square="${uci.slice(0, 2)}"]`)
        .first()
        .click();
      await expect.poll(() => sighted.getByTestId('connection').textContent(), WAIT).toBe('Connected');
      await sighted.reload();
      await sighted.getByRole('grid').first().waitFor();
      await expect
        .poll(() => sighted.getByRole('status').filter({ hasText: 'Touched' }).count(), WAIT)
        .toBe(1);
      await sighted
        .locator(`[data-square="${uci.slice(2, 4)}"]`)
        .first()
        .click();
      await sighted.getByRole('button', { name: 'Press clock' }).click();
    } else if (i === 2) {
      // The blind player's and the assistant's screens are reloaded with the piece in the hand.
      await blind
        .locator(`[role="grid"] [data-square="${uci.slice(0, 2)}"]`)
        .first()
        .click();
      await blind.keyboard.press('Enter');
      await expect.poll(() => blind.getByTestId('connection').textContent(), WAIT).toBe('Connected');
      await Promise.all([blind.reload(), assistant.reload()]);
      for (const p of [blind, assistant])
        await expect
          .poll(() => p.getByTestId('status').first().textContent(), WAIT)
          .toContain('Game in progress');
      await expect.poll(() => glyphAt(blind, '[role="grid"]', uci.slice(0, 2)), WAIT).toBe('');
      await blind
        .locator(`[role="grid"] [data-square="${uci.slice(2, 4)}"]`)
        .first()
        .click();
      await blind.keyboard.press('Enter');
      await blind.keyboard.press('a');
      await blind.keyboard.press('Shift+Enter');
    } else if (white) await blindMove(blind, uci);
    else await sightedMove(sighted, uci);
    const to = uci.slice(2, 4);
    const san = SANS[i] ?? '';
    const piece = uci.length === 5 ? 'q' : san.startsWith('O-O') ? 'K' : (san.match(/^[KQRBN]/)?.[0] ?? 'P');
    const glyph = GLYPH[white ? piece.toUpperCase() : piece.toLowerCase()];
    // Every screen shows the move on every board and in the scoresheets.
    await expect.poll(() => glyphAt(blind, '[role="grid"]', to), WAIT).toBe(glyph);
    await expect.poll(() => glyphAt(sighted, '[role="grid"]', to), WAIT).toBe(glyph);
    await expect.poll(() => glyphAt(assistant, '#board-blind', to), WAIT).toBe(glyph);
    await expect.poll(() => glyphAt(assistant, '#board-sighted', to), WAIT).toBe(glyph);
    const written = san.replace(/[+#]/, '');
    await expect.poll(() => sighted.getByTestId('score-sighted').textContent(), WAIT).toContain(written);
    await expect.poll(() => assistant.getByTestId('score-blind').textContent(), WAIT).toContain(written);
    if (SANS[i] === 'O-O') {
      await expect.poll(() => glyphAt(sighted, '[role="grid"]', 'f1'), WAIT).toBe('♖');
      await expect.poll(() => glyphAt(assistant, '#board-blind', 'f1'), WAIT).toBe('♖');
    }
  }
  await expect
    .poll(() => sighted.getByTestId('announcement').textContent(), WAIT)
    .not.toBe('No move announced yet.');
  // The phone shows the whole board without scrolling sideways.
  expect(await sighted.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(sighted)).toEqual([]);
  expect(await axeViolations(assistant)).toEqual([]);
});

test('manual relay: a wrong execution is corrected under rule 7, a misheard repetition under rule 8', async () => {
  // Rule 7: announced and repeated correctly, executed wrongly on the sighted player's board.
  const blind = await page();
  const code = await createGame(blind, app.server.url, { relay: 'Manual', arbiter: true, repetition: true });
  const sighted = await page();
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  const arbiter = await page();
  await joinGame(arbiter, app.server.url, code, 'Arbiter');
  await start(sighted, [blind, arbiter]);
  await blindMove(blind, 'e2e4');
  await sighted.getByRole('button', { name: /^Repeat Pawn/ }).click();
  await sighted.locator('[data-square="e2"]').first().click();
  await sighted.locator('[data-square="e3"]').first().click();
  await expect.poll(() => arbiter.getByTestId('difference').textContent(), WAIT).toContain('Rule 7');
  await expect.poll(() => sighted.getByTestId('status').textContent(), WAIT).toContain('The boards differ');
  await expect.poll(() => arbiter.getByTestId('clock-w').textContent(), WAIT).not.toContain('running');
  await expect.poll(() => arbiter.getByTestId('clock-b').textContent(), WAIT).not.toContain('running');
  expect(await axeViolations(arbiter)).toEqual([]);
  await arbiter.getByRole('button', { name: 'Confirm the correction' }).click();
  await expect.poll(() => glyphAt(sighted, '[role="grid"]', 'e4'), WAIT).toBe('♙');
  await expect.poll(() => glyphAt(sighted, '[role="grid"]', 'e3'), WAIT).toBe('');
  await expect
    .poll(() => arbiter.getByTestId('difference').textContent(), WAIT)
    .toContain('The boards agree');
  await expect
    .poll(() => arbiter.getByTestId('evidence').textContent(), WAIT)
    .toContain('Confirmed the correction');

  // Rule 8: the sighted player writes the move as he (mis)heard it; the two scores differ.
  const blind2 = await page();
  const code2 = await createGame(blind2, app.server.url, {
    relay: 'Manual',
    arbiter: true,
    repetition: true,
  });
  const sighted2 = await page();
  await joinGame(sighted2, app.server.url, code2, 'Sighted player');
  const arbiter2 = await page();
  await joinGame(arbiter2, app.server.url, code2, 'Arbiter');
  await start(sighted2, [blind2, arbiter2]);
  await blindMove(blind2, 'e2e4');
  await sighted2.getByRole('textbox', { name: /as you heard it/ }).fill('e2e3');
  await sighted2.getByRole('button', { name: 'Repeat as heard' }).click();
  await sighted2.getByRole('button', { name: /^Execute .* on my board$/ }).click();
  await expect.poll(() => arbiter2.getByTestId('difference').textContent(), WAIT).toContain('Rule 8');
  await expect
    .poll(() => arbiter2.getByTestId('difference').textContent(), WAIT)
    .toContain('the start position');
  await arbiter2.getByRole('button', { name: 'Confirm the correction' }).click();
  // Both boards go back to the last position where the scores agree: the start.
  for (const [p, grid] of [
    [blind2, '[role="grid"]'],
    [sighted2, '[role="grid"]'],
    [arbiter2, '#arbiter-board-blind'],
    [arbiter2, '#arbiter-board-sighted'],
  ] as const) {
    await expect.poll(() => glyphAt(p, grid, 'e4'), WAIT).toBe('');
    await expect.poll(() => glyphAt(p, grid, 'e2'), WAIT).toBe('♙');
  }
  await expect
    .poll(() => arbiter2.getByTestId('difference').textContent(), WAIT)
    .toContain('The boards agree');
});
