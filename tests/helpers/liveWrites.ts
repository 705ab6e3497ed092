/**
 * Real-browser test helper: what a screen reader meets on a page, in order — every text written
 * into a live region (the app's own and any on a screen), every element the focus lands on (its
 * accessible name, which the screen reader reads), every key pressed and every click — recorded
 * by an init script, with marks the test sets between its steps. `saidTwice` and `focusSaidAgain`
 * find what was said twice within one step: the test of issue 28's "each event said once".
 */
import type { Page } from 'playwright-core';

/** One thing on the page's timeline. */
export interface Moment {
  readonly kind: 'write' | 'focus' | 'key' | 'click' | 'mark';
  readonly text: string;
  /** For a write: the region's politeness (`polite` or `assertive`). */
  readonly region?: string;
}

/** Starts recording on `page`: call before its first navigation. */
export async function recordTimeline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const timeline: { kind: string; text: string; region?: string }[] = [];
    (window as unknown as { __timeline: typeof timeline }).__timeline = timeline;
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';
    const last = new Map<Element, string>();
    new MutationObserver((mutations) => {
      const changed = new Set<Element>();
      for (const m of mutations) {
        const node = m.target instanceof Element ? m.target : m.target.parentElement;
        const region = node?.closest(LIVE);
        if (region) changed.add(region);
        for (const added of m.addedNodes)
          if (added instanceof Element) for (const r of added.querySelectorAll(LIVE)) changed.add(r);
      }
      for (const region of changed) {
        const text = (region.textContent ?? '').replace(/\u00a0$/, '');
        const before = last.get(region) ?? '';
        last.set(region, text);
        if (text === '') continue;
        // Words joined to the region's text in one turn: only the new part is news.
        const joined = before !== '' && text.startsWith(before) && text.length > before.length;
        const politeness =
          region.getAttribute('aria-live') ??
          (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
        timeline.push({
          kind: 'write',
          text: joined ? text.slice(before.length).replace(/^[\s.;:]+/, '') : text,
          region: politeness,
        });
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener('keydown', (e) => void timeline.push({ kind: 'key', text: e.key }), true);
    document.addEventListener('click', () => void timeline.push({ kind: 'click', text: '' }), true);
    document.addEventListener(
      'focusin',
      (e) => {
        const el = e.target instanceof Element ? e.target : null;
        const name = el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
        timeline.push({ kind: 'focus', text: name });
      },
      true,
    );
  });
}

/** Marks the start of a step on the timeline. */
export async function mark(page: Page, label: string): Promise<void> {
  await page.evaluate((text) => {
    (window as unknown as { __timeline: { kind: string; text: string }[] }).__timeline.push({
      kind: 'mark',
      text,
    });
  }, label);
}

/** The whole timeline so far. */
export function timeline(page: Page): Promise<Moment[]> {
  return page.evaluate(() => (window as unknown as { __timeline: Moment[] }).__timeline.slice());
}

/** The steps between marks, by their labels (what came before the first mark is left out). */
export function steps(moments: readonly Moment[]): { readonly label: string; readonly moments: Moment[] }[] {
  const out: { label: string; moments: Moment[] }[] = [];
  for (const m of moments) {
    if (m.kind === 'mark') out.push({ label: m.text, moments: [] });
    else out.at(-1)?.moments.push(m);
  }
  return out;
}

/** The clauses of a text: its sentences and the parts between semicolons and colons. */
export function clauses(text: string): string[] {
  return text
    .split(/(?<=[.;:!?])\s+/)
    .map((c) => c.replace(/[.;:!?\s]+$/, '').trim())
    .filter((c) => c !== '');
}

/** The clauses written more than once into the live regions within one step. */
export function saidTwice(moments: readonly Moment[]): string[] {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const m of moments)
    if (m.kind === 'write')
      for (const c of clauses(m.text)) {
        if (seen.has(c)) twice.push(c);
        seen.add(c);
      }
  return twice;
}

/**
 * Live-region writes that repeat what the focus said after the same key press (the focused cell's
 * name, which the screen reader reads when the focus lands on it).
 */
export function focusSaidAgain(moments: readonly Moment[]): string[] {
  const found: string[] = [];
  let focused: string[] = [];
  let writes: string[] = [];
  const check = () => {
    for (const w of writes) for (const f of focused) if (f !== '' && w.includes(f)) found.push(w);
    focused = [];
    writes = [];
  };
  for (const m of moments) {
    if (m.kind === 'key' || m.kind === 'click' || m.kind === 'mark') check();
    else if (m.kind === 'focus') focused.push(m.text);
    else if (m.kind === 'write') writes.push(m.text);
  }
  check();
  return found;
}
