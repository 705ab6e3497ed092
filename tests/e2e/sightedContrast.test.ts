// Low vision on the visual boards (issue 13, WCAG 1.4.11): in every board colour, with the bold
// pieces and in high contrast, the rendered colours of pieces, the last-move, check, touched-piece
// and difference rings, the move-hint dots and the focus ring are measured against the squares
// they sit on (3:1 or more); the choices survive a reload. And axe, with its colour-contrast rule, on the assistant's and the arbiter's
// screens in the default and the high-contrast themes, with the twin boards' differences marked.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { joinGame, PAGE_WAIT } from '../helpers/pairedPages.ts';
import { moveIntents } from '../helpers/pairedGame.ts';
import { SHOTS } from '../helpers/screenshots.ts';
import { blindAtTable } from '../helpers/blindTable.ts';
import { expectAtLeastThreeToOne, measure } from '../helpers/contrast.ts';

const app = withBuiltApp();

async function laptopPage(): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

test('pieces, rings, hints and the focus ring are 3:1 or more on both squares in every board colour and in high contrast', async () => {
  // Pawns of both colours stand on light and dark squares; the blind player's rook gives check.
  const table = await blindAtTable(app.server, { startFen: '4k3/pp6/8/8/8/8/PP6/4K2R w K - 0 1' });
  const p = await laptopPage();
  await joinGame(p, app.server.url, table.code, 'Sighted player');
  await p.getByRole('button', { name: 'Start the game' }).click();
  await table.send(moveIntents('blind', 'h1h8'));
  await expect.poll(() => p.locator('#sighted-board .mark-check').count(), PAGE_WAIT).toBe(1);
  const checked = await measure(p, '#sighted-board', false);
  // The king is touched: its ring, and dots where it may go.
  await p.locator('#sighted-board [data-square="e8"]').click();
  await expect.poll(() => p.locator('#sighted-board .hint').count(), PAGE_WAIT).toBeGreaterThan(0);
  await p.getByText('Display').click();
  const report: string[] = [];
  const edges = () =>
    p.evaluate(() =>
      ['white', 'black'].map((c) => {
        const piece = document.querySelector(`#sighted-board .piece.${c}`);
        if (!piece) return 0;
        const style = getComputedStyle(piece);
        return parseFloat(style.getPropertyValue('-webkit-text-stroke-width')) / parseFloat(style.fontSize);
      }),
    );
  const [classicWhiteEdge] = await edges();
  for (const theme of ['brown', 'blue', 'grey', 'bold pieces', 'high contrast'] as const) {
    if (theme === 'high contrast') await p.getByRole('checkbox', { name: 'High contrast' }).check();
    else if (theme === 'bold pieces') {
      await p.getByRole('combobox', { name: 'Pieces' }).selectOption({ label: 'Bold, with thick edges' });
      // Thicker edges on white pieces, and a rim round black ones.
      const [white = 0, black = 0] = await edges();
      expect(white).toBeGreaterThan((classicWhiteEdge ?? 0) * 1.5);
      expect(black).toBeGreaterThan(0.05);
    } else
      await p.getByRole('combobox', { name: 'Board colours' }).selectOption({
        label: { brown: 'Brown and cream', blue: 'Blue and white', grey: 'Grey and white' }[theme],
      });
    // The focus ring, as a keyboard user sees it.
    await p.keyboard.press('Shift');
    await p.locator('#sighted-board [data-square="d7"]').focus();
    const pairs = [...(theme === 'brown' ? checked : []), ...(await measure(p, '#sighted-board', true))];
    expectAtLeastThreeToOne(
      pairs,
      [
        /^white piece on light/,
        /^white piece on dark/,
        /^black piece on light/,
        /^black piece on dark/,
        /^mark-last/,
        /^mark-hand/,
        /^move hint/,
        /^focus ring on/,
        ...(theme === 'brown' ? [/^mark-check/] : []),
      ],
      theme,
    );
    const lowest = Math.min(...pairs.map((x) => x.ratio));
    report.push(`${theme}: lowest ${lowest}:1 over ${pairs.length} pairs`);
    await p.screenshot({ path: `${SHOTS}/contrast-${theme.replace(' ', '-')}.png` });
  }
  console.log(report.join('\n'));
  // The choices are kept like every other setting: a reload shows the same board.
  await p.reload();
  await p.getByText('Display').click();
  await expect(p.getByRole('combobox', { name: 'Pieces' }).inputValue()).resolves.toBe('bold');
  await expect(p.getByRole('combobox', { name: 'Board colours' }).inputValue()).resolves.toBe('grey');
  await expect(p.getByRole('checkbox', { name: 'High contrast' }).isChecked()).resolves.toBe(true);
  await expect(p.locator('.app').getAttribute('class')).resolves.toMatch(/pieces-bold/);
  await p.context().close();
  table.blind.close();
});

test('assistant and arbiter: both boards side by side, differences marked, pending items first; axe with colour contrast in both themes', async () => {
  const table = await blindAtTable(app.server, { roles: ['blindAssistant', 'arbiter'], relay: 'manual' });
  const sighted = await laptopPage();
  await joinGame(sighted, app.server.url, table.code, 'Sighted player');
  const assistant = await laptopPage();
  await table.seat(assistant, 'blindAssistant');
  const arbiter = await laptopPage();
  await table.seat(arbiter, 'arbiter');
  const both = [assistant, arbiter];
  const axeBoth = async (state: string) => {
    for (const [name, p] of [
      ['assistant', assistant],
      ['arbiter', arbiter],
    ] as const) {
      const violations = await axeViolations(p);
      expect(violations, `${name}, ${state}: ${JSON.stringify(violations)}`).toEqual([]);
    }
  };
  await axeBoth('before the start');
  await sighted.getByRole('button', { name: 'Start the game' }).click();
  for (const p of both)
    await expect
      .poll(() => p.getByTestId('status').first().textContent(), PAGE_WAIT)
      .toContain('Game in progress');
  // The blind player's move stands on his board only until it is carried out on the other:
  // the boards differ on e2 and e4, ringed on both and said in words.
  await table.send(moveIntents('blind', 'e2e4'));
  for (const p of both) {
    await expect
      .poll(() => p.getByTestId('board-differences').textContent(), PAGE_WAIT)
      .toBe('The boards differ on e2, e4 (ringed with dashes).');
    await expect(p.locator('.twins .mark-target').count()).resolves.toBe(4);
    // Side by side: the two boards share one row, and on a laptop both are in view at the top of
    // the page, beside what waits for the official.
    const boxes = await p.locator('.twins [role="grid"]').evaluateAll((grids) =>
      grids.map((g) => {
        const r = g.getBoundingClientRect();
        return { top: Math.round(r.top), inView: scrollY === 0 && r.bottom <= innerHeight };
      }),
    );
    expect(boxes).toHaveLength(2);
    expect(boxes[0]?.top).toBe(boxes[1]?.top);
    expect(boxes.map((x) => x.inView)).toEqual([true, true]);
  }
  await axeBoth('a move waiting to be carried out');
  // The blind player asks his assistant (BL-29: he informs only on request), a dozen times: each
  // answer is listed on the assistant's screen, and each question is logged.
  await table.send(Array.from({ length: 12 }, () => ({ kind: 'query', topic: 'movesMade' }) as const));
  const requests = assistant.getByTestId('requests').getByRole('listitem');
  await expect.poll(() => requests.count(), PAGE_WAIT).toBe(12);
  await expect(requests.last().textContent()).resolves.toBe('Moves made: White 1, Black 0.');
  // What waits for the assistant comes first: his to-do, the blind player's requests, then the boards.
  const assistantOrder = await assistant.evaluate(() =>
    [
      ...document.querySelectorAll('[data-testid="todo"], [data-testid="requests"], [data-testid="twins"]'),
    ].map((el) => el.getAttribute('data-testid')),
  );
  expect(assistantOrder).toEqual(['todo', 'requests', 'twins']);
  // His duties are told once, not in two lines.
  await expect(assistant.getByText(/duties/i).count()).resolves.toBe(1);
  await axeBoth('requests answered');
  await assistant.screenshot({ path: `${SHOTS}/assistant-1366x768.png` });
  // A claim waits for the arbiter: it comes first on his screen.
  await sighted.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect
    .poll(() => arbiter.getByTestId('claim').textContent(), PAGE_WAIT)
    .toContain('Threefold repetition');
  const order = await arbiter.evaluate(() =>
    [
      ...document.querySelectorAll('[data-testid="claim"], [data-testid="twins"], [data-testid="evidence"]'),
    ].map((el) => el.getAttribute('data-testid')),
  );
  expect(order).toEqual(['claim', 'twins', 'evidence']);
  // The evidence log is a table with named columns, and its newest entry (the claim) is in view
  // in its scrolling box without scrolling it.
  const evidence = arbiter.getByTestId('evidence');
  await expect(evidence.getByRole('columnheader').allTextContents()).resolves.toEqual([
    '#',
    'Time',
    'By',
    'What',
    'Detail',
  ]);
  const newest = evidence.getByRole('row').last();
  await expect(newest.getByRole('cell').allTextContents()).resolves.toEqual(
    expect.arrayContaining(['sighted player', 'Claimed a draw by repetition']),
  );
  const newestInBox = await newest.evaluate((row) => {
    const box = row.closest('.log-scroll');
    if (!box) return 'no scrolling box';
    const r = row.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return box.scrollHeight > box.clientHeight && r.top >= b.top && r.bottom <= b.bottom + 1
      ? 'in view'
      : `row ${r.top}–${r.bottom}, box ${b.top}–${b.bottom}, scrolls ${box.scrollHeight > box.clientHeight}`;
  });
  expect(newestInBox).toBe('in view');
  await axeBoth('a claim pending');
  await arbiter.screenshot({ path: `${SHOTS}/arbiter-1366x768.png` });
  // High contrast, chosen on each screen's display settings.
  for (const p of both) {
    await p.getByText('Display').click();
    await p.getByRole('checkbox', { name: 'High contrast' }).check();
  }
  await axeBoth('a claim pending, high contrast');
  // The twin boards follow the theme: pieces and the difference rings at 3:1 or more.
  for (const [name, p] of [
    ['assistant', assistant],
    ['arbiter', arbiter],
  ] as const)
    expectAtLeastThreeToOne(
      await measure(p, '.twins [role="grid"]', false),
      [
        /^white piece on light/,
        /^white piece on dark/,
        /^black piece on light/,
        /^black piece on dark/,
        /^mark-target/,
      ],
      `${name}, high contrast`,
    );
  await arbiter.screenshot({ path: `${SHOTS}/arbiter-high-contrast.png` });
  // The claim rejected, then the game over by resignation: in both themes.
  await arbiter.getByTestId('claim').getByRole('button', { name: 'Reject' }).click();
  await expect.poll(() => arbiter.getByTestId('claim').textContent(), PAGE_WAIT).toContain('No claim waits.');
  await axeBoth('claim rejected, high contrast');
  // A wrong execution in manual relay: the sighted player carries out e2–e3 for the announced
  // e2–e4. The boards differ under rule 7, on every screen; the arbiter confirms the correction.
  await sighted.locator('#sighted-board [data-square="e2"]').click();
  await sighted.locator('#sighted-board [data-square="e3"]').click();
  await expect.poll(() => arbiter.getByTestId('difference').textContent(), PAGE_WAIT).toContain('Rule 7');
  await axeBoth('a difference under rule 7, high contrast');
  const sightedViolations = await axeViolations(sighted);
  expect(sightedViolations, `sighted, a difference: ${JSON.stringify(sightedViolations)}`).toEqual([]);
  await arbiter.screenshot({ path: `${SHOTS}/arbiter-difference-high-contrast.png` });
  await arbiter.getByRole('button', { name: 'Confirm the correction' }).click();
  await expect
    .poll(() => arbiter.getByTestId('difference').textContent(), PAGE_WAIT)
    .toContain('The boards agree.');
  await sighted.getByRole('button', { name: 'Resign' }).click();
  await sighted.getByRole('group', { name: 'Really resign?' }).getByRole('button', { name: 'Yes' }).click();
  for (const p of both)
    await expect.poll(() => p.getByTestId('status').first().textContent(), PAGE_WAIT).toContain('1-0');
  await axeBoth('game over, high contrast');
  for (const p of both) await p.getByRole('checkbox', { name: 'High contrast' }).uncheck();
  await axeBoth('game over, default theme');
  for (const p of [sighted, ...both]) await p.context().close();
  table.blind.close();
});

test('the local game: the blind player’s visual board and the opponent’s follow the saved board colours and pieces', async () => {
  const report: string[] = [];
  // The light squares' colour each choice gives: blue and white; white in high contrast.
  for (const [saved, lightSquare] of [
    [{ boardColors: 'blue', pieceSet: 'bold' }, 'rgb(222, 227, 230)'],
    [{ boardColors: 'grey', pieceSet: 'bold', highContrast: true }, 'rgb(255, 255, 255)'],
  ] as const) {
    // A fresh device whose saved settings are these.
    const p = await laptopPage();
    await p.addInitScript((s) => localStorage.setItem('twinboard.settings', JSON.stringify(s)), saved);
    await p.goto(`${app.server.url}#/local/new`);
    await p.getByRole('grid', { name: "Opponent's board" }).waitFor();
    for (const [name, grid] of [
      ['blind player', '[role="grid"][aria-label="Board"]'],
      ['opponent', '#opponent-board'],
    ] as const) {
      const pairs = await measure(p, grid, false);
      const theme = `${name}, ${JSON.stringify(saved)}`;
      expectAtLeastThreeToOne(
        pairs,
        [/^white piece on light/, /^white piece on dark/, /^black piece on light/, /^black piece on dark/],
        theme,
      );
      await expect(
        p
          .locator(`${grid} .square.light`)
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      ).resolves.toBe(lightSquare);
      // The bold set's rim round the black pieces, on this board too.
      const rim = await p
        .locator(`${grid} .piece.black`)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).getPropertyValue('-webkit-text-stroke-width')));
      expect(rim, theme).toBeGreaterThan(1);
      report.push(`${theme}: lowest ${Math.min(...pairs.map((x) => x.ratio))}:1`);
    }
    await p.screenshot({
      path: `${SHOTS}/local-${saved.boardColors}-bold${saved.highContrast ? '-high-contrast' : ''}.png`,
    });
    await p.context().close();
  }
  console.log(report.join('\n'));
});
