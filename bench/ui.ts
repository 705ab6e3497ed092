/**
 * UI benchmark (`npm run bench:ui`): builds the app and the server (`npm run build`), starts the
 * production server (dist-server/main.js) on it, and in headless Chromium plays
 * 200 keyboard actions on the blind player's board (navigation, read-outs, lift, place, announce)
 * with self-voicing on, and times each from the keydown event's timeStamp to what the person meets:
 * the `speechSynthesis.speak` call or the live region's DOM change (observed from outside the app).
 * The floor is a minimal page whose keydown handler writes to a live region, timed the same way.
 * Also sums the gzip size of the JavaScript loaded at start, and what the first screen costs to
 * fetch: the bytes Chromium received for its HTML, scripts and styles (response bodies as the
 * server sent them, Brotli-compressed since Chromium accepts br), on a first visit with an empty
 * cache and no service worker.
 * Prints a table and ends with one JSON line.
 */
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../tests/helpers/browser.ts';
import { startBuiltServer } from '../tests/helpers/builtServer.ts';

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

/** The resource types that make up a screen's first paint. */
const FIRST_SCREEN_TYPES = new Set(['document', 'script', 'stylesheet']);

/**
 * Opens `url` in a new context (empty cache, no service worker) and sums the encoded body bytes of
 * its HTML, scripts and styles once the network has been quiet for half a second.
 */
async function firstScreenTransfer(
  browser: Browser,
  url: string,
): Promise<{ files: number; bytes: number; encodings: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const sizes: Promise<{ bytes: number; encoding: string }>[] = [];
    page.on('response', (response) => {
      if (!FIRST_SCREEN_TYPES.has(response.request().resourceType())) return;
      sizes.push(
        Promise.all([response.request().sizes(), response.allHeaders()]).then(([size, headers]) => ({
          bytes: size.responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const received = await Promise.all(sizes);
    return {
      files: received.length,
      bytes: received.reduce((sum, r) => sum + r.bytes, 0),
      encodings: [...new Set(received.map((r) => r.encoding))],
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  console.log('Building the app and the server (npm run build)…');
  execSync('npm run build', { stdio: 'ignore' });

  const server = await startBuiltServer({ args: ['--db', ':memory:', '--log-level', 'warn'] });
  const url = server.url;

  const browser = await launchChromium();
  try {
    const transfer = await firstScreenTransfer(browser, url);
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
    console.log(`| first screen: files              | ${String(transfer.files).padStart(10)} |`);
    console.log(`| first screen transferred (kB)    | ${(transfer.bytes / 1024).toFixed(1).padStart(10)} |`);
    console.log(`| first screen content codings     | ${transfer.encodings.join(' ').padStart(10)} |`);
    console.log('');
    console.log(`| floor: minimal page p95 (ms)     | ${floorP95.toFixed(2).padStart(10)} |`);
    console.log(`| p95 ÷ floor p95                  | ${(p95 / floorP95).toFixed(2).padStart(10)} |`);
    console.log('');
    console.log(
      'Targets: p95 ≤ 16 ms, max ≤ 50 ms; start JS ≤ 200 kB gzip; first screen ≤ 220 kB transferred.',
    );
    console.log(
      JSON.stringify({
        bench: 'ui',
        keyToUtteranceP50Ms: Number(p50.toFixed(2)),
        keyToUtteranceP95Ms: Number(p95.toFixed(2)),
        keyToUtteranceMaxMs: Number(max.toFixed(2)),
        startJsGzipKb: Number(gzipKb.toFixed(1)),
        startTransferKb: Number((transfer.bytes / 1024).toFixed(1)),
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
