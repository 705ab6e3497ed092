// Test helper: axe-core over a jsdom document, for screen tests that check accessibility on every state.
import { expect } from 'vitest';
import axe from 'axe-core';

/** Asserts axe finds no violations in the document (colour contrast aside: jsdom has no layout). */
export async function expectNoAxeViolations(): Promise<void> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
