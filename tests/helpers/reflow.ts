// Real-browser test helper (issue 13, WCAG 1.4.10): the page reflows without loss at the size it
// is shown at.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Reflow without loss: nothing wider than the page, no text cut off by its box (an ellipsis, or
 * hidden overflow) and nothing outside the page's left and right edges. Visually hidden headings
 * (1 px) and the evidence log's own scrolling box (a data table may scroll in two directions) are
 * left out.
 */
export async function expectReflow(p: Page, what: string) {
  const problems = await p.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      out.push(`page scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const texts = document.querySelectorAll(
      'h1, h2, h3, p, button, label, summary, select, th, td, dt, dd, li, span, a',
    );
    for (const el of texts) {
      if (el.closest('.log-scroll, [aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (r.left < -1 || r.right > root.clientWidth + 1) out.push(`${name(el)} outside the page`);
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} cut off`);
    }
    return out;
  });
  expect(problems, what).toEqual([]);
}
