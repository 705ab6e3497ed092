// Real-browser test helper (issue 13, WCAG 1.4.11): the rendered colours of what sits on a visual
// board's squares — pieces, rings, move-hint dots, the focus ring — measured against the square
// colours, as WCAG contrast ratios.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** One measured pair: what sits on a square, its colour, the square's colour and their ratio. */
export interface Pair {
  readonly what: string;
  readonly ratio: number;
}

/**
 * Reads the rendered colours in the page and returns every pair of (foreground, square colour)
 * a person must tell apart, with its WCAG contrast ratio.
 */
export function measure(p: Page, grid: string, withFocus: boolean): Promise<Pair[]> {
  return p.evaluate(
    ([selector, focus]) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r = 0, g = 0, b = 0] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
        return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
      };
      const board = document.querySelector(selector as string);
      if (!board) throw new Error(`no board ${selector}`);
      const cells = [...board.querySelectorAll<HTMLElement>('[data-square]')];
      const squareColour = (kind: 'light' | 'dark') => {
        const cell = cells.find((c) => c.classList.contains(kind));
        return cell ? getComputedStyle(cell).backgroundColor : '';
      };
      const squares = { light: squareColour('light'), dark: squareColour('dark') };
      const pairs: { what: string; ratio: number }[] = [];
      for (const cell of cells) {
        const kind = cell.classList.contains('light') ? 'light' : 'dark';
        const square = cell.dataset['square'] ?? '';
        const piece = cell.querySelector<HTMLElement>('.piece.white, .piece.black');
        if (piece) {
          const style = getComputedStyle(piece);
          // A white piece is seen by its dark edge; a black piece by its body.
          const colour = piece.classList.contains('white')
            ? style.getPropertyValue('-webkit-text-stroke-color')
            : style.color;
          pairs.push({
            what: `${piece.classList.contains('white') ? 'white' : 'black'} piece on ${kind} ${square}`,
            ratio: ratio(colour, squares[kind]),
          });
        }
        // Rings and dots are measured on both square colours: the same colour is used on either.
        const mark = [...cell.classList].find((c) => c.startsWith('mark-'));
        if (mark) {
          const colour = getComputedStyle(cell, '::before').borderTopColor;
          for (const k of ['light', 'dark'] as const)
            pairs.push({ what: `${mark} ring on ${k}`, ratio: ratio(colour, squares[k]) });
        }
        if (cell.classList.contains('hint')) {
          const after = getComputedStyle(cell, '::after');
          const colour = cell.classList.contains('hint-capture')
            ? after.borderTopColor
            : after.backgroundColor;
          for (const k of ['light', 'dark'] as const)
            pairs.push({ what: `move hint on ${k}`, ratio: ratio(colour, squares[k]) });
        }
        if (focus && cell === document.activeElement) {
          const style = getComputedStyle(cell);
          if (style.outlineStyle === 'none') pairs.push({ what: 'focus ring missing', ratio: 0 });
          for (const k of ['light', 'dark'] as const)
            pairs.push({ what: `focus ring on ${k}`, ratio: ratio(style.outlineColor, squares[k]) });
        }
      }
      return pairs;
    },
    [grid, withFocus] as const,
  );
}

/** Every kind of thing that was measured at least once, and any pair under 3:1. */
export function expectAtLeastThreeToOne(pairs: readonly Pair[], kinds: readonly RegExp[], theme: string) {
  for (const kind of kinds)
    expect(
      pairs.some((x) => kind.test(x.what)),
      `${theme}: ${kind}`,
    ).toBe(true);
  const weak = pairs.filter((x) => x.ratio < 3);
  expect(weak, theme).toEqual([]);
}
