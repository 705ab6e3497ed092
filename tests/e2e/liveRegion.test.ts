// The live-region Announcer in real Chromium: what it writes is in Chromium's accessibility tree
// as a polite status and an assertive alert (what a screen reader is notified of), and a repeated
// message changes the tree again so it is read again.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build } from 'esbuild';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';

interface AXValue {
  value?: unknown;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
}

let browser: Browser;
let page: Page;
let cdp: CDPSession;

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents:
        "import { createLiveRegionAnnouncer } from './src/speech/speaker/liveRegion.ts';" +
        'window.twinboardAnnouncer = createLiveRegionAnnouncer();',
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="en"><title>Live region</title><main><h1>Twinboard</h1></main></html>',
  );
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
});
afterAll(async () => {
  await browser?.close();
});

const announce = (text: string, politeness: 'polite' | 'assertive', lang?: string) =>
  page.evaluate(
    ([t, p, l]) =>
      (
        window as unknown as { twinboardAnnouncer: { announce(t: string, p: string, l?: string): void } }
      ).twinboardAnnouncer.announce(t!, p!, l),
    [text, politeness, lang] as const,
  );

/** The live regions as Chromium's accessibility tree has them: role, live, atomic and text. */
async function liveRegions() {
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const textOf = (n: AXNode): string => {
    if (n.role?.value === 'StaticText') return String(n.name?.value ?? '');
    return (n.childIds ?? [])
      .map((id) => byId.get(id))
      .map((c) => (c ? textOf(c) : ''))
      .join('');
  };
  const prop = (n: AXNode, name: string) => n.properties?.find((p) => p.name === name)?.value.value;
  return nodes
    .filter(
      (n) =>
        !n.ignored &&
        prop(n, 'live') !== undefined &&
        (n.role?.value === 'status' || n.role?.value === 'alert'),
    )
    .map((n) => ({ role: n.role?.value, live: prop(n, 'live'), atomic: prop(n, 'atomic'), text: textOf(n) }));
}

test('polite and assertive messages appear in the accessibility tree as status and alert', async () => {
  await announce('Evan one, dark square, white king', 'polite', 'en');
  await announce('Knight Gustav eight to Felix six', 'assertive', 'en');
  const regions = await liveRegions();
  expect(regions).toContainEqual({
    role: 'status',
    live: 'polite',
    atomic: true,
    text: 'Evan one, dark square, white king',
  });
  expect(regions).toContainEqual({
    role: 'alert',
    live: 'assertive',
    atomic: true,
    text: 'Knight Gustav eight to Felix six',
  });
});

test('a repeated message changes the tree each time and still reads the same words', async () => {
  const seen: string[] = [];
  for (let i = 0; i < 3; i++) {
    await announce('Illegal move', 'assertive');
    const alert = (await liveRegions()).find((r) => r.role === 'alert');
    seen.push(alert?.text ?? '');
  }
  expect(seen.map((t) => t.trim())).toEqual(['Illegal move', 'Illegal move', 'Illegal move']);
  expect(seen[0]).not.toBe(seen[1]);
  expect(seen[1]).not.toBe(seen[2]);
});

test('German words are marked German for the screen reader', async () => {
  await announce('Springer Gustav eins nach Felix drei', 'polite', 'de');
  const lang = await page.evaluate(() =>
    document.querySelector('[aria-live="polite"]')?.getAttribute('lang'),
  );
  expect(lang).toBe('de');
  expect((await liveRegions()).find((r) => r.role === 'status')?.text).toBe(
    'Springer Gustav eins nach Felix drei',
  );
});
