// Practice against the computer in real Chromium on the built app: the engine is not fetched at
// start; a game of 24 plies by keyboard at the lowest level (automatic relay) and one by typed
// commands as Black in manual relay (the player carries out the computer's moves himself); the
// computer's moves are announced to the player, each game is archived, and axe finds nothing.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { findMove, legalMoves, START_FEN, type MoveInfo } from '../../src/core/index.ts';
import { describeMove } from '../../src/speech/index.ts';
import { mulberry32 } from '../helpers/prng.ts';

const app = withBuiltApp();
const PLIES = 24;
const WAIT = { timeout: 15_000, interval: 50 };
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 } as const;

const liveRaw = (page: Page, politeness: 'polite' | 'assertive') =>
  page
    .locator(`#twinboard-live-${politeness}`)
    .textContent()
    .then((t) => t ?? '');
const live = async (page: Page, politeness: 'polite' | 'assertive') =>
  (await liveRaw(page, politeness)).replace(/\u00a0$/, '');

/** The blind player's choice: the biggest capture, else a seeded random move (no engine needed). */
function pickMove(fen: string, random: () => number): MoveInfo {
  // A promotion is played as a queen (the dialog's choice below), so under-promotions are not picked.
  const moves = legalMoves(fen).filter((m) => !m.promotion || m.promotion === 'q');
  const captures = moves.filter((m) => m.captured).sort((a, b) => VALUE[b.captured!] - VALUE[a.captured!]);
  return captures[0] ?? (moves[Math.floor(random() * moves.length)] as MoveInfo);
}

/**
 * Waits for the computer's move: a new assertive announcement (the raw text changes even when the
 * words repeat) naming a legal move of this position in the player's words. Returns that move.
 */
async function computerMove(page: Page, fen: string, before: string): Promise<MoveInfo> {
  let found: MoveInfo | undefined;
  let heard = '';
  await expect
    .poll(async () => {
      heard = await liveRaw(page, 'assertive');
      if (heard === before) return `nothing new after “${await live(page, 'polite')}”`;
      found = legalMoves(fen).find((m) => heard.includes(describeMove(fen, m.uci)));
      return found ? 'a move' : `“${heard}” in ${fen}`;
    }, WAIT)
    .toBe('a move');
  return found as MoveInfo;
}

/** Rank key, then Shift+digit for the file: the lichess jumps. */
async function goTo(page: Page, square: string) {
  await page.keyboard.press(square[1] ?? '1');
  await page.keyboard.press(`Shift+Digit${'abcdefgh'.indexOf(square[0] ?? 'a') + 1}`);
}

async function startPractice(page: Page, color: 'White' | 'Black', relay: RegExp) {
  await page.getByRole('link', { name: 'Practice against the computer' }).click();
  await page.getByRole('heading', { name: 'Practice against the computer', level: 2 }).waitFor();
  await page.getByRole('radio', { name: color, exact: true }).check();
  await page
    .getByRole('combobox', { name: 'Strength' })
    .selectOption({ label: '1: beginner, blunders sometimes' });
  await page.getByRole('radio', { name: relay }).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByText('The computer plays at level 1.').waitFor(WAIT);
}

/** The archive lists the finished game against the computer. */
async function expectArchived(page: Page, white: string, black: string) {
  await page.goto(`${app.server.url}#/archive`);
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Computer, level 1' })
    .filter({ hasText: white })
    .first();
  await row.waitFor();
  await expect(row.textContent()).resolves.toContain(black);
}

test('a practice game by keyboard at the lowest level: the engine loads only then, the computer’s moves are announced, the game is archived', async () => {
  const page = await app.browser.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  let wasm = '';
  page.context().on('response', (r) => {
    if (/\/assets\/stockfish-[\w-]+\.wasm$/.test(r.url()) && r.url().startsWith(app.server.url))
      wasm = `${r.headers()['content-type']} ${r.url()}`;
  });
  await page.goto(`${app.server.url}#/`);
  await page.getByRole('link', { name: 'Practice against the computer' }).waitFor();
  // The start-up loads no engine and no practice code.
  expect(requested.filter((u) => /stockfish|worker-|PracticeRoute/.test(u))).toEqual([]);
  expect(workers).toEqual([]);

  await startPractice(page, 'White', /^Set up for me/);
  // The engine program runs in its own worker, from the app's own files.
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(/\/assets\/stockfish-[\w-]+\.js$/);
  expect(workers[0]?.startsWith(app.server.url)).toBe(true);
  // …which loads its WebAssembly from the app's own files too.
  await expect.poll(() => wasm, WAIT).toMatch(/^application\/wasm /);
  // Focus is on the board, not the page body.
  await expect(
    page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label')),
  ).resolves.toBe('Board');
  expect(await axeViolations(page)).toEqual([]);

  const random = mulberry32(15);
  let fen = START_FEN;
  let lastOwn: MoveInfo | undefined;
  for (let ply = 0; ply < PLIES; ply += 2) {
    const move = pickMove(fen, random);
    lastOwn = move;
    await goTo(page, move.from);
    await page.keyboard.press('Enter');
    await goTo(page, move.to);
    await page.keyboard.press('Enter');
    if (move.promotion) {
      const dialog = page.getByRole('dialog', { name: /Promote the pawn/ });
      await dialog.getByRole('radio', { name: 'queen' }).check();
      await dialog.getByRole('button', { name: 'Choose' }).click();
      await page.locator(`[role="grid"] [data-square="${move.to}"]`).first().focus();
    }
    await page.keyboard.press('a');
    expect(await live(page, 'polite')).toBe(`Announced: ${describeMove(fen, move.uci)}`);
    const before = await liveRaw(page, 'assertive');
    await page.keyboard.press('Shift+Enter');
    fen = findMove(fen, move.promotion ? `${move.uci.slice(0, 4)}q` : move.uci).ok ? move.fenAfter : fen;
    const reply = await computerMove(page, fen, before);
    fen = reply.fenAfter;
    // The computer's move stands on the player's board (automatic relay).
    await expect(
      page
        .getByRole('grid', { name: 'Board', exact: true })
        .locator(`[data-square="${reply.to}"]`)
        .getAttribute('aria-label'),
    ).resolves.toMatch(/black/i);
  }
  // A hint on request, in words.
  await page.keyboard.press('Shift+H');
  await expect.poll(() => live(page, 'polite'), WAIT).toMatch(/^Hint: /);
  // Take-back: the player's last move and the computer's reply come off both boards.
  await page.keyboard.press('u');
  expect(await live(page, 'polite')).toBe('Your move and the reply taken back; White to move');
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  await expect(board.locator(`[data-square="${lastOwn!.from}"]`).getAttribute('aria-label')).resolves.toMatch(
    /white/i,
  );
  fen = lastOwn!.fenBefore;
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await page.getByRole('heading', { name: /Game over: Black wins/ }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await expectArchived(page, 'Blind player', 'Computer, level 1');
});

test('a practice game by typed commands as Black in manual relay: the player carries out the computer’s moves', async () => {
  const page = await app.browser.newPage();
  await page.goto(`${app.server.url}#/`);
  await startPractice(page, 'Black', /^I carry them out myself/);
  const command = page.getByRole('textbox', { name: 'Command' });
  const type = async (text: string) => {
    await command.fill(text);
    await command.press('Enter');
  };
  const random = mulberry32(16);
  let fen = START_FEN;
  let before = '';
  for (let ply = 0; ply < PLIES; ply += 2) {
    const reply = await computerMove(page, fen, before);
    fen = reply.fenAfter;
    await type('execute');
    await expect
      .poll(
        () =>
          page
            .getByRole('grid', { name: 'Board', exact: true })
            .locator(`[data-square="${reply.to}"]`)
            .getAttribute('aria-label'),
        WAIT,
      )
      .toMatch(/white/i);
    const move = pickMove(fen, random);
    await type(move.san);
    // The lift and the placement are read with it, in one text.
    await expect
      .poll(() => live(page, 'polite'), WAIT)
      .toContain(`Announced: ${describeMove(fen, move.uci)}`);
    await type('press');
    // Pressing the clock cannot be undone: the dialogue asks first.
    await expect.poll(() => live(page, 'polite'), WAIT).toBe('Press the clock? Say yes or no.');
    before = await liveRaw(page, 'assertive');
    await type('yes');
    fen = move.fenAfter;
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Yes, resign' }).click();
  await page.getByRole('heading', { name: /Game over: White wins/ }).waitFor();
  await expectArchived(page, 'Computer, level 1', 'Blind player');
});
