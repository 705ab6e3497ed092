// Issue 28, "Said twice", in real Chromium on the built app: a local game of 20 moves each, the
// blind player (White) by keys with his screen reader, the sighted opponent by clicks on his panel
// and his clock button. Every live-region write, every focus change (what the screen reader reads
// of the focused cell), every key and click is recorded; within each player's move no words are
// written twice, and no write repeats the name of the cell the same key put the focus on. Then the
// same with self-voicing on and no voice installed (the words go to the live region), and the
// board's squares read while the promotion dialog is open.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { blindMove, goTo, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { recordHeard, waitToHear } from '../helpers/heard.ts';
import { focusSaidAgain, mark, recordTimeline, saidTwice, steps, timeline } from '../helpers/liveWrites.ts';
import { findMove, START_FEN } from '../../src/core/index.ts';
import { describeMove } from '../../src/speech/index.ts';

const app = withBuiltApp();

// Verified with chess.js: 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d4 exd4 6.cxd4 Bb4+ 7.Bd2 Bxd2+
// 8.Nbxd2 d5 9.exd5 Nxd5 10.Qb3 Na5 11.Qa4+ c6 12.Bxd5 Qxd5 13.O-O O-O 14.Rfe1 Be6 15.Ne5 Rad8
// 16.Ndf3 b5 17.Qc2 Nc4 18.Nxc4 bxc4 19.Ne5 Rc8 20.Qc3 f6: captures, checks both ways, both castlings.
const GAME = [
  'e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5', 'c2c3', 'g8f6', 'd2d4', 'e5d4',
  'c3d4', 'c5b4', 'c1d2', 'b4d2', 'b1d2', 'd7d5', 'e4d5', 'f6d5', 'd1b3', 'c6a5',
  'b3a4', 'c7c6', 'c4d5', 'd8d5', 'e1g1', 'e8g8', 'f1e1', 'c8e6', 'f3e5', 'a8d8',
  'd2f3', 'b7b5', 'a4c2', 'a5c4', 'e5c4', 'b5c4', 'f3e5', 'd8c8', 'c2c3', 'f7f6',
]; // prettier-ignore

const focusedSquare = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-square'));

test('a 20-move local game: no event’s words are written twice', async () => {
  const page = await (await app.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await recordHeard(page);
  await recordTimeline(page);
  await page.goto(`${app.server.url}#/local/new`);
  await waitToHear(page, 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  await expect.poll(() => focusedSquare(page)).toBe('a1');

  let fen = START_FEN;
  for (const [ply, uci] of GAME.entries()) {
    const move = findMove(fen, uci);
    if (!move.ok) throw new Error(`ply ${ply + 1}: ${uci}`);
    await mark(page, `ply ${ply + 1} ${uci}`);
    if (ply % 2 === 0) await blindMove(page, uci.slice(0, 2), uci.slice(2, 4));
    else {
      await opponentMove(page, uci.slice(0, 2), uci.slice(2, 4));
      // His move reaches the blind player in his words, and the board has the focus again.
      await waitToHear(page, describeMove(fen, uci));
      await expect.poll(() => focusedSquare(page)).toMatch(/^[a-h][1-8]$/);
    }
    fen = move.value.fenAfter;
  }
  // The last move's words have had their turn to be written again, if they were to be.
  await mark(page, 'after the game');
  await page.keyboard.press('o');
  await expect.poll(async () => (await timeline(page)).at(-1)?.kind).toBe('write');

  const recorded = steps(await timeline(page));
  expect(recorded).toHaveLength(GAME.length + 1);
  // Every step said something (the opponent's move, the player's own steps).
  for (const step of recorded)
    expect(
      step.moments.some((m) => m.kind === 'write'),
      step.label,
    ).toBe(true);
  const twice = recorded.flatMap((s) => saidTwice(s.moments).map((c) => `${s.label}: ${c}`));
  expect(twice).toEqual([]);
  const again = recorded.flatMap((s) => focusSaidAgain(s.moments).map((w) => `${s.label}: ${w}`));
  expect(again).toEqual([]);
  // Each opponent move was said once: at his clock press, and not again on the next step.
  let before = START_FEN;
  const writes = (i: number) =>
    recorded[i]?.moments.filter((m) => m.kind === 'write').map((m) => m.text) ?? [];
  for (const [ply, uci] of GAME.entries()) {
    const words = describeMove(before, uci);
    const around = [...writes(ply), ...writes(ply + 1)];
    if (ply % 2 === 1)
      expect(
        around.filter((t) => t.includes(words)),
        words,
      ).toHaveLength(1);
    const next = findMove(before, uci);
    if (next.ok) before = next.value.fenAfter;
  }
});

test('self-voicing with no voice installed: the arrows are read by the focus only', async () => {
  const page = await (await app.browser.newContext()).newPage();
  // A platform with no speech voice: the Web Speech speaker writes to the live region instead.
  await page.addInitScript(() => {
    if (window.speechSynthesis) window.speechSynthesis.getVoices = () => [];
  });
  await recordTimeline(page);
  await page.goto(`${app.server.url}#/local/new`);
  await expect.poll(() => focusedSquare(page)).toBe('a1');
  await page.keyboard.press(',');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('checkbox', { name: /Twinboard speaks itself/ }).check();
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
  await expect.poll(() => focusedSquare(page)).toBe('a1');

  await mark(page, 'arrows');
  for (const key of ['ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
  await expect.poll(() => focusedSquare(page)).toBe('c3');
  // A piece jump to the only king: the square is the focused cell's, the news is that it is the only one.
  await page.keyboard.press('k');
  await expect.poll(() => focusedSquare(page)).toBe('e1');
  await waitForWrite(page, 'The only king');
  // Lifting still says what was done, through the live region.
  await page.keyboard.press('Enter');
  await waitForWrite(page, 'Lifted king Evan one');

  const [arrows] = steps(await timeline(page));
  expect(arrows?.moments.filter((m) => m.kind === 'focus').map((m) => m.text)).toEqual([
    'Anna two, light square, white pawn',
    'Bella two, dark square, white pawn',
    'Cesar two, light square, white pawn',
    'Cesar three, dark square, empty',
    'Evan one, dark square, white king',
  ]);
  expect(focusSaidAgain(arrows?.moments ?? [])).toEqual([]);
  // The words of what was done, and the one notice that no voice speaks them, but no square.
  const written = arrows?.moments.filter((m) => m.kind === 'write').map((m) => m.text) ?? [];
  expect(written.filter((t) => !t.startsWith('No speech voice'))).toEqual([
    'The only king',
    'Lifted king Evan one',
  ]);
});

test('while the promotion piece is chosen, the board keeps its squares’ names', async () => {
  const page = await (await app.browser.newContext()).newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local/new`);
  await expect.poll(() => focusedSquare(page)).toBe('a1');
  // 1.h4 g5 2.hxg5 h6 3.gxh6 Bg7 4.hxg7 Nf6 5.gxh8=Q
  const moves: [string, string, string][] = [
    ['h2h4', 'g7g5', 'Pawn Gustav seven to Gustav five'],
    ['h4g5', 'h7h6', 'Pawn Hector seven to Hector six'],
    ['g5h6', 'f8g7', 'Bishop Felix eight to Gustav seven'],
    ['h6g7', 'g8f6', 'Knight Gustav eight to Felix six'],
  ];
  for (const [own, theirs, heard] of moves) {
    await blindMove(page, own.slice(0, 2), own.slice(2, 4));
    await opponentMove(page, theirs.slice(0, 2), theirs.slice(2, 4));
    await waitToHear(page, heard);
  }
  await goTo(page, 'g7');
  await page.keyboard.press('Enter');
  await goTo(page, 'h8');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Promote the pawn/ });
  await dialog.waitFor();
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  const name = (square: string) => board.locator(`[data-square="${square}"]`).getAttribute('aria-label');
  // The pawn waits on the last rank; every other man is where he stands.
  expect(await name('h8')).toBe('Hector eight, dark square, white pawn');
  expect(await name('e1')).toBe('Evan one, dark square, white king');
  expect(await name('e8')).toBe('Evan eight, light square, black king');
  expect(await name('f6')).toBe('Felix six, dark square, black knight');
  expect(await name('g7')).toBe('Gustav seven, dark square, empty');
  await dialog.getByRole('radio', { name: 'queen' }).check();
  await dialog.getByRole('button', { name: 'Choose' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await name('h8')).toBe('Hector eight, dark square, white queen');
});

/** Waits until a live region was given a text containing `words`. */
async function waitForWrite(page: Page, words: string) {
  await expect
    .poll(async () => (await timeline(page)).some((m) => m.kind === 'write' && m.text.includes(words)))
    .toBe(true);
}
