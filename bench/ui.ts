/**
 * UI benchmark (`npm run bench:ui`): builds the app, serves dist/, and in headless Chromium plays
 * 200 keyboard actions on the blind player's board (navigation, read-outs, lift, place, announce)
 * with self-voicing on. What the person meets is timed in the page, outside the app: from the
 * keydown event's timeStamp (caught first, in the capture phase) to the first
 * `speechSynthesis.speak` call or the first change of a live region's text after it, once per key.
 * Also sums the gzip size of the JavaScript loaded at start. Prints a table and ends with one JSON
 * line.
 */
import { execSync } from 'node:child_process';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { staticHandler } from '../src/server/static.ts';
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
    // Plain JavaScript: the page must not depend on the bundler's helpers.
    await page.addInitScript({
      content: `
        localStorage.setItem('twinboard.settings', JSON.stringify({ selfVoicing: true }));
        const timings = [];
        let keyAt = null;
        const heard = () => {
          if (keyAt === null) return;
          timings.push(performance.now() - keyAt);
          keyAt = null;
        };
        window.__keyToUtterance = timings;
        window.addEventListener('keydown', (e) => { keyAt = e.timeStamp; }, true);
        const synth = window.speechSynthesis;
        if (synth) {
          const speak = synth.speak.bind(synth);
          synth.speak = (u) => { heard(); speak(u); };
        }
        new MutationObserver((records) => {
          const inLive = (r) => {
            const el = r.target instanceof Element ? r.target : r.target.parentElement;
            return el && el.closest('[id^="twinboard-live"]');
          };
          if (records.some(inLive)) heard();
        }).observe(document, { subtree: true, childList: true, characterData: true });
      `,
    });
    await page.goto(`${url}#/local`, { waitUntil: 'load' });
    loaded = true;
    const scripts = await Promise.all(startScripts);

    await page.getByRole('grid', { name: 'Board', exact: true }).locator('[data-square="a1"]').click();
    await page.evaluate(() => {
      (window as unknown as { __keyToUtterance: number[] }).__keyToUtterance.length = 0;
    });
    for (let i = 0; i < ACTIONS; i++) await page.keyboard.press(CYCLE[i % CYCLE.length] ?? 'o');
    const timings = await page.evaluate(() => [
      ...(window as unknown as { __keyToUtterance: number[] }).__keyToUtterance,
    ]);
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
    console.log(`| utterances timed                 | ${String(timings.length).padStart(10)} |`);
    console.log(`| key → utterance median (ms)      | ${p50.toFixed(2).padStart(10)} |`);
    console.log(`| key → utterance p95 (ms)         | ${p95.toFixed(2).padStart(10)} |`);
    console.log(`| key → utterance max (ms)         | ${max.toFixed(2).padStart(10)} |`);
    console.log(`| start scripts                    | ${String(scripts.length).padStart(10)} |`);
    console.log(`| start JS raw (kB)                | ${rawKb.toFixed(1).padStart(10)} |`);
    console.log(`| start JS gzip (kB)               | ${gzipKb.toFixed(1).padStart(10)} |`);
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
