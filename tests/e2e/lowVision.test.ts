// The blind player's own board for a player who sees a large, high-contrast board (issue 28), in
// real Chromium on the built app: large file and rank labels beside the board that screen readers
// do not read (each cell already names its square), both clocks in view with it, the last move and
// check marked at 3:1 or more against the squares in every board colour and in high contrast, a
// board that grows with the window up to its full height, no sideways scrolling at 200 % zoom or
// with doubled text or on a 390×844 phone, and the Keys, Settings and promotion dialogs above both
// boards and their clocks. axe finds nothing at 100 % and 200 %. Screenshots for a person to look at
// in test-results/screenshots/lowvision-*.png.
import { expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { blindMove, opponentMove } from '../helpers/blindKeys.ts';
import { createGame, PAGE_WAIT } from '../helpers/pairedPages.ts';
import { expectAtLeastThreeToOne, measure } from '../helpers/contrast.ts';
import { expectReflow } from '../helpers/reflow.ts';
import { SHOTS } from '../helpers/screenshots.ts';

const app = withBuiltApp();

/** The blind player's board (the local game's other board is the opponent's). */
const BOARD = '.blind-screen [role="grid"]';

type Size = {
  readonly width: number;
  readonly height: number;
  readonly scale?: number;
  readonly text?: number;
};

const LAPTOP: Size = { width: 1280, height: 800 };
/** A 1280×720 screen at 200 % browser zoom: half the CSS pixels, two device pixels each. */
const ZOOM_200: Size = { width: 640, height: 360, scale: 2 };
/** A 1366×768 screen with the browser's text size doubled (32 px): every rem twice as large. */
const TEXT_200: Size = { width: 1366, height: 768, text: 32 };
const PHONE: Size = { width: 390, height: 844, scale: 3 };

async function open(size: Size): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.scale ?? 1,
  });
  const page = await context.newPage();
  if (size.text) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: size.text, fixed: size.text } });
  }
  return { context, page };
}

async function localGame(size: Size) {
  const opened = await open(size);
  await opened.page.goto(`${app.server.url}#/local/new`);
  await opened.page.getByRole('grid', { name: "Opponent's board" }).waitFor();
  return opened;
}

async function expectNoViolations(p: Page, what: string) {
  const violations = await axeViolations(p);
  expect(violations, `${what}: ${JSON.stringify(violations)}`).toEqual([]);
}

/**
 * The coordinates as drawn: each label's text, size, whether a screen reader could reach it, and
 * how far its centre lies from the centre of the rank's or file's squares (in squares).
 */
function coordinates(p: Page) {
  return p.evaluate((selector) => {
    const grid = document.querySelector<HTMLElement>(selector);
    const frame = grid?.parentElement;
    if (!grid || !frame) throw new Error('no board');
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, size: r.width };
    };
    const labels = [...frame.children]
      .filter((c) => c !== grid)
      .flatMap((c) => [...c.children])
      .filter((el) => (el.textContent ?? '').trim() !== '');
    return labels.map((label) => {
      const text = (label.textContent ?? '').trim();
      const isRank = /^[1-8]$/.test(text);
      const cells = [...grid.querySelectorAll('[data-square]')].filter((c) =>
        (c.getAttribute('data-square') ?? '').includes(text),
      );
      const at = centre(label);
      const square = cells[0] ? centre(cells[0]) : { x: 0, y: 0, size: 1 };
      return {
        text,
        fontPx: parseFloat(getComputedStyle(label).fontSize),
        hidden: label.closest('[aria-hidden="true"]') !== null,
        inGrid: grid.contains(label),
        offset: Math.abs(isRank ? at.y - square.y : at.x - square.x) / square.size,
      };
    });
  }, BOARD);
}

/** Fully inside the viewport, and the element found at its centre is itself (nothing drawn over it). */
function inView(p: Page, selector: string) {
  return p.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return `${s}: missing`;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    return inside && top !== null && el.contains(top)
      ? true
      : `${s}: ${JSON.stringify(r)} in ${innerWidth}×${innerHeight}, ${top?.outerHTML.slice(0, 80)}`;
  }, selector);
}

test('large coordinates nobody hears twice, both clocks in view, the last move and check marked at 3:1 or more', async () => {
  const { context, page: p } = await localGame(LAPTOP);
  const labels = await coordinates(p);
  expect(labels.map((l) => l.text)).toEqual(['8', '7', '6', '5', '4', '3', '2', '1', ...'abcdefgh']);
  for (const l of labels) {
    expect(l, l.text).toMatchObject({ hidden: true, inGrid: false });
    // Large (at least 1.1 × the 16 px text) and beside its own rank or file.
    expect(l.fontPx, l.text).toBeGreaterThanOrEqual(17.6);
    expect(l.offset, l.text).toBeLessThan(0.2);
  }
  // The grid pattern is kept: rows of cells only, each cell named with its square.
  const grid = p.locator(BOARD);
  expect(await grid.evaluate((g) => [...g.children].every((r) => r.getAttribute('role') === 'row'))).toBe(
    true,
  );
  await expect(grid.locator('[data-square="e1"]').getAttribute('aria-label')).resolves.toBe(
    'Evan one, dark square, white king',
  );

  // The clocks, named, with their times; the board and both clocks in view at once.
  const white = p.getByRole('group', { name: 'White, you' });
  const black = p.getByRole('group', { name: 'Black, opponent' });
  await expect(white.textContent()).resolves.toMatch(/\d:\d\d:\d\d.*▶ running/);
  await expect(black.textContent()).resolves.toMatch(/\d:\d\d:\d\d/);
  await p.locator('.blind-clocks').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  for (const s of ['[data-testid="blind-clock-w"]', '[data-testid="blind-clock-b"]', BOARD])
    expect(await inView(p, s)).toBe(true);

  // 1.e4 f5 2.Qh5+: the queen's move and the king in check marked on the blind player's board.
  await p.locator(`${BOARD} [data-square="a1"]`).focus();
  await blindMove(p, 'e2', 'e4');
  await opponentMove(p, 'f7', 'f5');
  await blindMove(p, 'd1', 'h5');
  await expect
    .poll(() => p.locator(`${BOARD} .mark-check`).getAttribute('data-square'), PAGE_WAIT)
    .toBe('e8');
  expect(
    await grid.locator('.mark-last').evaluateAll((cells) => cells.map((c) => c.dataset['square'])),
  ).toEqual(['h5', 'd1']);
  await expect.poll(() => black.textContent(), PAGE_WAIT).toContain('▶ running');
  expect(await white.textContent()).not.toContain('running');
  await p.screenshot({ path: `${SHOTS}/lowvision-100-check.png` });
  await expectNoViolations(p, 'the local game at 100 %, check marked');

  const report: string[] = [];
  for (const theme of ['brown', 'blue', 'grey', 'high contrast'] as const) {
    if (theme === 'high contrast') {
      await p.getByRole('button', { name: 'Settings', exact: true }).click();
      await p
        .getByRole('dialog', { name: 'Settings' })
        .getByRole('checkbox', { name: 'High contrast' })
        .check();
      await p.keyboard.press('Escape');
    } else if (theme !== 'brown') {
      const display = p.getByRole('region', { name: 'Sighted opponent' }).getByText('Display');
      if (theme === 'blue') await display.click();
      await p.getByRole('combobox', { name: 'Board colours' }).selectOption({
        label: { blue: 'Blue and white', grey: 'Grey and white' }[theme],
      });
    }
    // The focus ring, as a keyboard user sees it.
    await p.locator(`${BOARD} [data-square="d7"]`).focus();
    await p.keyboard.press('ArrowDown');
    const pairs = await measure(p, BOARD, true);
    expectAtLeastThreeToOne(
      pairs,
      [
        /^white piece on light/,
        /^white piece on dark/,
        /^black piece on light/,
        /^black piece on dark/,
        /^mark-last ring on light/,
        /^mark-last ring on dark/,
        /^mark-check ring on light/,
        /^mark-check ring on dark/,
        /^focus ring on/,
      ],
      theme,
    );
    report.push(`${theme}: lowest ${Math.min(...pairs.map((x) => x.ratio))}:1 over ${pairs.length} pairs`);
  }
  await p.screenshot({ path: `${SHOTS}/lowvision-100-high-contrast.png` });
  await expectNoViolations(p, 'the local game at 100 %, high contrast');
  console.log(`Blind board contrast (3:1 needed): ${report.join('; ')}`);
  await context.close();
});

test("on the blind player's own device the board grows with the window, up to its full height, the clocks beside it", async () => {
  const { context, page: p } = await open({ width: 390, height: 844 });
  await createGame(p, app.server.url);
  const side = () => p.locator(BOARD).evaluate((g) => g.getBoundingClientRect().width);
  const sides: number[] = [];
  for (const [width, height] of [
    [390, 844],
    [800, 600],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await p.setViewportSize({ width, height });
    await expect.poll(() => p.evaluate(() => innerWidth)).toBe(width);
    sides.push(await side());
    await expectReflow(p, `${width}×${height}`);
  }
  for (let i = 1; i < sides.length; i++)
    expect(sides[i], sides.join(', ')).toBeGreaterThan((sides[i - 1] ?? 0) + 50);
  // At 1280×800 the board with its labels takes the window's height, both clocks beside it.
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.locator('.blind-play').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const layout = await p.evaluate((selector) => {
    const box = (s: string) => document.querySelector(s)?.getBoundingClientRect();
    const frame = document.querySelector(selector)?.parentElement?.getBoundingClientRect();
    return {
      frame,
      grid: box(selector),
      white: box('[data-testid="blind-clock-w"]'),
      black: box('[data-testid="blind-clock-b"]'),
    };
  }, BOARD);
  expect(layout.frame?.height).toBeGreaterThan(800 * 0.9);
  expect(layout.frame?.height).toBeLessThanOrEqual(800);
  for (const clock of [layout.white, layout.black])
    expect(clock?.left).toBeGreaterThan(layout.grid?.right ?? Infinity);
  for (const s of ['[data-testid="blind-clock-w"]', '[data-testid="blind-clock-b"]', BOARD])
    expect(await inView(p, s)).toBe(true);
  await p.screenshot({ path: `${SHOTS}/lowvision-own-device.png` });
  await context.close();
});

for (const [name, size] of [
  ['200 % zoom', ZOOM_200],
  ['200 % text', TEXT_200],
  ['a 390×844 phone', PHONE],
] as const) {
  test(`at ${name}: no sideways scrolling, the board and both clocks fit the window, axe finds nothing`, async () => {
    const { context, page: p } = await localGame(size);
    await p.locator(`${BOARD} [data-square="a1"]`).focus();
    await blindMove(p, 'e2', 'e4');
    await opponentMove(p, 'e7', 'e5');
    await expectReflow(p, name);
    // Scrolled to the clocks, the whole board below them is in view too.
    await p.locator('.blind-clocks').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    for (const s of ['[data-testid="blind-clock-w"]', '[data-testid="blind-clock-b"]', BOARD])
      expect(await inView(p, s), name).toBe(true);
    const frame = await p.locator(BOARD).evaluate((g) => g.parentElement?.getBoundingClientRect().toJSON());
    expect(frame.right).toBeLessThanOrEqual(size.width);
    const labels = await coordinates(p);
    for (const l of labels) expect(l.offset, `${name}: ${l.text}`).toBeLessThan(0.2);
    await expectNoViolations(p, name);
    const file = name.replace(/[ %×]+/g, '-');
    await p.screenshot({ path: `${SHOTS}/lowvision-${file}.png` });
    // The settings fit the narrow window too.
    await p.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Settings' });
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectReflow(p, `${name}, settings open`);
    await expectNoViolations(p, `${name}, settings open`);
    await p.screenshot({ path: `${SHOTS}/lowvision-${file}-settings.png` });
    await context.close();
  });
}

/** At its centre and at four points around it, the element on top belongs to the dialog. */
async function expectOnTop(p: Page, name: string | RegExp) {
  const dialog = p.getByRole('dialog', { name });
  await dialog.waitFor();
  const covered = await dialog.evaluate((d) => {
    const r = d.getBoundingClientRect();
    const points = [
      [0.5, 0.5],
      [0.2, 0.2],
      [0.8, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
    ] as const;
    return points.flatMap(([x, y]) => {
      const top = document.elementFromPoint(r.left + r.width * x, r.top + r.height * y);
      return top && d.contains(top) ? [] : [`${x},${y}: ${top?.outerHTML.slice(0, 80)}`];
    });
  });
  expect(covered, String(name)).toEqual([]);
  // Nothing in it is wider than the dialog.
  expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth), String(name)).toBe(true);
}

test('the Keys, Settings and promotion dialogs stand above both boards and the clocks', async () => {
  const { context, page: p } = await localGame(LAPTOP);
  for (const name of ['Keys', 'Settings']) {
    await p.getByRole('button', { name, exact: true }).click();
    await expectOnTop(p, name);
    await p.screenshot({ path: `${SHOTS}/lowvision-dialog-${name.toLowerCase()}.png` });
    await p.keyboard.press('Escape');
    await p.getByRole('dialog').waitFor({ state: 'detached' });
  }
  // 1.h4 g5 2.hxg5 h6 3.gxh6 Bg7 4.hxg7 Nf6 5.gxh8: the pawn reaches the last rank.
  await p.locator(`${BOARD} [data-square="a1"]`).focus();
  const moves = ['h2h4', 'g7g5', 'h4g5', 'h7h6', 'g5h6', 'f8g7', 'h6g7', 'g8f6'];
  for (const [i, uci] of moves.entries())
    await (i % 2 === 0 ? blindMove : opponentMove)(p, uci.slice(0, 2), uci.slice(2, 4));
  await p.keyboard.press('7');
  await p.keyboard.press('Shift+Digit7');
  await p.keyboard.press('Enter');
  await p.keyboard.press('8');
  await p.keyboard.press('Shift+Digit8');
  await p.keyboard.press('Enter');
  await expectOnTop(p, /Promote the pawn/);
  await p.screenshot({ path: `${SHOTS}/lowvision-dialog-promotion.png` });
  await expectNoViolations(p, 'the promotion dialog');
  await context.close();
});
