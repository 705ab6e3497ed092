// The built app in real Chromium: the heading, the start position on an accessible grid, and axe.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, launchChromium } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/appServer.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the first page shows the start position on an accessible board with no axe violations', async () => {
  const page = await browser.newPage();
  await page.goto(server.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Twinboard' }).isVisible()).resolves.toBe(true);
  const grid = page.getByRole('grid', { name: 'Board' });
  await expect(grid.getByRole('row').count()).resolves.toBe(8);
  await expect(grid.getByRole('gridcell').count()).resolves.toBe(64);
  await expect(
    grid.getByRole('gridcell', { name: 'Evan one, dark square, white king' }).count(),
  ).resolves.toBe(1);
  await expect(
    grid.getByRole('gridcell', { name: 'David eight, dark square, black queen' }).count(),
  ).resolves.toBe(1);
  expect(await axeViolations(page)).toEqual([]);
});
