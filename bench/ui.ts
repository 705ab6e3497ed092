/**
 * UI benchmark (`npm run bench:ui`): builds the app, serves dist/, and in headless Chromium plays
 * 200 keyboard actions on the blind player's board (navigation, read-outs, lift, place, announce)
 * with self-voicing on, and times each from the keydown event's timeStamp to what the person meets:
 * the `speechSynthesis.speak` call or the live region's DOM change (observed from outside the app).
 * The floor is a minimal page whose keydown handler writes to a live region, timed the same way.
 * Also sums the gzip size of the JavaScript loaded at start.
 * Prints a table and ends with one JSON line.
 */
import { execSync } from 'node:child_process';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { staticHandler } from '../src/server/static.ts';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/helpers/browser.ts';

const ACTIONS = 200;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** One cycle of ten actions, repeated: every key gives the player something to hear. */
const CYCLE: readonly string[] = [
  '2', // rank 2
  'Shift+Digit5', // file e: Evan two
  'Enter', // lift the pawn (a touch)
  'Enter', // put it back: it must still be moved
  'ArrowUp',
  'ArrowRight',
  'o', // read the square
  'ArrowLeft',
  'a', // announce: refused, nothing placed
  'h', // the move in hand
];

/**
 * Runs in the page before the app: records each keydown's timestamp and each moment the person
 * would meet an utterance — a `speechSynthesis.speak` call or a change inside a live region.
 */
const PROBE = `(() => {
  const probe = { keys: [], outputs: [] };
  window.__uiProbe = probe;
  window.addEventListener('keydown', (e) => probe.keys.push(e.timeStamp), { capture: true });
  if (window.speechSynthesis) {
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (u) => { probe.outputs.push(performance.now()); speak(u); };
  }
  const inLiveRegion = (node) => {
    const el = node instanceof Element ? node : node && node.parentElement;
    return Boolean(el && el.closest('[aria-live]'));
  };
  new MutationObserver((records) => {
    if (records.some((r) => inLiveRegion(r.target))) probe.outputs.push(performance.now());
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** Presses `count` keys one at a time; for each, the delay to the first utterance after it. */
async function timeKeys(page: Page, count: number, keyAt: (i: number) => string): Promise<number[]> {
  const delays: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = await page.evaluate(() => {
      const p = (window as unknown as { __uiProbe: { keys: number[]; outputs: number[] } }).__uiProbe;
      return { keys: p.keys.length, outputs: p.outputs.length };
    });
    await page.keyboard.press(keyAt(i));
    const handle = await page
      .waitForFunction(
        (b) => {
          const p = (window as unknown as { __uiProbe: { keys: number[]; outputs: number[] } }).__uiProbe;
          const key = p.keys[b.keys];
          if (key === undefined) return false;
          const out = p.outputs.slice(b.outputs).find((t) => t >= key);
          return out === undefined ? false : { delay: out - key };
        },
        before,
        { timeout: 2000, polling: 'raf' },
      )
      .catch(() => null);
    if (handle) delays.push(((await handle.jsonValue()) as { delay: number }).delay);
  }
  return delays;
}

async function main(): Promise<void> {
  console.log('Building the app (vite build)…');
  execSync('npx vite build', { stdio: 'ignore' });

  const server = createServer(staticHandler('dist'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;

  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const startScripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    let loaded = false;
    page.on('response', (response) => {
      if (loaded || response.request().resourceType() !== 'script') return;
      startScripts.push(
        response
          .body()
          .then((body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body).length })),
      );
    });
    await page.addInitScript(() => {
      localStorage.setItem('twinboard.settings', JSON.stringify({ selfVoicing: true }));
    });
    await page.addInitScript(PROBE);
    await page.goto(`${url}#/local`, { waitUntil: 'load' });
    loaded = true;
    const scripts = await Promise.all(startScripts);

    await page.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').click();
    const timings = await timeKeys(page, ACTIONS, (i) => CYCLE[i % CYCLE.length] ?? 'o');

    // The floor: a minimal page whose keydown handler writes to a live region.
    const floorPage = await browser.newPage();
    await floorPage.setContent(
      '<div role="status" aria-live="polite" id="live"></div><button id="b">key</button>' +
        "<script>let n=0;document.getElementById('b').addEventListener('keydown',()=>{document.getElementById('live').textContent='Key '+(++n);});</script>",
    );
    await floorPage.evaluate(PROBE);
    await floorPage.focus('#b');
    const floor = await timeKeys(floorPage, ACTIONS, () => 'o');
    const floorSorted = [...floor].sort((a, b) => a - b);
    const floorP95 = percentile(floorSorted, 95);

    const sorted = [...timings].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const max = sorted.at(-1) ?? Number.NaN;
    const gzipKb = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const rawKb = scripts.reduce((sum, s) => sum + s.raw, 0) / 1024;

    console.log('');
    console.log('| measure                          | value      |');
    console.log('| -------------------------------- | ---------- |');
    console.log(`| keyboard actions                 | ${String(ACTIONS).padStart(10)} |`);
    console.log(`| keys answered by an utterance    | ${String(timings.length).padStart(10)} |`);
    console.log(`| key → utterance median (ms)      | ${p50.toFixed(2).padStart(10)} |`);
    console.log(`| key → utterance p95 (ms)         | ${p95.toFixed(2).padStart(10)} |`);
    console.log(`| key → utterance max (ms)         | ${max.toFixed(2).padStart(10)} |`);
    console.log(`| start scripts                    | ${String(scripts.length).padStart(10)} |`);
    console.log(`| start JS raw (kB)                | ${rawKb.toFixed(1).padStart(10)} |`);
    console.log(`| start JS gzip (kB)               | ${gzipKb.toFixed(1).padStart(10)} |`);
    console.log('');
    console.log(`| floor: minimal page p95 (ms)     | ${floorP95.toFixed(2).padStart(10)} |`);
    console.log(`| p95 ÷ floor p95                  | ${(p95 / floorP95).toFixed(2).padStart(10)} |`);
    console.log('');
    console.log('Targets: p95 ≤ 16 ms, max ≤ 50 ms; start JS ≤ 200 kB gzip.');
    console.log(
      JSON.stringify({
        bench: 'ui',
        keyToUtteranceP50Ms: Number(p50.toFixed(2)),
        keyToUtteranceP95Ms: Number(p95.toFixed(2)),
        keyToUtteranceMaxMs: Number(max.toFixed(2)),
        startJsGzipKb: Number(gzipKb.toFixed(1)),
      }),
    );
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
