// The sighted player's screen in real Chromium against the real server (issue 13). At a phone's,
// a tablet's and a laptop's size the sighted player plays a whole game against the blind player
// (driven over the real WebSocket protocol): taps, touch drags, pen, mouse clicks and mouse drags,
// a promotion chosen by name, then a draw offer accepted or a resignation. At every move: no
// horizontal scrolling, both clocks and the latest announcement inside the viewport. axe (with
// colour contrast) runs in the default and high-contrast themes; screenshots of every layout are
// kept in test-results/screenshots/.
import { expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { SHOTS } from '../helpers/screenshots.ts';
import { joinGame, PAGE_WAIT } from '../helpers/pairedPages.ts';
import { blindMove } from '../helpers/blindKeys.ts';
import { moveIntents } from '../helpers/pairedGame.ts';
import { blindAtTable } from '../helpers/blindTable.ts';
import { expectReflow } from '../helpers/reflow.ts';

const app = withBuiltApp();

type Device = { width: number; height: number; touch: boolean };
const PHONE: Device = { width: 390, height: 844, touch: true };
const TABLET: Device = { width: 768, height: 1024, touch: true };
const LAPTOP: Device = { width: 1366, height: 768, touch: false };

async function deviceContext(d: Device): Promise<BrowserContext> {
  return app.browser.newContext({
    viewport: { width: d.width, height: d.height },
    ...(d.touch ? { hasTouch: true, isMobile: true } : {}),
  });
}

const cell = (p: Page, square: string) => p.locator(`#sighted-board [data-square="${square}"]`);

async function centre(p: Page, square: string): Promise<{ x: number; y: number }> {
  const box = await cell(p, square).boundingBox();
  if (!box) throw new Error(`no box for ${square}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

let touchId = 0;

/** A finger's tap, sent as touch events like the drags (Playwright's own tap loses track after a CDP drag). */
async function touchTap(p: Page, target: ReturnType<Page['locator']>) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await p.context().newCDPSession(p);
  const id = (touchId += 1);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...at, id }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

type Input = 'tap' | 'touchDrag' | 'pen' | 'click' | 'mouseDrag';

/** The sighted player moves a piece with a pointer of the given kind. */
async function movePiece(p: Page, uci: string, input: Input) {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  if (input === 'tap' || input === 'click') {
    const act = (s: string) => (input === 'tap' ? touchTap(p, cell(p, s)) : cell(p, s).click());
    await act(from);
    await p
      .getByRole('status')
      .filter({ hasText: `Touched: ${from}` })
      .waitFor({ timeout: 5000 });
    await act(to);
    return;
  }
  const a = await centre(p, from);
  const b = await centre(p, to);
  if (input === 'mouseDrag') {
    await p.mouse.move(a.x, a.y);
    await p.mouse.down();
    await p.mouse.move(b.x, b.y, { steps: 6 });
    await p.mouse.up();
    return;
  }
  const cdp = await p.context().newCDPSession(p);
  if (input === 'pen') {
    for (const at of [a, b]) {
      const base = { x: at.x, y: at.y, button: 'left', clickCount: 1, pointerType: 'pen' } as const;
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...base, button: 'none' });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...base });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...base });
      if (at === a)
        await p
          .getByRole('status')
          .filter({ hasText: `Touched: ${from}` })
          .waitFor({ timeout: 5000 });
    }
  } else {
    const id = (touchId += 1);
    // Each event carries its own time (seconds), so the gesture's speed is set here, not by how
    // fast the test happens to run: a 100 ms drag, then the finger rests on the square 120 ms
    // before it lifts, as a hand setting a piece down does (a release at speed would be a fling,
    // and the next tap would only stop it).
    let timestamp = Date.now() / 1000;
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      touchPoints: { x: number; y: number; id: number }[],
      after: number,
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints, timestamp: (timestamp += after) });
    await touch('touchStart', [{ ...a, id }], 0);
    for (let i = 1; i <= 6; i++)
      await touch(
        'touchMove',
        [{ x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6, id }],
        0.016,
      );
    for (let i = 0; i < 3; i++) await touch('touchMove', [{ ...b, id }], 0.04);
    await touch('touchEnd', [], 0.001);
  }
  await cdp.detach();
}

/** What a person sees without scrolling sideways: both clocks and the announcement in view. */
async function expectInView(p: Page, announced: string) {
  await expect.poll(() => p.getByTestId('announcement').textContent(), PAGE_WAIT).toBe(announced);
  const facts = await p.evaluate(() => {
    const inView = (el: Element | null) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
    };
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      white: inView(document.querySelector('[data-testid="clock-w"]')),
      black: inView(document.querySelector('[data-testid="clock-b"]')),
      announcement: inView(document.querySelector('[data-testid="announcement"]')),
    };
  });
  expect(facts).toEqual({ sideways: 0, white: true, black: true, announcement: true });
  await expectReflow(p, announced);
}

async function expectNoViolations(p: Page, what: string) {
  const violations = await axeViolations(p);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

// 1. Nf3 h5 2. Ng1 h4 3. Nf3 h3 4. Ng1 hxg2 5. Nf3 gxh1=Q: the sighted player (Black) promotes.
const BLIND = ['g1f3', 'f3g1', 'g1f3', 'f3g1', 'g1f3'];
const SIGHTED = ['h7h5', 'h5h4', 'h4h3', 'h3g2', 'g2h1q'];
// The blind player's moves as the announcement shows them (IBCA 1985 words).
const OUT = 'Knight Gustav one to Felix three';
const BACK = 'Knight Felix three to Gustav one';
const ANNOUNCED = [OUT, BACK, OUT, BACK, OUT];

async function playGame(d: Device, inputs: readonly Input[], name: string) {
  const table = await blindAtTable(app.server);
  const context = await deviceContext(d);
  const p = await context.newPage();
  await joinGame(p, app.server.url, table.code, 'Sighted player');
  await p.getByRole('button', { name: 'Start the game' }).click();
  await expect
    .poll(() => p.getByTestId('turn').textContent(), PAGE_WAIT)
    .toBe('Waiting for the blind player.');
  for (const [i, uci] of SIGHTED.entries()) {
    await table.send(moveIntents('blind', BLIND[i] as string));
    await expectInView(p, ANNOUNCED[i] as string);
    await expect.poll(() => p.getByTestId('turn').textContent(), PAGE_WAIT).toBe('Your move.');
    // The running clock is marked in words, not by colour alone.
    await expect.poll(() => p.getByTestId('clock-b').textContent(), PAGE_WAIT).toContain('▶ running');
    await movePiece(p, uci, inputs[i % inputs.length] as Input);
    if (uci.length === 5) {
      const dialog = p.getByRole('dialog', { name: 'Promote to' });
      await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual([
        '♛ Queen',
        '♜ Rook',
        '♝ Bishop',
        '♞ Knight',
        'Cancel',
      ]);
      await p.screenshot({ path: `${SHOTS}/${name}-promotion.png` });
      await expectNoViolations(p, `${name}, promotion`);
      const queen = dialog.getByRole('button', { name: 'Queen' });
      await (d.touch ? touchTap(p, queen) : queen.click());
    }
    // As a person would: the piece is seen standing on its new square before the clock is pressed.
    await expect.poll(() => cell(p, uci.slice(2, 4)).textContent(), PAGE_WAIT).toMatch(/[♟♛]/);
    const press = p.getByRole('button', { name: 'Press clock' });
    await (d.touch ? touchTap(p, press) : press.click());
    await expect.poll(() => p.getByTestId('clock-w').textContent(), PAGE_WAIT).toContain('▶ running');
    await expectInView(p, ANNOUNCED[i] as string);
  }
  await expect.poll(() => p.getByTestId('score-sighted').textContent(), PAGE_WAIT).toContain('gxh1=Q');
  expect(await p.locator('#sighted-board [data-square="h1"]').textContent()).toContain('♛');
  return { table, p, context };
}

test('phone 390×844: taps and touch drags, a promotion, the blind player’s draw offer accepted', async () => {
  const { table, p, context } = await playGame(PHONE, ['tap', 'touchDrag'], 'phone');
  await p.screenshot({ path: `${SHOTS}/phone-390x844.png` });
  await expectNoViolations(p, 'phone, playing');
  await table.send([{ kind: 'offerDraw' }]);
  const accept = p.getByRole('button', { name: 'Accept the draw' });
  await accept.waitFor();
  await expectNoViolations(p, 'phone, draw offered');
  await touchTap(p, accept);
  await expect
    .poll(() => p.getByTestId('turn').textContent(), PAGE_WAIT)
    .toBe('Game over: 1/2-1/2, draw agreed.');
  await expectNoViolations(p, 'phone, game over');
  // Focus went back to the board, not to the page body.
  expect(await p.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBeTruthy();
  table.blind.close();
  await context.close();
});

test('tablet 768×1024: pen and touch, the table layout, a resignation', async () => {
  const { table, p, context } = await playGame(TABLET, ['pen', 'touchDrag', 'tap'], 'tablet');
  await p.screenshot({ path: `${SHOTS}/tablet-768x1024.png` });
  await touchTap(p, p.getByText('Display'));
  await touchTap(p, p.getByRole('checkbox', { name: /Table layout/ }));
  // The opponent's strip is turned to face him.
  await expect
    .poll(() => p.getByTestId('clock-strip').evaluate((el) => getComputedStyle(el).transform), PAGE_WAIT)
    .toBe('matrix(-1, 0, 0, -1, 0, 0)');
  // The tablet is laid down: the players look at the top of the page again.
  await p.evaluate(() => window.scrollTo(0, 0));
  await expectInView(p, ANNOUNCED[4] as string);
  await p.screenshot({ path: `${SHOTS}/tablet-table-768x1024.png` });
  await expectNoViolations(p, 'tablet, table layout');
  await touchTap(p, p.getByRole('button', { name: 'Resign' }));
  await touchTap(p, p.getByRole('group', { name: 'Really resign?' }).getByRole('button', { name: 'Yes' }));
  await expect
    .poll(() => p.getByTestId('turn').textContent(), PAGE_WAIT)
    .toBe('Game over: 1-0, resignation.');
  table.blind.close();
  await context.close();
});

test('laptop 1366×768: mouse clicks and drags; the sighted player’s draw offer accepted; high contrast', async () => {
  const { table, p, context } = await playGame(LAPTOP, ['click', 'mouseDrag'], 'laptop');
  await p.screenshot({ path: `${SHOTS}/laptop-1366x768.png` });
  await p.getByRole('button', { name: 'Offer a draw' }).click();
  await expect.poll(() => p.getByTestId('status').textContent(), PAGE_WAIT).toContain('Black offers a draw.');
  await p.getByText('Display').click();
  await p.getByRole('checkbox', { name: 'High contrast' }).check();
  await p.screenshot({ path: `${SHOTS}/laptop-high-contrast.png` });
  await expectNoViolations(p, 'laptop, high contrast, draw offered');
  await table.send([{ kind: 'acceptDraw' }]);
  await expect
    .poll(() => p.getByTestId('turn').textContent(), PAGE_WAIT)
    .toBe('Game over: 1/2-1/2, draw agreed.');
  await expectNoViolations(p, 'laptop, high contrast, game over');
  table.blind.close();
  await context.close();
});

test('local game at 1366×768: both boards and both clocks without scrolling; a second window plays the same game', async () => {
  const context = await deviceContext(LAPTOP);
  const p = await context.newPage();
  await p.goto(`${app.server.url}#/local/new`);
  const opponentBoard = p.getByRole('grid', { name: "Opponent's board" });
  await opponentBoard.waitFor();
  const inView = () =>
    p.evaluate(() =>
      [
        '[role="grid"][aria-label="Board"]',
        '#opponent-board',
        '[data-testid="clock-w"]',
        '[data-testid="clock-b"]',
      ].map((selector) => {
        const r = document.querySelector(selector)?.getBoundingClientRect();
        return r ? r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth : false;
      }),
    );
  await expect(inView()).resolves.toEqual([true, true, true, true]);
  expect(await p.evaluate(() => scrollY)).toBe(0);
  await expectNoViolations(p, 'local game');

  // The opponent's board in a second window (a second monitor), kept in step with this one.
  const second = await context.newPage();
  await second.goto(`${app.server.url}#/local/opponent`);
  await second.getByRole('grid', { name: 'Your board' }).waitFor();
  await p.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').click();
  await blindMove(p, 'e2', 'e4');
  await expect
    .poll(() => second.getByTestId('announcement').textContent(), PAGE_WAIT)
    .toBe('Pawn Evan two to Evan four');
  await second.locator('#sighted-board [data-square="e7"]').click();
  await second.locator('#sighted-board [data-square="e5"]').click();
  await second.getByRole('button', { name: 'Press clock' }).click();
  // The move made in the second window stands on the first window's boards.
  await expect
    .poll(() => opponentBoard.locator('[data-square="e5"]').textContent(), PAGE_WAIT)
    .toContain('♟');
  await expect.poll(() => p.getByTestId('clock-w').first().textContent(), PAGE_WAIT).toContain('▶ running');
  await p.screenshot({ path: `${SHOTS}/local-1366x768.png` });
  await second.screenshot({ path: `${SHOTS}/second-window-1366x768.png` });
  await expectNoViolations(second, 'second window');
  await context.close();
});
