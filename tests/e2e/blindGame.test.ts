// A whole game in real Chromium on the built app: the blind player (White) plays every move by
// keyboard on the accessible board, the sighted opponent (Black) by clicks on the local
// opponent's board. 49 plies with captures, en passant, both castlings, a promotion, checks both
// ways and the blind player's mate; after every move the live region and the board are checked,
// and axe runs on each kind of state.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, goTo, live, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { recordHeard, waitToHear } from '../helpers/heard.ts';
import { findMove, START_FEN, pieceAt, type Square } from '../../src/core/index.ts';
import { describeMove, describeSquare } from '../../src/speech/index.ts';

// Verified with chess.js: 1.e4 a6 2.e5 d5 3.exd6 e.p. Qxd6 4.Nf3 Nc6 5.Bc4 Be6 6.O-O O-O-O
// 7.Bxe6+ fxe6 8.d3 e5 9.Nc3 Nf6 10.Be3 Kb8 11.h4 Qd7 12.h5 Nd5 13.h6 Nxe3 14.fxe3 Qd6 15.hxg7 e4
// 16.gxh8=Q exf3 17.Qxf8 Rxf8 18.Rxf3 Rxf3 19.Qxf3 Qh2+ 20.Kf2 Qh4+ 21.g3 Qh2+ 22.Kf1 Qh1+ 23.Ke2 Qxa1
// 24.Nb5 Ne5 25.Qf8# (the blind player mates)
const GAME = [
  'e2e4',
  'a7a6',
  'e4e5',
  'd7d5',
  'e5d6',
  'd8d6',
  'g1f3',
  'b8c6',
  'f1c4',
  'c8e6',
  'e1g1',
  'e8c8',
  'c4e6',
  'f7e6',
  'd2d3',
  'e6e5',
  'b1c3',
  'g8f6',
  'c1e3',
  'c8b8',
  'h2h4',
  'd6d7',
  'h4h5',
  'f6d5',
  'h5h6',
  'd5e3',
  'f2e3',
  'd7d6',
  'h6g7',
  'e5e4',
  'g7h8q',
  'e4f3',
  'h8f8',
  'd8f8',
  'f1f3',
  'f8f3',
  'd1f3',
  'd6h2',
  'g1f2',
  'h2h4',
  'g2g3',
  'h4h2',
  'f2f1',
  'h2h1',
  'f1e2',
  'h1a1',
  'c3b5',
  'c6e5',
  'f3f8',
];

const app = withBuiltApp();

async function expectBoard(page: Page, gridName: string, fen: string, squares: readonly Square[]) {
  const grid = page.getByRole('grid', { name: gridName, exact: true });
  for (const sq of squares) {
    const name = describeSquare(fen, sq);
    await expect(grid.locator(`[data-square="${sq}"]`).getAttribute('aria-label')).resolves.toBe(name);
  }
}

test('a 49-ply game to mate by keyboard against the local opponent, checked after every move', async () => {
  const page = await app.browser.newPage();
  await recordHeard(page);
  await page.goto(`${app.server.url}#/local`);
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  await board.locator('[data-square="a1"]').click();
  expect(await axeViolations(page)).toEqual([]);

  let fen = START_FEN;
  for (const [ply, uci] of GAME.entries()) {
    const move = findMove(fen, uci);
    if (!move.ok) throw new Error(`ply ${ply + 1}: ${uci}`);
    const words = describeMove(fen, uci);
    const from = uci.slice(0, 2) as Square;
    const to = uci.slice(2, 4) as Square;
    if (ply % 2 === 0) {
      await goTo(page, from);
      await page.keyboard.press('Enter');
      expect(await live(page, 'polite'), `ply ${ply + 1} ${uci}: ${await live(page, 'assertive')}`).toMatch(
        /^Lifted/,
      );
      await goTo(page, to);
      await page.keyboard.press('Enter');
      if (move.value.promotion) {
        const dialog = page.getByRole('dialog', { name: /Promote the pawn/ });
        await dialog.waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole('radio', { name: 'queen' }).check();
        await dialog.getByRole('button', { name: 'Choose' }).click();
        await dialog.waitFor({ state: 'detached' });
        await board.locator(`[data-square="${to}"]`).focus();
      }
      await page.keyboard.press('a');
      expect(await live(page, 'polite')).toBe(`Announced: ${words}`);
      if (ply === GAME.length - 1) {
        // Mate ends the game at once (Art 5.1a): said assertively, no clock to press.
        expect(words).toMatch(/, mate$/);
        expect(await waitToHear(page, 'Game over: White wins, checkmate')).toMatchObject({
          channel: 'assertive',
        });
      } else {
        await page.keyboard.press('Shift+Enter');
        expect(await live(page, 'polite')).toBe('Clock pressed');
      }
    } else {
      const opponent = page.getByRole('grid', { name: "Opponent's board" });
      await opponent.locator(`[data-square="${from}"]`).click();
      await opponent.locator(`[data-square="${to}"]`).click();
      await page.getByRole('button', { name: 'Press the clock (opponent)' }).click();
      // The opponent's move reaches the blind player assertively, in his vocabulary, and the
      // focus is back on his board: the next key works without Tab (issue 10).
      expect(await live(page, 'assertive')).toContain(words);
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label')),
        )
        .toBe('Board');
    }
    fen = move.value.fenAfter;
    const changed = [from, to, move.value.capturedOn, move.value.rookFrom, move.value.rookTo].filter(
      (s): s is Square => s !== undefined,
    );
    await expectBoard(page, 'Board', fen, changed);
    await expectBoard(page, "Opponent's board", fen, changed);
    if (ply === 10 || ply === 11) expect(pieceAt(fen, to)?.type).toBe('k');
  }
  // After the mate the game is over: the heading says so, the status key does not say it is
  // anybody's move, and the keys still work on the board (focus never on the body).
  await page.getByRole('heading', { name: /Game over: White wins/ }).waitFor();
  await page.keyboard.press('h');
  expect(await live(page, 'polite')).not.toMatch(/has the move|Your move/);
  expect(
    await page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label')),
  ).toBe('Board');
  // The time and the moves only on request (BL-31): the mating move counts though no clock was
  // pressed (a move that ends the game is completed, 003/001 Art 6.5; FIDE 2018 Art 6.2.b).
  await page.keyboard.press('Shift+T');
  expect(await live(page, 'polite')).toBe('Moves completed: White 25, Black 24');
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keys' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(await axeViolations(page)).toEqual([]);
});

test('a reload in the middle of a move resumes the game with the piece in hand, and says so', async () => {
  const page = await app.browser.newPage();
  await page.goto(`${app.server.url}#/local`);
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  // A new game focuses the board and says the colours and the rules.
  await expect
    .poll(() => live(page, 'assertive'))
    .toBe('New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-square')))
    .toBe('a1');
  await blindMove(page, 'e2', 'e4');
  await opponentMove(page, 'e7', 'e5');
  await goTo(page, 'g1');
  await page.keyboard.press('Enter');
  expect(await live(page, 'polite')).toMatch(/^Lifted knight Gustav one/);

  await page.reload();
  await board.waitFor();
  await expect.poll(() => live(page, 'assertive')).toBe('Game resumed. You hold the knight from Gustav one.');
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label')),
    )
    .toBe('Board');
  await goTo(page, 'f3');
  await page.keyboard.press('Enter');
  expect(await live(page, 'polite')).toBe('Knight placed on Felix three');
  await expectBoard(page, 'Board', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2', [
    'e4',
    'e5',
    'f3',
    'g1',
  ]);
});
