// Moves by voice in real Chromium: transcripts are fed to the fake recogniser hook
// (`?listener=fake` → window.__twinboardFakeSpeech.say) exactly as a recogniser hands them over;
// the opponent plays by clicks. Checks the live region and the board after every move.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { START_FEN, findMove, type Square } from '../../src/core/index.ts';
import { describeMove, describeSquare } from '../../src/speech/index.ts';

const app = withBuiltApp();

const live = async (page: Page) =>
  `${await page.locator('#twinboard-live-polite').textContent()} | ${await page
    .locator('#twinboard-live-assertive')
    .textContent()}`.replace(/\u00a0/g, '');
const say = (page: Page, text: string) =>
  page.evaluate((t) => {
    const hook = (window as unknown as { __twinboardFakeSpeech?: { say(t: string): boolean } })
      .__twinboardFakeSpeech;
    return hook ? hook.say(t) : false;
  }, text);

// White by voice (phrases as a player says them), Black by clicks: an Italian opening with
// a capture and White's short castling said as "Kurze Rochade".
const GAME: readonly (readonly [string, string | null])[] = [
  ['e2e4', 'Evan two Evan four'],
  ['e7e5', null],
  ['g1f3', 'knight Gustav one to Felix three'],
  ['b8c6', null],
  ['f1c4', 'bishop Felix one to Cesar four'],
  ['g8f6', null],
  ['e1g1', 'Kurze Rochade'],
  ['f6e4', null],
  ['f1e1', 'rook Felix one to Evan one'],
  ['e4f6', null],
  ['f3e5', 'knight Felix three takes Evan five'],
  ['c6e5', null],
  ['e1e5', 'rook Evan one takes Evan five'],
];

test('moves by transcripts fed to the fake recogniser, checked after every move', async () => {
  const page = await app.browser.newPage();
  await page.goto(`${app.server.url}?listener=fake#/local`);
  await page.getByRole('grid', { name: 'Board', exact: true }).waitFor();
  let fen = START_FEN;
  for (const [uci, phrase] of GAME) {
    const move = findMove(fen, uci);
    if (!move.ok) throw new Error(uci);
    const words = describeMove(fen, uci);
    if (phrase) {
      expect(await say(page, phrase)).toBe(true);
      expect(await live(page)).toContain(`Announced: ${words}`);
      await say(page, 'press the clock');
      expect(await live(page)).toContain('Say yes or no.');
      await say(page, 'yes');
      expect(await live(page)).toContain('Clock pressed');
    } else {
      const opponent = page.getByRole('grid', { name: "Opponent's board" });
      await opponent.locator(`[data-square="${uci.slice(0, 2)}"]`).click();
      await opponent.locator(`[data-square="${uci.slice(2, 4)}"]`).click();
      await page.getByRole('button', { name: 'Press the clock (opponent)' }).click();
      expect(await live(page)).toContain(words);
    }
    fen = move.value.fenAfter;
    const board = page.getByRole('grid', { name: 'Board', exact: true });
    for (const sq of [move.value.from, move.value.to, move.value.rookFrom, move.value.rookTo].filter(
      (s): s is Square => s !== undefined,
    ))
      await expect(board.locator(`[data-square="${sq}"]`).getAttribute('aria-label')).resolves.toBe(
        describeSquare(fen, sq),
      );
  }
  // Doubt is asked, never played: an unclear transcript leaves the board alone.
  await say(page, 'banana sandwich');
  expect(await live(page)).toContain('I did not understand');
  await say(page, 'moves made');
  expect(await live(page)).toContain('Moves completed: White 7, Black 6');
  expect(await axeViolations(page)).toEqual([]);
});
