// Releases offline (issue 26), in real Chromium. Two real builds of the app, the second with one
// source file changed (the practice screen's introduction), are served one after the other at the
// same address. The player, who keeps practice available offline, gets the new version through
// the update prompt; the server counts what it sent meanwhile: only the files whose content changed,
// under a megabyte, and nothing of the practice engine, which stays kept. And a build with one file
// missing (an earcon) still installs and starts offline.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { live } from '../helpers/blindKeys.ts';
import { buildVersion } from '../helpers/buildVersion.ts';
import { serveBuild } from '../helpers/servedBuild.ts';

const INTRO_A = 'Play the computer on your own board';
const INTRO_B = 'Play the computer on your own board, at home or on the road';
const WAIT = { timeout: 30_000 };
/** The practice engine's program: Stockfish's script and WebAssembly. */
const isEngine = (path: string) => /\/assets\/stockfish-[\w-]+\.(?:js|wasm)$/.test(path);

const work = mkdtempSync(join(tmpdir(), 'twinboard-release-'));
const versionA = join(work, 'a');
const versionB = join(work, 'b');
let browser: Browser;

beforeAll(async () => {
  await buildVersion(versionA);
  await buildVersion(versionB, { file: 'src/screens/practice/messages.ts', from: INTRO_A, to: INTRO_B });
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every file of a build, as the path the browser asks for, with its content. */
function files(root: string): Map<string, Buffer> {
  return new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [`/${relative(root, path).split(sep).join('/')}`, readFileSync(path)] as const;
      }),
  );
}

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);

test('an update downloads only the files that changed, and the practice engine stays kept', async () => {
  const served = await serveBuild(versionA);
  const page = await browser.newPage();
  try {
    await page.goto(`${served.url}#/practice`);
    await controlled(page);
    await page.getByText(INTRO_A, { exact: false }).waitFor();
    const keep = page.getByRole('checkbox', { name: 'Keep practice available offline' });
    await keep.check();
    await expect.poll(() => live(page), WAIT).toBe('Practice is available offline.');
    const engine = served.log.filter((r) => isEngine(r.path));
    expect(engine.map((r) => r.path.split('.').pop()).sort()).toEqual(['js', 'wasm']);

    // What the hand-written worker of earlier releases left: a cache per version and one never pruned.
    const earlier = ['twinboard-0123456789abcdef', 'twinboard-runtime'];
    await page.evaluate(async (names) => {
      for (const name of names) await (await caches.open(name)).put('/earlier', new Response('kept'));
    }, earlier);
    // And an earlier engine's copy, kept on its first use.
    const oldEngine = '/assets/stockfish-18-lite-single-0000000000.wasm';
    await page.evaluate(async (url) => {
      await (await caches.open('twinboard-on-demand')).put(url, new Response('an earlier engine'));
    }, oldEngine);

    // Version B is published at the same address; the browser finds it and the player takes it.
    served.clearLog();
    served.serve(versionB);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByRole('region', { name: 'Update' });
    await prompt.waitFor(WAIT);
    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Update now' }).click(),
    ]);
    await controlled(page);
    await page.getByText(INTRO_B, { exact: false }).waitFor(WAIT);
    // The box shows what the browser's caches hold, read once the page has loaded.
    await expect.poll(() => keep.isChecked(), WAIT).toBe(true);

    const a = files(versionA);
    const b = files(versionB);
    const changed = [...b].filter(([path, content]) => !a.get(path)?.equals(content)).map(([path]) => path);
    const fetched = served.log.map((r) => r.path);
    const bytes = served.log.reduce((sum, r) => sum + r.bytes, 0);
    const unchanged = [...b.keys()].filter((path) => !changed.includes(path));
    const unchangedBytes = unchanged.reduce((sum, path) => sum + (b.get(path)?.length ?? 0), 0);
    console.log(
      `update A → B: ${served.log.length} requests, ${bytes} bytes (${changed.length} of ${b.size} files changed; ` +
        `${unchanged.length} unchanged files, ${unchangedBytes} bytes, not fetched): ${fetched.join(' ')}`,
    );
    // Only what changed (the service worker itself, the page, the scripts that name the changed one).
    expect(changed).toEqual(expect.arrayContaining(['/sw.js', '/index.html']));
    for (const path of fetched) expect(changed).toContain(path);
    expect(bytes).toBeLessThan(1_000_000);
    // Nothing of the engine (7.3 MB): it did not change, and it stays kept.
    expect(fetched.filter(isEngine)).toEqual([]);
    expect(unchanged.filter(isEngine)).toHaveLength(2);

    // The earlier releases' caches are gone, and the app's own holds version B's files only.
    const kept = await page.evaluate(async () => {
      const all: Record<string, string[]> = {};
      for (const name of await caches.keys())
        all[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort();
      return all;
    });
    for (const name of earlier) expect(kept).not.toHaveProperty(name);
    expect(kept['twinboard-on-demand'] ?? []).not.toContain(oldEngine);
    const shell = [...b]
      .filter(
        ([path, content]) =>
          path === '/index.html' || (/^\/assets\/.+\.(js|css)$/.test(path) && content.length < 5e6),
      )
      .map(([path]) => path)
      .filter((path) => !isEngine(path))
      .sort();
    expect(kept['twinboard-shell']).toEqual(shell);
    expect(kept['twinboard-practice']).toEqual(unchanged.filter(isEngine).sort());
  } finally {
    await page.close();
    await served.stop();
  }
});

test('a build with one file missing still installs, starts offline, and keeps that file once it is there', async () => {
  const root = join(work, 'missing');
  cpSync(versionA, root, { recursive: true });
  const earcon = '/audio/check.wav';
  rmSync(join(root, earcon));
  const served = await serveBuild(root);
  const page = await browser.newPage();
  try {
    await page.goto(served.url);
    await controlled(page);
    // The install asked for it, got a 404, and went on without it.
    expect(served.log.filter((r) => r.path === earcon).map((r) => r.status)).toContain(404);

    await served.stop();
    await page.goto(`${served.url}#/local`);
    await page.getByRole('grid', { name: 'Board', exact: true }).waitFor(WAIT);

    // The file is there again: asked for, it is fetched and kept for offline use.
    cpSync(join(versionA, earcon), join(root, earcon));
    await served.start();
    const size = statSync(join(root, earcon)).size;
    const fetchSize = (url: string) =>
      page.evaluate(async (u) => {
        const response = await fetch(u);
        return response.ok ? (await response.arrayBuffer()).byteLength : -response.status;
      }, url);
    await expect(fetchSize(earcon)).resolves.toBe(size);
    await served.stop();
    await expect(fetchSize(earcon)).resolves.toBe(size);
  } finally {
    await page.close();
    await served.stop().catch(() => undefined);
  }
});
