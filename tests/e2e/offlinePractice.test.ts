// Practice kept offline on purpose (issue 26), in real Chromium on the built app. A first visit that
// never opens practice downloads nothing of the engine, and the local game then opens and plays
// with no server; a practice game says at once that the computer is not on the device. Offline, "Keep practice available offline" (reached by Tab, turned on with the
// space bar) says why it cannot; with the server back it downloads the engine once and says
// "Practice is available offline."; with the server gone again, a practice game starts and the
// computer answers the player's move.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { blindMove, live } from '../helpers/blindKeys.ts';
import { cachedPaths, playE4AndHearTheReply } from '../helpers/offlinePages.ts';
import { serveBuild, type ServedBuild } from '../helpers/servedBuild.ts';

const WAIT = { timeout: 30_000 };
/** The practice engine's program: Stockfish's script and WebAssembly. */
const isEngine = (path: string) => /\/assets\/stockfish-[\w-]+\.(?:js|wasm)$/.test(path);

let served: ServedBuild;
let browser: Browser;
beforeAll(async () => {
  served = await serveBuild('dist');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.stop().catch(() => undefined);
});

test('practice kept offline by keyboard: nothing of the engine before, the computer answers offline after', async () => {
  const page = await browser.newPage();
  await page.goto(served.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  // The service worker has kept the app; the engine was neither downloaded nor kept.
  expect(served.log.filter((r) => isEngine(r.path))).toEqual([]);
  expect((await cachedPaths(page)).filter(isEngine)).toEqual([]);

  // No server: the local game opens and a move is played.
  await served.stop();
  await page.goto(`${served.url}#/local`);
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  await board.locator('[data-square="a1"]').click();
  await blindMove(page, 'e2', 'e4');

  // A practice game, offline: the computer is not on the device, and the player is told so at once.
  await page.goto(`${served.url}#/practice`);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect
    .poll(() => live(page, 'assertive'), WAIT)
    .toBe(
      'The computer could not be started: it is not on this device, and the Twinboard server cannot be reached. Connect to the server, or choose Keep practice available offline while you are connected.',
    );

  // The practice choices, offline: keeping practice cannot work now, and the player is told why.
  await page.getByRole('button', { name: 'New practice game' }).click();
  await page.getByRole('heading', { name: 'Practice against the computer', level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Start the game' }).focus();
  await page.keyboard.press('Tab');
  const keep = page.getByRole('checkbox', { name: 'Keep practice available offline' });
  await expect(keep.evaluate((box) => box === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Space');
  await expect
    .poll(() => live(page, 'assertive'), WAIT)
    .toBe(
      'Practice could not be kept offline: the computer could not be downloaded. Check the connection to the Twinboard server and try again.',
    );
  await expect(keep.isChecked()).resolves.toBe(false);
  expect((await cachedPaths(page)).filter(isEngine)).toEqual([]);

  // The server is back: the same key keeps it, downloading each file once.
  await served.start();
  served.clearLog();
  await expect(keep.evaluate((box) => box === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => live(page), WAIT).toBe('Practice is available offline.');
  await expect(keep.isChecked()).resolves.toBe(true);
  const downloads = served.log.filter((r) => isEngine(r.path));
  expect(downloads.map((r) => r.path.split('.').pop()).sort()).toEqual(['js', 'wasm']);
  expect((await cachedPaths(page)).filter(isEngine)).toHaveLength(2);

  // No server again: a practice game, and the computer answers.
  await served.stop();
  await page.reload();
  await page.getByRole('radio', { name: 'White', exact: true }).check();
  await page
    .getByRole('combobox', { name: 'Strength' })
    .selectOption({ label: '1: beginner, blunders sometimes' });
  await page.getByRole('radio', { name: /^Set up for me/ }).check();
  await expect(keep.isChecked()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByText('The computer plays at level 1.').waitFor(WAIT);
  await playE4AndHearTheReply(page);
  expect(served.log.filter((r) => isEngine(r.path))).toHaveLength(2);
  await page.close();
});
