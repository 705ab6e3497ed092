// Text at 200 % (issue 13, WCAG 1.4.4 and 1.4.10) in real Chromium against the real server. A
// laptop's 1366×768 screen zoomed to 200 % is a 683×384 CSS viewport at two device pixels per CSS
// pixel; a browser whose default text size is doubled (32 px) keeps the viewport and doubles every
// rem. In both, and on the smallest phone the screens are made for (360×640), on the sighted
// player's, the assistant's, the arbiter's and the local game's screens: no sideways scrolling, no
// text cut off or pushed out of the page, both clocks and the announcement reachable, the controls
// still work (a move played, a clock pressed, a claim decided), and axe (colour contrast included)
// finds nothing. Screenshots in test-results/screenshots/zoom-*.png.
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

type Zoom = 'zoom' | 'text' | 'small phone';

/**
 * A laptop at 200 %: browser zoom (half the CSS viewport) or the browser's text size doubled; and
 * the smallest phone the screens are made for, 360 px wide.
 */
async function zoomed(zoom: Zoom): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext(
    zoom === 'zoom'
      ? { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 }
      : zoom === 'small phone'
        ? { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 }
        : { viewport: { width: 1366, height: 768 } },
  );
  const page = await context.newPage();
  if (zoom === 'text') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  }
  return { context, page };
}

async function expectNoViolations(p: Page, what: string) {
  const violations = await axeViolations(p);
  expect(violations, `${what}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** Each element can be brought fully into view (scrolling down if need be), not hidden under another. */
async function expectReachable(p: Page, testIds: readonly string[], what: string) {
  for (const id of testIds) {
    const el = p.getByTestId(id).first();
    await el.scrollIntoViewIfNeeded();
    const seen = await el.evaluate((node) => {
      const r = node.getBoundingClientRect();
      // Within a pixel: scrolling into view lands on fractions of a CSS pixel.
      const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return inside && r.height > 0 && (top === node || node.contains(top))
        ? true
        : `${JSON.stringify(r)} ${innerHeight} ${top?.outerHTML.slice(0, 80)}`;
    });
    expect(seen, `${what}: ${id}`).toBe(true);
  }
}

for (const zoom of ['zoom', 'text', 'small phone'] as const) {
  test(`sighted player at ${zoom === 'small phone' ? '360×640' : `200 % (${zoom})`}: reflows, clocks and announcement reachable, a move played`, async () => {
    const table = await blindAtTable(app.server);
    const { context, page: p } = await zoomed(zoom);
    await joinGame(p, app.server.url, table.code, 'Sighted player');
    await expectReflow(p, 'before the start');
    await p.getByRole('button', { name: 'Start the game' }).click();
    await table.send(moveIntents('blind', 'e2e4'));
    await expect
      .poll(() => p.getByTestId('announcement').textContent(), PAGE_WAIT)
      .toBe('Pawn Evan two to Evan four');
    await expectReflow(p, 'the blind player has moved');
    await expectReachable(p, ['clock-w', 'clock-b', 'announcement'], 'sighted');
    // The controls still work: a move by clicks, then the clock.
    await p.locator('#sighted-board [data-square="e7"]').click();
    await p.getByRole('status').filter({ hasText: 'Touched: e7' }).waitFor({ timeout: 5000 });
    await p.locator('#sighted-board [data-square="e5"]').click();
    await p.getByRole('button', { name: 'Press clock' }).click();
    await expect.poll(() => p.getByTestId('clock-w').textContent(), PAGE_WAIT).toContain('▶ running');
    await p.getByText('Display').click();
    await expectReflow(p, 'display settings open');
    await expectNoViolations(p, 'sighted, display settings open');
    await p.getByRole('checkbox', { name: 'High contrast' }).check();
    await expectReflow(p, 'high contrast');
    await expectNoViolations(p, 'sighted, high contrast');
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-sighted.png` });
    await p.screenshot({ path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-sighted-full.png`, fullPage: true });
    table.blind.close();
    await context.close();
  });

  test(`assistant and arbiter at ${zoom === 'small phone' ? '360×640' : `200 % (${zoom})`}: reflow, clocks and claim reachable, a claim decided`, async () => {
    const table = await blindAtTable(app.server, { roles: ['blindAssistant', 'arbiter'], relay: 'assisted' });
    const sighted = await app.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const s = await sighted.newPage();
    await joinGame(s, app.server.url, table.code, 'Sighted player');
    const a = await zoomed(zoom);
    await table.seat(a.page, 'blindAssistant');
    const r = await zoomed(zoom);
    await table.seat(r.page, 'arbiter');
    await s.getByRole('button', { name: 'Start the game' }).click();
    await expect
      .poll(() => s.getByTestId('turn').textContent(), PAGE_WAIT)
      .toBe('Waiting for the blind player.');
    await table.send(moveIntents('blind', 'e2e4'));
    await expect
      .poll(() => s.getByTestId('announcement').textContent(), PAGE_WAIT)
      .toBe('Pawn Evan two to Evan four');
    await expectReflow(a.page, 'assistant, the blind player has moved');
    await expectReachable(a.page, ['todo', 'clock-w', 'clock-b'], 'assistant');
    await a.page.evaluate(() => window.scrollTo(0, 0));
    await a.page.screenshot({ path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-assistant.png` });
    await a.page.screenshot({
      path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-assistant-full.png`,
      fullPage: true,
    });
    // The sighted player's claim, decided on the arbiter's zoomed screen.
    await s.getByRole('button', { name: 'Claim', exact: true }).click();
    const claim = r.page.getByTestId('claim');
    await expect.poll(() => claim.textContent(), PAGE_WAIT).toContain('Threefold repetition');
    await expectReflow(r.page, 'arbiter, a claim pending');
    await expectNoViolations(r.page, 'arbiter, a claim pending');
    await expectNoViolations(a.page, 'assistant, a claim pending');
    await expectReachable(r.page, ['claim', 'evidence'], 'arbiter');
    await r.page.evaluate(() => window.scrollTo(0, 0));
    await r.page.screenshot({ path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-arbiter.png` });
    await r.page.screenshot({
      path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-arbiter-full.png`,
      fullPage: true,
    });
    await claim.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => claim.textContent(), PAGE_WAIT).toContain('No claim');
    await expectReflow(a.page, 'assistant, after the claim');
    for (const c of [sighted, a.context, r.context]) await c.close();
    table.blind.close();
  });

  test(`local game at ${zoom === 'small phone' ? '360×640' : `200 % (${zoom})`}: reflows, both clocks and the announcement reachable, both players move`, async () => {
    const { context, page: p } = await zoomed(zoom);
    await p.goto(`${app.server.url}#/local/new`);
    await p.getByRole('grid', { name: "Opponent's board" }).waitFor();
    await expectReflow(p, 'local game, start');
    await p.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').focus();
    await blindMove(p, 'e2', 'e4');
    const opponent = p.locator('#opponent-board');
    await expect
      .poll(() => p.getByTestId('announcement').textContent(), PAGE_WAIT)
      .toBe('Pawn Evan two to Evan four');
    await opponent.locator('[data-square="e7"]').click();
    await opponent.locator('[data-square="e5"]').click();
    await p.getByRole('button', { name: 'Press the clock (opponent)' }).click();
    await expect.poll(() => p.getByTestId('clock-w').first().textContent(), PAGE_WAIT).toContain('▶ running');
    await expectReflow(p, 'local game, after a move each');
    await expectNoViolations(p, 'local game, after a move each');
    await expectReachable(p, ['clock-w', 'clock-b', 'announcement'], 'local');
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-local.png` });
    await p.screenshot({ path: `${SHOTS}/zoom-${zoom.replace(' ', '-')}-local-full.png`, fullPage: true });
    await context.close();
  });
}
