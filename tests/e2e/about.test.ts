// The About screen in real Chromium on the built app (issue 26): opened by keyboard alone from the
// start screen and from a local game, its heading takes the focus; it says Twinboard is free
// software under AGPL-3.0-or-later, offers this version's source as the server serves it, and lists
// Stockfish with its version, licence and source, its licence text behind a disclosure; axe finds
// nothing at 100 % and 200 % zoom, it reflows at 390 px; Escape or the browser's Back return to
// where the player was (the game is where he left it, nothing said again), focus on the opener.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { blindMove } from '../helpers/blindKeys.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';
import { expectReflow } from '../helpers/reflow.ts';

const app = withBuiltApp();

/** The engine's installed version: what the notices must name. */
const STOCKFISH = JSON.parse(readFileSync('node_modules/stockfish/package.json', 'utf8')) as {
  version: string;
  license: string;
};

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** A laptop's 1366×768 screen at 200 % browser zoom. */
const ZOOM_200: BrowserContextOptions = { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 };
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 };

/** The focused element: its role-ish tag and its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim()}` : 'none';
  });

/** Presses Tab (or Shift+Tab) until `target` ("tag text") has the focus; keyboard only. */
async function keyTo(page: Page, target: string, key: 'Tab' | 'Shift+Tab') {
  for (let presses = 0; presses < 80; presses += 1) {
    if ((await focused(page)) === target) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} was not reached with ${key}; the focus is on ${await focused(page)}`);
}

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** Opens the About screen from wherever the focus is, by keyboard, and waits for its heading to hold it. */
async function openAbout(page: Page, direction: 'Tab' | 'Shift+Tab') {
  await keyTo(page, 'button About Twinboard', direction);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: 'About Twinboard' }).waitFor();
  await expect.poll(() => focused(page)).toBe('h2 About Twinboard');
}

/** Stockfish's entry, once the notices have loaded. */
async function stockfishEntry(page: Page) {
  const entry = page.getByRole('listitem').filter({ hasText: `stockfish ${STOCKFISH.version}` });
  await entry.waitFor();
  return entry;
}

test('from the start screen: the licence, the source and Stockfish, by keyboard; axe at 100 % and 200 %; Escape goes back', async () => {
  for (const [size, options] of [
    ['100 %', DESKTOP],
    ['200 %', ZOOM_200],
  ] as const) {
    const context = await app.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(app.server.url);
    await page.getByRole('grid', { name: 'Board' }).waitFor();
    await openAbout(page, 'Tab');
    // The start screen is hidden under it, not beside it.
    expect(await page.getByRole('grid', { name: 'Board' }).count()).toBe(0);
    await page.getByText('Twinboard is free software: AGPL-3.0-or-later.').waitFor();
    // The source and the notices come with the notices file, a moment after the screen opens.
    for (const name of ['Free software', 'Source code', 'Software by others']) {
      await page.getByRole('heading', { level: 3, name }).first().waitFor();
      expect(await page.getByRole('heading', { level: 3, name }).count(), name).toBe(1);
    }
    const engine = await stockfishEntry(page);
    expect(await engine.textContent()).toContain(`Licence: ${STOCKFISH.license}`);
    const upstream = engine.getByRole('link', { name: /^Stockfish \d+ source code$/ });
    expect(await upstream.getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/official-stockfish\/Stockfish\/tree\/sf_\d+/,
    );
    expect(
      await engine.getByRole('link', { name: `stockfish ${STOCKFISH.version} on npm` }).getAttribute('href'),
    ).toBe(`https://www.npmjs.com/package/stockfish/v/${STOCKFISH.version}`);
    // The engine is the first package listed, under its own heading.
    expect(await page.getByRole('heading', { level: 4 }).first().textContent()).toBe(
      'Programs passed on unchanged',
    );

    // Its licence text is behind a disclosure, opened by keyboard.
    const licence = engine.getByText('GNU GENERAL PUBLIC LICENSE');
    expect(await licence.isVisible()).toBe(false);
    await keyTo(page, 'summary Licence of stockfish (Copying.txt)', 'Tab');
    await page.keyboard.press('Enter');
    await licence.waitFor();
    await expectNoViolations(page, `About from the start screen at ${size}`);
    if (size === '200 %') await expectReflow(page, 'About at 200 %');

    // Escape: the start screen again, the focus on the button that opened About.
    await page.keyboard.press('Escape');
    await page.getByRole('grid', { name: 'Board' }).waitFor();
    expect(await page.getByRole('heading', { name: 'About Twinboard' }).count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('button About Twinboard');
    await context.close();
  }
});

test("the source and the licence offered are served: this version's archive and the AGPL text", async () => {
  const page = await (await app.browser.newContext(DESKTOP)).newPage();
  await page.goto(app.server.url);
  await page.getByRole('button', { name: 'About Twinboard' }).click();
  const archive = page.getByRole('link', { name: /^Download the source code of Twinboard / });
  const href = await archive.getAttribute('href');
  const source = await page.request.get(new URL(href ?? '', app.server.url).href);
  expect(source.status()).toBe(200);
  // A gzip stream (1f 8b) holding a tar of the project: its package.json among the first files.
  const bytes = await source.body();
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  const { gunzipSync } = await import('node:zlib');
  expect(gunzipSync(bytes).toString('latin1')).toContain('/package.json');
  const licenceHref = await page
    .getByRole('link', { name: 'The licence as a text file' })
    .getAttribute('href');
  const licence = await page.request.get(new URL(licenceHref ?? '', app.server.url).href);
  expect(await licence.text()).toContain('GNU AFFERO GENERAL PUBLIC LICENSE');
  const noticesHref = await page
    .getByRole('link', { name: 'All notices as one text file' })
    .getAttribute('href');
  const notices = await (await page.request.get(new URL(noticesHref ?? '', app.server.url).href)).text();
  expect(notices).toContain(`stockfish ${STOCKFISH.version}`);
});

test('from a local game at 200 % and at 390 px, keyboard only: the game stays where it was, the browser’s Back returns to it', async () => {
  for (const [size, options] of [
    ['200 %', ZOOM_200],
    ['390 px', PHONE_390],
  ] as const) {
    const context = await app.browser.newContext(options);
    const page = await context.newPage();
    await recordHeard(page);
    await page.goto(`${app.server.url}#/local`);
    await waitToHear(page, 'New game. You play White.');
    await blindMove(page, 'e2', 'e4');
    const board = page.getByRole('grid', { name: 'Board', exact: true });
    // From the board back to the header's About button, by keyboard.
    const said = (await heard(page)).length;
    await openAbout(page, 'Shift+Tab');
    expect(await board.count(), 'the game is hidden under About').toBe(0);
    await stockfishEntry(page);
    await expectReflow(page, `About over a local game at ${size}`);
    await keyTo(page, 'summary Full text of the licence (GNU AGPL, version 3)', 'Tab');
    await page.keyboard.press('Enter');
    await page
      .locator('pre')
      .filter({ hasText: /^GNU AFFERO GENERAL PUBLIC LICENSE/ })
      .waitFor();
    await expectReflow(page, `About with the licence open at ${size}`);
    await expectNoViolations(page, `About over a local game at ${size}`);

    // The browser's Back: the game as it was, the focus on the About button, nothing said again.
    await page.goBack();
    await board.waitFor();
    await expect.poll(() => focused(page)).toBe('button About Twinboard');
    expect(await board.locator('[data-square="e4"]').getAttribute('aria-label')).toMatch(/white pawn/);
    expect((await heard(page)).slice(said)).toEqual([]);
    expect(page.url()).toBe(`${app.server.url}#/local`);
    await context.close();
  }
});
