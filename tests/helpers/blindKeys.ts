/** The local game in a real-browser test: the blind player's keys and live regions, the local opponent's clicks. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What the app last said in a live region (the trailing no-break space that forces a re-read dropped). */
export const live = (page: Page, politeness: 'polite' | 'assertive' = 'polite') =>
  page
    .locator(`#twinboard-live-${politeness}`)
    .textContent()
    .then((t) => (t ?? '').replace(/\u00a0$/, ''));

/** Rank key, then Shift+digit for the file (the blind screen's lichess jumps). */
export async function goTo(page: Page, square: string) {
  await page.keyboard.press(square[1] ?? '1');
  await page.keyboard.press(`Shift+Digit${'abcdefgh'.indexOf(square[0] ?? 'a') + 1}`);
}

/** A whole move of the blind player by keyboard: lift, place, announce, press the clock. */
export async function blindMove(page: Page, from: string, to: string) {
  await goTo(page, from);
  await page.keyboard.press('Enter');
  await goTo(page, to);
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  const heard = await listen(page);
  await page.keyboard.press('Shift+Enter');
  // Each text the polite region held since the press: a quick reply (the practice engine) may
  // replace "Clock pressed" before it is read here, as a screen reader would still have said it.
  await expect.poll(heard).toContain('Clock pressed');
}

/** Starts recording every text the polite live region is given; returns what it was given since. */
async function listen(page: Page): Promise<() => Promise<string[]>> {
  const key = await page.evaluate(() => {
    const region = document.getElementById('twinboard-live-polite');
    const said: string[] = [];
    const name = `__heard${Math.random().toString(36).slice(2)}`;
    (window as unknown as Record<string, string[]>)[name] = said;
    if (region)
      new MutationObserver(() => said.push((region.textContent ?? '').replace(/\u00a0$/, ''))).observe(
        region,
        {
          childList: true,
          characterData: true,
          subtree: true,
        },
      );
    return name;
  });
  return () => page.evaluate((name) => (window as unknown as Record<string, string[]>)[name] ?? [], key);
}

/** A move of the sighted opponent by clicks on the local opponent's board, then the clock. */
export async function opponentMove(page: Page, from: string, to: string) {
  const opponent = page.getByRole('grid', { name: "Opponent's board" });
  await opponent.locator(`[data-square="${from}"]`).click();
  await opponent.locator(`[data-square="${to}"]`).click();
  await page.getByRole('button', { name: 'Press the clock (opponent)' }).click();
}
