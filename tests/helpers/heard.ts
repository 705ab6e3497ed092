/**
 * Real-browser test helper: everything a page says, in order — each text put into a live region
 * (the app's own and any on a screen, as a screen reader would read it) and each `speechSynthesis.speak` call (the app's
 * own voice) — recorded by an init script, so a test can wait for a sentence that was said and
 * then replaced by the next one.
 */
import type { Page } from 'playwright-core';

/** One thing said: `polite` / `assertive` (a live region) or `speech` (speechSynthesis). */
export interface Heard {
  readonly channel: 'polite' | 'assertive' | 'speech';
  readonly text: string;
}

/** Starts recording on `page`: call before its first navigation (it holds for reloads too). */
export async function recordHeard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: { channel: string; text: string }[] = [];
    (window as unknown as { __heard: typeof heard }).__heard = heard;
    // Every live region a screen reader reads: the app's own and any on a screen (aria-live, status, alert).
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';
    const regionOf = (node: Node | null) =>
      (node instanceof Element ? node : node?.parentElement)?.closest(LIVE) ?? null;
    const channelOf = (region: Element) =>
      region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
    new MutationObserver((mutations) => {
      const changed = new Set<Element>();
      for (const m of mutations) {
        const region = regionOf(m.target);
        if (region) changed.add(region);
      }
      for (const region of changed) {
        const text = (region.textContent ?? '').replace(/\u00a0$/, '');
        if (text !== '') heard.push({ channel: channelOf(region), text });
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
    const synth = window.speechSynthesis as SpeechSynthesis | undefined;
    if (synth) {
      const speak = synth.speak.bind(synth);
      synth.speak = (u: SpeechSynthesisUtterance) => {
        heard.push({ channel: 'speech', text: u.text });
        speak(u);
      };
    }
  });
}

/** What the page has said since it was loaded. */
export function heard(page: Page): Promise<Heard[]> {
  return page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard.slice());
}

/** Waits until the page has said something containing `words`; returns that. */
export async function waitToHear(page: Page, words: string, timeout = 10_000): Promise<Heard> {
  const handle = await page
    .waitForFunction(
      (w) => (window as unknown as { __heard: Heard[] }).__heard.find((h) => h.text.includes(w)) ?? null,
      words,
      { timeout },
    )
    .catch(async (e: unknown) => {
      const last = (await heard(page)).slice(-8);
      throw new Error(`never heard "${words}"; last said: ${JSON.stringify(last)}`, { cause: e });
    });
  return (await handle.jsonValue()) as Heard;
}
