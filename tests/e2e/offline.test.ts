// Installable and offline (issues 14, 26), in real Chromium on the built app: the page is loaded
// once from the real server, the service worker takes control, keeps the build but the engine and
// the Vosk recogniser, and the app passes Chromium's own installability check; a first practice game
// keeps the engine. Then the server is stopped and the page reloaded: the practice board reads, a
// local game is played to checkmate by keyboard, a setting is changed and kept, the game is in the
// archive, and the computer answers a practice move. A paired game says it needs the server and gets
// in by itself once the server is back.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/appServer.ts';
import { blindMove, goTo, live, opponentMove } from '../helpers/blindKeys.ts';
import { cachedPaths, playE4AndHearTheReply } from '../helpers/offlinePages.ts';

let server: RunningServer;
// A browser profile of its own, as an installed app has (an incognito context cannot install).
const profile = mkdtempSync(join(tmpdir(), 'twinboard-profile-'));
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  server = await startServer();
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
  rmSync(profile, { recursive: true, force: true });
});

async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

test('loaded once, the app is installable and a service worker controls it', async () => {
  await page.goto(server.url);
  await controlled(page);

  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
  });
  expect(manifest).toMatchObject({ name: 'Twinboard', start_url: './', display: 'standalone' });
  const icons = (manifest?.icons ?? []) as { sizes: string; type: string; purpose?: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);

  // Everything the app may load is kept: every script, style and file of the build, except the
  // practice engine (7.3 MB, kept when practice first uses it, or on request) and the Vosk recogniser
  // (5.8 MB, kept on first use, useful only with a hosted model).
  const cached = await cachedPaths(page);
  // The Brotli and gzip copies beside the files are the server's (compress-assets.mjs), never precached.
  expect(cached.filter((path) => /\.(br|gz)$/.test(path))).toEqual([]);
  const built = readdirSync('dist/assets')
    .filter((file) => !/\.(br|gz)$/.test(file))
    .map((file) => ({
      path: `/assets/${file}`,
      size: statSync(`dist/assets/${file}`).size,
    }));
  const vosk = built.filter((f) => f.path.startsWith('/assets/vosk-') && f.size > 5_000_000);
  expect(vosk).toHaveLength(1);
  const engine = built.filter((f) => /^\/assets\/stockfish-[\w-]+\.(js|wasm)$/.test(f.path));
  expect(engine.map((f) => f.path.split('.').pop()).sort()).toEqual(['js', 'wasm']);
  const onDemand = [...vosk, ...engine];
  expect(cached).toEqual(
    expect.arrayContaining(built.filter((f) => !onDemand.includes(f)).map((f) => f.path)),
  );
  expect(cached).toEqual(
    expect.arrayContaining(['/index.html', '/manifest.json', '/icons/icon-192.png', '/audio/check.wav']),
  );
  for (const file of onDemand) expect(cached).not.toContain(file.path);

  // Chromium's installability check, the one Lighthouse reports.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  const { errors, url } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
  expect(errors).toEqual([]);
  expect(url).toMatch(/manifest\.json$/);
  // The app's identity stays the same wherever its start page moves: the manifest's id.
  const { appId } = (await cdp.send('Page.getAppId')) as { appId?: string };
  expect(appId).toBe(server.url);

  // A first practice game keeps the engine on the device for the next one, online or not.
  await page.goto(`${server.url}#/practice`);
  await page.getByRole('radio', { name: 'White', exact: true }).check();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByText('The computer plays at level', { exact: false }).waitFor({ timeout: 15_000 });
  await expect
    .poll(() => cachedPaths(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(engine.map((f) => f.path)));
});

test('with the server stopped, the reloaded app reads its practice board, plays a local game to checkmate by keyboard and a practice move', async () => {
  await server.stop();
  await expect(fetch(server.url)).rejects.toThrow();
  // The practice board on the home page.
  await page.goto(server.url);
  const practice = page.getByRole('region', { name: 'Practice board' }).getByRole('grid');
  await practice.locator('[data-square="a1"]').click();
  await page.keyboard.press('ArrowUp');
  await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
    'Anna two, light square, white pawn',
  );

  await page.goto(`${server.url}#/local`);
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  await board.locator('[data-square="a1"]').click();

  // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#
  await blindMove(page, 'e2', 'e4');
  await opponentMove(page, 'e7', 'e5');
  await board.locator('[data-square="e4"]').focus();
  await blindMove(page, 'f1', 'c4');
  await opponentMove(page, 'b8', 'c6');
  await board.locator('[data-square="c4"]').focus();
  await blindMove(page, 'd1', 'h5');
  await opponentMove(page, 'g8', 'f6');
  await board.locator('[data-square="h5"]').focus();
  await goTo(page, 'h5');
  await page.keyboard.press('Enter');
  await goTo(page, 'f7');
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await page.keyboard.press('Shift+Enter');
  await page.getByRole('heading', { name: /Game over: White wins/ }).waitFor();

  // A setting changes and is kept across a reload, offline.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('checkbox', { name: 'High contrast' })
    .check();
  await expect(live(page)).resolves.toBe('High contrast: on');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.locator('.app.high-contrast').waitFor();

  // The archive has it, offline.
  await page.goto(`${server.url}#/archive`);
  const row = page.getByRole('table', { name: 'Your games' }).getByRole('row', { name: /1-0/ });
  await row.waitFor();
  await expect(row.getByRole('cell').nth(4).textContent()).resolves.toBe('4');

  // Practice against the computer: the engine (worker and wasm) comes from the device.
  await page.goto(server.url);
  await page.getByRole('link', { name: 'Practice against the computer' }).click();
  // The practice game begun online is still running: the route comes back to it; a new one is asked for.
  await page.getByRole('button', { name: 'New practice game' }).click();
  await page.getByRole('radio', { name: 'White', exact: true }).check();
  await page
    .getByRole('combobox', { name: 'Strength' })
    .selectOption({ label: '1: beginner, blunders sometimes' });
  await page.getByRole('radio', { name: /^Set up for me/ }).check();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByText('The computer plays at level 1.').waitFor({ timeout: 15_000 });
  await playE4AndHearTheReply(page);
});

test('offline, a paired game says it needs the server, and gets in once the server is back', async () => {
  await page.goto(`${server.url}#/setup`);
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.getByText(/^Paired play needs the Twinboard server, which cannot be reached/).waitFor();

  server = await startServer({ port: server.port, dbPath: server.dbPath });
  await expect(page.getByTestId('created-code').textContent()).resolves.toMatch(/^\s*\w+[ -]\w+[ -]\w+\s*$/);
});
