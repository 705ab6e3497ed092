// The built app in real Chromium: the heading, the start position on an accessible grid, and axe.
import { expect, test } from 'vitest';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';

const app = withBuiltApp();

test('the first page shows the start position on an accessible board with no axe violations', async () => {
  const page = await app.browser.newPage();
  await page.goto(app.server.url);
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
