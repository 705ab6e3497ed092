// Issue 28 in real Chromium on the built app: a local game begun at 23:29:50 in New York (UTC−5
// in November, already the next day in UTC) is archived with the New York date, the PGN's
// UTCDate/UTCTime beside it, and clock readings in whole seconds.
import { expect, test } from 'vitest';
import { blindMove, opponentMove } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';

const app = withBuiltApp();

test('a game begun late in the evening is dated that evening where it is played', async () => {
  const context = await app.browser.newContext({ timezoneId: 'America/New_York' });
  try {
    const page = await context.newPage();
    // The clock runs on from 23:29:50 local (04:29:50 UTC, 23 November), timers and all.
    await page.clock.install({ time: Date.UTC(2026, 10, 23, 4, 29, 50) });
    await page.goto(`${app.server.url}#/local`);
    await page.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').click();
    await blindMove(page, 'e2', 'e4');
    await opponentMove(page, 'e7', 'e5');

    await page.goto(`${app.server.url}#/archive`);
    const row = page.getByRole('table', { name: 'Your games' }).getByRole('row', { name: /Blind player/ });
    await row.waitFor();
    // The Date column and the Open button say the local day, not the UTC one (23 November).
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('2026.11.22');
    await expect(
      row.getByRole('button', { name: /, 22 November 2026, in progress, last played 23:\d\d$/ }).count(),
    ).resolves.toBe(1);

    const pgn = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('twinboard.archive.game.'));
      return key === undefined ? '' : (localStorage.getItem(key) ?? '');
    });
    expect(pgn).toContain('[Date "2026.11.22"]');
    expect(pgn).toContain('[UTCDate "2026.11.23"]');
    expect(pgn).toMatch(/\[Time "23:(29:5\d|3\d:\d\d)"\]/);
    expect(pgn).toMatch(/\[UTCTime "04:(29:5\d|3\d:\d\d)"\]/);
    const clocks = pgn.match(/\[%clk [^\]]*\]/g) ?? [];
    expect(clocks).toHaveLength(2);
    for (const clock of clocks) expect(clock).toMatch(/^\[%clk \d+:\d\d:\d\d\]$/);
  } finally {
    await context.close();
  }
});
