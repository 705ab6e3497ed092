// A practice game is kept like a local game (issue 28), in real Chromium on the built app: started
// by keyboard, two moves each, then a reload comes back to the same game against the computer —
// said once, with whose move it is and the last move, the same position on the board — and play
// goes on; the archive lists it as a practice game against the computer, and "Resume this game on
// this device" opens it again as a practice game, where the computer answers the next move.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { legalMoves, START_FEN, type MoveInfo } from '../../src/core/index.ts';
import { describeMove } from '../../src/speech/index.ts';

const app = withBuiltApp();
const WAIT = { timeout: 15_000, interval: 50 };

const liveRaw = (page: Page, politeness: 'polite' | 'assertive') =>
  page
    .locator(`#twinboard-live-${politeness}`)
    .textContent()
    .then((t) => t ?? '');
const live = async (page: Page, politeness: 'polite' | 'assertive') =>
  (await liveRaw(page, politeness)).replace(/\u00a0$/, '');

/** Rank key, then Shift+digit for the file: the lichess jumps. */
async function goTo(page: Page, square: string) {
  await page.keyboard.press(square[1] ?? '1');
  await page.keyboard.press(`Shift+Digit${'abcdefgh'.indexOf(square[0] ?? 'a') + 1}`);
}

const board = (page: Page) => page.getByRole('grid', { name: 'Board', exact: true });
const squareLabel = (page: Page, square: string) =>
  board(page).locator(`[data-square="${square}"]`).getAttribute('aria-label');

/**
 * The player's move by keyboard (lift, place, announce, press the clock), and the computer's reply
 * as heard: a new assertive announcement naming a legal move of the position. Returns the reply.
 */
async function playAndHearReply(page: Page, move: MoveInfo): Promise<MoveInfo> {
  await goTo(page, move.from);
  await page.keyboard.press('Enter');
  await goTo(page, move.to);
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await expect
    .poll(() => live(page, 'polite'), WAIT)
    .toBe(`Announced: ${describeMove(move.fenBefore, move.uci)}`);
  const before = await liveRaw(page, 'assertive');
  await page.keyboard.press('Shift+Enter');
  let reply: MoveInfo | undefined;
  await expect
    .poll(async () => {
      const heard = await liveRaw(page, 'assertive');
      if (heard === before) return 'nothing new';
      reply = legalMoves(move.fenAfter).find((m) => heard.includes(describeMove(move.fenAfter, m.uci)));
      return reply ? 'a move' : `“${heard}”`;
    }, WAIT)
    .toBe('a move');
  // Automatic relay: the reply stands on the player's board.
  await expect.poll(() => squareLabel(page, reply!.to), WAIT).toMatch(/black/i);
  return reply!;
}

const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' } as const;

/** Every square of the player's board reads as in `fen`: its man by colour and kind, or no man. */
async function expectPosition(page: Page, fen: string) {
  const labels = await board(page)
    .locator('[data-square]')
    .evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-square'), c.getAttribute('aria-label')]));
  const expected = new Map<string, string>();
  fen
    .split(' ')[0]!
    .split('/')
    .forEach((rank, r) => {
      let file = 0;
      for (const c of rank) {
        if (/\d/.test(c)) file += Number(c);
        else {
          const color = c === c.toUpperCase() ? 'white' : 'black';
          expected.set(
            `${'abcdefgh'[file]}${8 - r}`,
            `${color} ${NAMES[c.toLowerCase() as keyof typeof NAMES]}`,
          );
          file++;
        }
      }
    });
  const read = new Map(labels.map(([square, label]) => [square ?? '', label ?? '']));
  expect(read.size).toBe(64);
  for (const [square, label] of read) {
    const man = expected.get(square);
    if (man) expect(label, square).toContain(man);
    else expect(label, square).not.toMatch(/white|black/);
  }
}

/** A quiet pawn move of the position if there is one (else any plain move: out of a check). */
function pawnMove(fen: string): MoveInfo {
  const moves = legalMoves(fen).filter((m) => !m.promotion && !m.castle);
  const move = moves.find((m) => m.piece === 'p' && !m.captured) ?? moves[0];
  if (!move) throw new Error(`no plain move in ${fen}`);
  return move;
}

/** Keeps every text written to the live regions since the page loaded, as `window.liveWrites`. */
function recordLiveWrites() {
  const writes: string[] = [];
  (window as unknown as { liveWrites: string[] }).liveWrites = writes;
  new MutationObserver((records) => {
    for (const r of records) {
      const region = (r.target instanceof Element ? r.target : r.target.parentElement)?.closest(
        '[id^="twinboard-live-"]',
      );
      if (region && region.textContent) writes.push(region.textContent);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const liveWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveWrites: string[] }).liveWrites);

/** The resumed game said once: the blind screen's words (whose move, the last move), then the computer. */
async function expectResumed(page: Page, last: MoveInfo) {
  const resumed = `Game resumed. You play White. Your move. Last move: ${describeMove(last.fenBefore, last.uci)}.`;
  await expect.poll(() => live(page, 'assertive'), WAIT).toBe(resumed);
  await expect.poll(() => live(page, 'polite'), WAIT).toBe('Your opponent: the computer, level 1.');
  const said = await liveWrites(page);
  expect(said.filter((w) => w.includes('Game resumed'))).toHaveLength(1);
  expect(said.filter((w) => w.includes('Your opponent'))).toHaveLength(1);
  await page.getByText('The computer plays at level 1.').waitFor(WAIT);
  // The practice panel, not a sighted opponent's board.
  await expect(page.getByRole('heading', { name: 'Practice', level: 2 }).count()).resolves.toBe(1);
  await expect(page.getByRole('heading', { name: 'Sighted opponent' }).count()).resolves.toBe(0);
}

test('a practice game survives a reload and is resumed from the archive against the computer', async () => {
  const page = await app.browser.newPage();
  await page.addInitScript(recordLiveWrites);
  await page.goto(`${app.server.url}#/`);

  // Started by keyboard: the home page's link, then the form's button (White, level 1 by default).
  await page.getByRole('link', { name: 'Practice against the computer' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Practice against the computer', level: 2 }).waitFor();
  await expect(page.getByRole('radio', { name: 'White', exact: true }).isChecked()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Start the game' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('The computer plays at level 1.').waitFor(WAIT);

  // Two moves each.
  const e4 = legalMoves(START_FEN).find((m) => m.uci === 'e2e4')!;
  const reply1 = await playAndHearReply(page, e4);
  const d4 = legalMoves(reply1.fenAfter).find((m) => m.uci === 'd2d4')!;
  const reply2 = await playAndHearReply(page, d4);

  // The page is reloaded: the same game, said once, the same position on the board.
  await page.reload();
  await expectResumed(page, reply2);
  await expect(
    page.getByRole('heading', { name: 'Practice against the computer', level: 2 }).count(),
  ).resolves.toBe(0);
  await expectPosition(page, reply2.fenAfter);
  // Focus is on the board; `l` reads the last move.
  await expect(
    page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label')),
  ).resolves.toBe('Board');
  await page.keyboard.press('l');
  await expect
    .poll(() => live(page, 'polite'), WAIT)
    .toBe(`Last move: ${describeMove(reply2.fenBefore, reply2.uci)}`);

  // Play goes on: the computer answers the next move.
  const reply3 = await playAndHearReply(page, pawnMove(reply2.fenAfter));

  // The archive lists it as a practice game against the computer, still being played.
  await page.goto(`${app.server.url}#/archive`);
  const row = page.getByRole('table', { name: 'Your games' }).getByRole('row', { name: /Computer, level 1/ });
  await row.waitFor();
  await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
    'Computer, level 1',
    'Practice against the computer',
    expect.stringMatching(/^\d{4}\.\d\d\.\d\d$/),
    'in progress',
    '',
    expect.stringMatching(
      /^Open: White Blind player against Black Computer, level 1, .*in progress, last played \d\d:\d\d$/,
    ),
  ]);
  await expect(row.getByRole('rowheader').textContent()).resolves.toBe('Blind player');
  await row
    .getByRole('button', { name: /^Open: White Blind player against Black Computer, level 1/ })
    .click();
  await page.getByText(/This game is still being played/).waitFor();
  // What is said from here on (the page is the same document: the archive is a hash route).
  await page.evaluate(() => void ((window as unknown as { liveWrites: string[] }).liveWrites.length = 0));
  await page.getByRole('link', { name: 'Resume this game on this device' }).click();

  // Back at the practice game against the computer, where it was.
  await expectResumed(page, reply3);
  expect(new URL(page.url()).hash).toBe('#/practice');
  await expectPosition(page, reply3.fenAfter);
  await playAndHearReply(page, pawnMove(reply3.fenAfter));
});
