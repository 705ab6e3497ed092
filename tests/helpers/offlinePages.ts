/** What the offline tests (issues 14, 26) look at in a page: the browser's caches, the computer's reply. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { blindMove } from './blindKeys.ts';
import { findMove, legalMoves, START_FEN } from '../../src/core/index.ts';
import { describeMove } from '../../src/speech/index.ts';

/** Every address kept in the page's Cache Storage (paths). */
export const cachedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

/**
 * In a practice game as White that has just started: the blind player plays 1. e4 by keyboard, and
 * the computer's reply is announced (a new assertive announcement naming a legal reply).
 */
export async function playE4AndHearTheReply(page: Page, timeout = 30_000): Promise<void> {
  const assertive = page.locator('#twinboard-live-assertive');
  const before = await assertive.textContent();
  await blindMove(page, 'e2', 'e4');
  const afterE4 = findMove(START_FEN, 'e2e4');
  if (!afterE4.ok) throw new Error('e2e4');
  const fen = afterE4.value.fenAfter;
  const replies = legalMoves(fen).map((m) => describeMove(fen, m.uci));
  await expect
    .poll(
      async () => {
        const heard = (await assertive.textContent()) ?? '';
        return heard !== before && replies.some((words) => heard.includes(words));
      },
      { timeout },
    )
    .toBe(true);
}
