// One device shared by the blind player and his sighted opponent, in real Chromium on the built app
// (issue 28): the opponent plays only with the pointer — board clicks to move (a refused one
// included), a claim chosen from his list, a draw offer, "Resign" then "No" — and after each of
// his actions the keyboard focus is still on the blind player's board cell, and no live region
// received a word from the opponent's panel, which shows its own status as plain text. After the
// opponent's move the blind player's own keys (`o`, `l`, the arrows) answer at once.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { blindMove, live } from '../helpers/blindKeys.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { recordHeard, waitToHear } from '../helpers/heard.ts';

const app = withBuiltApp();

/** One text written into a live region, and whether that region lies in the opponent's panel. */
interface Write {
  readonly text: string;
  readonly fromPanel: boolean;
}

/**
 * Records every text written into any live region of the page (as a screen reader would read it),
 * marking the writes from a region inside the opponent's panel (the region named by its heading).
 */
async function recordWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const writes: { text: string; fromPanel: boolean }[] = [];
    (window as unknown as { __writes: typeof writes }).__writes = writes;
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    new MutationObserver((mutations) => {
      const changed = new Set<Element>();
      for (const m of mutations) {
        const node = m.target instanceof Element ? m.target : m.target.parentElement;
        const region = node?.closest(LIVE);
        if (region) changed.add(region);
        // A region added whole (a new status paragraph) is a write too.
        for (const added of m.addedNodes)
          if (added instanceof Element) for (const r of added.querySelectorAll(LIVE)) changed.add(r);
      }
      const panel = document.getElementById('opponent-heading')?.closest('section') ?? null;
      for (const region of changed) {
        const text = (region.textContent ?? '').replace(/\u00a0$/, '');
        if (text !== '') writes.push({ text, fromPanel: panel !== null && panel.contains(region) });
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const writes = (page: Page): Promise<Write[]> =>
  page.evaluate(() => (window as unknown as { __writes: Write[] }).__writes.slice());

/** The focused element: the name of the grid it lies in and its square (null when not a board cell). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      grid: active?.closest('[role="grid"]')?.getAttribute('aria-label') ?? null,
      role: active?.getAttribute('role') ?? null,
      square: active?.getAttribute('data-square') ?? null,
    };
  });

/** The focus is on the blind player's board, on a cell. */
async function expectFocusOnBlindBoard(page: Page, after: string) {
  const f = await focused(page);
  expect({ after, grid: f.grid, role: f.role }).toEqual({ after, grid: 'Board', role: 'gridcell' });
  return f.square;
}

test('the opponent plays with the pointer only: the blind player keeps his focus and his live regions', async () => {
  const page = await (await app.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await recordHeard(page);
  await recordWrites(page);
  await page.goto(`${app.server.url}#/local/new`);
  await waitToHear(page, 'New game. You play White. Rules: FIDE 1993 + IBCA 1985.');
  const opponent = page.getByRole('region', { name: 'Sighted opponent' });
  const board = opponent.getByRole('grid', { name: "Opponent's board" });
  const cell = (square: string) => board.locator(`[data-square="${square}"]`);
  // The opponent's panel has no live region of its own: it shows, it does not speak.
  expect(
    await opponent.locator('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]').count(),
  ).toBe(0);

  // Not even for a moment does a control of his take the focus (a screen reader would say it),
  // but the list he chooses a claim from.
  await page.evaluate(() => {
    const focusedInPanel: string[] = [];
    (window as unknown as { __panelFocus: string[] }).__panelFocus = focusedInPanel;
    document
      .getElementById('opponent-heading')
      ?.closest('section')
      ?.addEventListener('focusin', (e) => void focusedInPanel.push((e.target as Element).tagName));
  });

  await blindMove(page, 'e2', 'e4');
  const home = await expectFocusOnBlindBoard(page, 'the blind player moved');
  let seen = (await writes(page)).length;
  /** After each of the opponent's actions: the focus where it was, nothing written from his panel. */
  const check = async (after: string) => {
    expect(await expectFocusOnBlindBoard(page, after)).toBe(home);
    const since = (await writes(page)).slice(seen);
    seen += since.length;
    expect(since.filter((w) => w.fromPanel)).toEqual([]);
    // Nor any of the panel's own words in the blind player's regions.
    expect(since.map((w) => w.text).filter((t) => /^(Touched|Not done|Really resign)/.test(t))).toEqual([]);
    return since.map((w) => w.text);
  };

  // The opponent touches his pawn: his panel shows it, the blind player hears nothing of it.
  await cell('e7').click();
  await opponent.getByText('Touched: e7. Touch-move applies.').waitFor();
  expect(await check('the opponent touched e7')).toEqual([]);
  // A square the pawn cannot reach is refused on his panel, in plain text.
  await cell('e4').click();
  await opponent.getByText(/^Not done: /).waitFor();
  expect(await check('the opponent tried e7-e4')).toEqual([]);
  await cell('e5').click();
  await check('the opponent placed the pawn on e5');
  await opponent.getByRole('button', { name: 'Press the clock (opponent)' }).click();
  await waitToHear(page, 'Pawn Evan seven to Evan five');
  await check("the opponent's clock press");

  // The blind player's own keys answer at once, on his own board.
  await page.keyboard.press('o');
  expect(home).toBe('e4');
  await expect.poll(() => live(page)).toMatch(/^Evan four/);
  await page.keyboard.press('l');
  await expect.poll(() => live(page)).toBe('Last move: Pawn Evan seven to Evan five');
  seen = (await writes(page)).length;

  // A claim chosen with the pointer from his list: the list takes the focus while it is open, and
  // gives it back when the choice is made.
  const claimKind = opponent.getByRole('combobox', { name: 'Claim kind' });
  await claimKind.click();
  expect(await claimKind.evaluate((el) => el === document.activeElement)).toBe(true);
  await claimKind.selectOption({ label: 'Win on time' });
  await check('the opponent chose the claim');
  await opponent.getByRole('button', { name: 'Claim (opponent)' }).click();
  await waitToHear(page, 'Black claims a win on time; the claim is rejected');
  await check("the opponent's claim");

  // A draw offer: the blind player hears it (his own announcement of the event).
  await opponent.getByRole('button', { name: 'Offer a draw (opponent)' }).click();
  await waitToHear(page, 'Black offers a draw');
  await check("the opponent's draw offer");

  // "Resign", then "No": the question comes and goes on his panel, the focus never leaves.
  await opponent.getByRole('button', { name: 'Resign (opponent)' }).click();
  const question = opponent.getByRole('group', { name: 'Really resign?' });
  await question.waitFor();
  await check('the opponent asked to resign');
  await question.getByRole('button', { name: 'No', exact: true }).click();
  await question.waitFor({ state: 'detached' });
  await check('the opponent answered No');

  // The blind player's arrows move his own cursor and Enter lifts his own piece: the opponent's
  // pieces are not touched.
  await page.keyboard.press('ArrowUp');
  expect((await focused(page)).grid).toBe('Board');
  await page.keyboard.press('o');
  await expect.poll(() => live(page)).toMatch(/^Evan five/);
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight'])
    await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await expect.poll(() => live(page)).toMatch(/knight/i);
  expect(await opponent.getByText(/^Touched: /).count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __panelFocus: string[] }).__panelFocus)).toEqual([
    'SELECT',
  ]);
  expect(await axeViolations(page)).toEqual([]);
});
