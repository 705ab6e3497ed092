// Adjourning a paired game in real Chromium against the real server (spec §2.13, GR-70–GR-72,
// issue 7): the blind player seals his move privately on his screen (and changes it), stops the
// clock; neither the opponent's screen — its text, every live-region update, every utterance — nor
// the arbiter's reveals the move, and the blind player's own speech says only "Sealed move
// recorded". The arbiter opens the envelope: the move stands on both boards and Black's clock runs.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { blindMove, createGame, joinGame, sightedMove } from '../helpers/pairedPages.ts';

const app = withBuiltApp();

const WAIT = { timeout: 8000, interval: 50 };

/**
 * A fresh browser context that records everything the page ever shows or says: every utterance
 * handed to speechSynthesis and every text added to the document (live regions included), so a
 * move that flashed past is caught too.
 */
async function page(): Promise<Page> {
  const context = await app.browser.newContext();
  const p = await context.newPage();
  await p.addInitScript(() => {
    const w = window as unknown as { __said: string[]; __shown: string[] };
    w.__said = [];
    w.__shown = [];
    const synth = window.speechSynthesis as SpeechSynthesis | undefined;
    if (synth) {
      const speak = synth.speak.bind(synth);
      synth.speak = (u: SpeechSynthesisUtterance) => {
        w.__said.push(u.text);
        speak(u);
      };
    }
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') w.__shown.push(r.target.textContent ?? '');
        for (const n of r.addedNodes) w.__shown.push(n.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return p;
}

/** What a page has said and shown since it was opened. */
const record = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as { __said: string[]; __shown: string[] };
    return { said: [...w.__said], shown: [...w.__shown] };
  });

/**
 * The piece standing on a square of a board (scoped by a CSS selector for the grid) as colour and
 * letter, e.g. `wN`, or '' when empty: from the glyph and its colour class, whichever figurine set
 * the board draws.
 */
const pieceOn = (p: Page, grid: string, square: string) =>
  p
    .locator(`${grid} [data-square="${square}"]`)
    .first()
    .evaluate((cell) => {
      const glyph = (cell.textContent ?? '').replace(/\uFE0E|\uFE0F/g, '').trim();
      if (glyph === '') return '';
      const letters = '♔♕♖♗♘♙♚♛♜♝♞♟';
      const i = letters.indexOf(glyph);
      const span = cell.querySelector('span');
      const color = span?.classList.contains('black')
        ? 'b'
        : span?.classList.contains('white')
          ? 'w'
          : i < 6
            ? 'w'
            : 'b';
      return `${color}${'KQRBNP'[i % 6] ?? '?'}`;
    });

/** The sealed move in any notation or spoken form: Nc3 / b1c3 / "c 3" / "c3" (the first one, Nf3, too). */
const REVEALS = /Nc3|b1c3|Nf3|g1f3|\bc ?3\b|\bf ?3\b/i;

test('a sealed move in a paired game stays private until the arbiter resumes on both boards', async () => {
  const blind = await page();
  const code = await createGame(blind, app.server.url, { arbiter: true, wait: WAIT });
  const sighted = await page();
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  const arbiter = await page();
  await joinGame(arbiter, app.server.url, code, 'Arbiter');
  await sighted.getByRole('button', { name: 'Start the game' }).click();
  for (const p of [blind, sighted, arbiter])
    await expect
      .poll(() => p.getByTestId('status').first().textContent(), WAIT)
      .toContain('Game in progress');
  await blindMove(blind, 'e2e4');
  await expect.poll(() => pieceOn(sighted, '[role="grid"]', 'e4'), WAIT).toBe('wP');
  await sightedMove(sighted, 'e7e5');
  await expect.poll(() => pieceOn(blind, '[role="grid"]', 'e5'), WAIT).toBe('bP');

  // Everything the pages said or showed before sealing is set aside.
  const before = await Promise.all([blind, sighted, arbiter].map(record));

  // The blind player seals Nf3, changes it to Nc3 (000 Interp 15.1 (1966)), then stops the clock.
  await blind.getByRole('button', { name: 'Seal move' }).click();
  const entry = blind.getByRole('textbox', { name: /Sealed move \(private/ });
  await entry.fill('Nf3');
  await blind.getByRole('button', { name: 'Record sealed move' }).click();
  await blind.getByText(/Your sealed move: Nf3/).waitFor({ timeout: 8000 });
  await entry.fill('Nc3');
  await blind.getByRole('button', { name: 'Record sealed move' }).click();
  await blind.getByText(/Your sealed move: Nc3/).waitFor({ timeout: 8000 });
  await expect
    .poll(() => sighted.getByRole('status').filter({ hasText: 'sealing' }).count(), WAIT)
    .toBeGreaterThan(0);
  await blind.getByRole('button', { name: 'Stop the clock and adjourn' }).click();
  for (const p of [blind, sighted, arbiter])
    await expect.poll(() => p.locator('body').textContent(), WAIT).toContain('The game is adjourned');
  for (const c of ['w', 'b'])
    await expect.poll(() => arbiter.getByTestId(`clock-${c}`).textContent(), WAIT).not.toContain('running');
  const stoppedAt = await arbiter.getByTestId('clock-b').textContent();

  // Neither the opponent's nor the arbiter's screen reveals the move, in text, live regions or speech.
  for (const [i, p] of [
    [1, sighted],
    [2, arbiter],
  ] as const) {
    const now = await record(p);
    const newly = [...now.said.slice(before[i]!.said.length), ...now.shown.slice(before[i]!.shown.length)];
    for (const text of newly) expect(text).not.toMatch(REVEALS);
    expect(await p.locator('body').innerText()).not.toMatch(/Nc3|b1c3|Nf3|g1f3/);
  }
  // The sealer's own speech says only that it was recorded (GR-70: never through a speaker).
  const mine = await record(blind);
  for (const text of mine.said.slice(before[0]!.said.length)) expect(text).not.toMatch(REVEALS);
  expect(await blind.locator('body').innerText()).not.toMatch(/Nc3|b1c3/);
  expect(await axeViolations(arbiter)).toEqual([]);
  // The opponent's board is still the position before the sealed move.
  expect(await pieceOn(sighted, '[role="grid"]', 'b1')).toBe('wN');
  expect(await pieceOn(sighted, '[role="grid"]', 'c3')).toBe('');
  // The clocks stay stopped while the game is adjourned: after all the checks above, the
  // arbiter's clocks still read as when the move was sealed, marked stopped, neither running.
  expect(await arbiter.getByTestId('clock-b').textContent()).toBe(stoppedAt);
  await expect.poll(() => arbiter.getByText('Clocks stopped', { exact: true }).count(), WAIT).toBe(1);

  // Resumption: the arbiter opens the envelope; the move stands on both boards, Black's clock runs.
  await arbiter.getByRole('button', { name: 'Open the envelope and resume' }).click();
  for (const [p, grid] of [
    [blind, '[role="grid"]'],
    [sighted, '[role="grid"]'],
    [arbiter, '#arbiter-board-blind'],
    [arbiter, '#arbiter-board-sighted'],
  ] as const) {
    await expect.poll(() => pieceOn(p, grid, 'c3'), WAIT).toBe('wN');
    await expect.poll(() => pieceOn(p, grid, 'b1'), WAIT).toBe('');
  }
  for (const p of [sighted, arbiter]) {
    await expect.poll(() => p.getByTestId('clock-b').textContent(), WAIT).toContain('running');
    await expect.poll(() => p.getByTestId('clock-w').textContent(), WAIT).not.toContain('running');
  }
  // The same recorders do catch the move once it is opened: the opponent is told it now.
  const after = await record(sighted);
  expect([...after.said, ...after.shown].join('\n')).toMatch(REVEALS);
  // Play goes on: Black replies to the sealed move.
  await sightedMove(sighted, 'g8f6');
  await expect.poll(() => pieceOn(blind, '[role="grid"]', 'f6'), WAIT).toBe('bN');
});
