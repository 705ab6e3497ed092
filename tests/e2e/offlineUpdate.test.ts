// Updates are offered, not forced (issue 14), in real Chromium: a copy of the built app is served,
// a local game is under way when a new version is published; the player is told, the game stays as
// it is, "Later" hands focus back to the board, and "Update now" reloads into the new version.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { axeViolations, launchChromium } from '../helpers/browser.ts';
import { staticHandler } from '../../src/server/static.ts';

test('a new version waits for the player, said and shown, and starts on "Update now"', async () => {
  const root = mkdtempSync(join(tmpdir(), 'twinboard-update-'));
  cpSync('dist', root, { recursive: true });
  const server = createServer(staticHandler(root));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}#/local`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const board = page.getByRole('grid', { name: 'Board', exact: true });
    await board.locator('[data-square="e2"]').click();
    await page.keyboard.press('Enter');
    const lifted = await page.locator('#twinboard-live-polite').textContent();
    expect(lifted).toMatch(/^Lifted/);

    // A new version is published and found.
    appendFileSync(join(root, 'sw.js'), '\n// a new version\n');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByRole('region', { name: 'Update' });
    await prompt.waitFor();
    const ready =
      'A new version of Twinboard is ready. It starts when you choose Update now, or the next time you open Twinboard.';
    await expect(prompt.textContent()).resolves.toContain(ready);
    await expect(page.locator('#twinboard-live-polite').textContent()).resolves.toContain(ready);
    expect(await axeViolations(page)).toEqual([]);
    // Nothing was reloaded: the piece is still in the blind player's hand.
    await page.keyboard.press('h');
    await expect(page.locator('#twinboard-live-polite').textContent()).resolves.toMatch(
      /^You hold the .*pawn from (e2|Evan 2|Evan two)/i,
    );

    await prompt.getByRole('button', { name: 'Later' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label')),
    ).toBe('Board');

    // Offered again at the next start, and taken.
    await page.reload();
    await prompt.waitFor();
    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Update now' }).click(),
    ]);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const state = await page.evaluate(() =>
      navigator.serviceWorker
        .getRegistration()
        .then((r) => ({ waiting: r?.waiting ?? null, active: r?.active?.state })),
    );
    expect(state).toEqual({ waiting: null, active: 'activated' });
    await expect(prompt.count()).resolves.toBe(0);
  } finally {
    await browser.close();
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
});
