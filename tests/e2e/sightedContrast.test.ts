// Low vision on the visual boards (issue 13, WCAG 1.4.11): in every board colour and in high
// contrast, the rendered colours of pieces, the last-move, check, touched-piece and difference
// rings, the move-hint dots and the focus ring are measured against the squares they sit on
// (3:1 or more). And axe, with its colour-contrast rule, on the assistant's and the arbiter's
// screens in the default and the high-contrast themes, with the twin boards' differences marked.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { joinGame, PAGE_WAIT } from '../helpers/pairedPages.ts';
import { moveIntents, nodeTransport, until, when } from '../helpers/pairedGame.ts';
import type { TransportEvent } from '../../src/ports/transport.ts';
import type { WireIntent } from '../../src/net/protocol.ts';
import { SHOTS } from '../helpers/screenshots.ts';

const app = withBuiltApp();

const seated = (e: TransportEvent): e is Extract<TransportEvent, { kind: 'seated' }> => e.kind === 'seated';

/** A room created by the blind player over the real protocol; `send` waits for the server's log. */
async function blindAtTable(config: Record<string, unknown>) {
  const blind = nodeTransport(`ws://127.0.0.1:${app.server.port}/ws`);
  let seq = 0;
  blind.subscribe((e) => {
    if (e.kind === 'entries') seq = Math.max(seq, ...e.entries.map((x) => x.seq));
  });
  blind.start({ create: { role: 'blind', config: config as never } });
  const { session } = await when(blind, seated);
  return {
    blind,
    code: session.code.split('-').join(' '),
    async send(intents: readonly WireIntent[]) {
      for (const intent of intents) {
        const before = seq;
        blind.send(intent);
        await until(() => seq > before, 5000, `the server logs ${intent.kind}`);
      }
    },
  };
}

const invitation = (e: TransportEvent): e is Extract<TransportEvent, { kind: 'invitation' }> =>
  e.kind === 'invitation';

/**
 * An invited official's seat (the creator's invitation code, taken over the protocol: the setup
 * screen has no field for it yet), then held by the browser page as a saved session, which the
 * room route resumes.
 */
async function seatInvited(
  p: Page,
  table: Awaited<ReturnType<typeof blindAtTable>>,
  role: 'blindAssistant' | 'arbiter',
) {
  const asked = when(table.blind, invitation);
  table.blind.invite(role);
  const { invite } = await asked;
  const seat = nodeTransport(`ws://127.0.0.1:${app.server.port}/ws`);
  seat.start({ join: { code: table.code.split(' ').join('-'), role, invite } });
  const { session } = await when(seat, seated);
  seat.close();
  await p.goto(app.server.url);
  await p.evaluate((s) => localStorage.setItem(`twinboard.session.${s.code}`, JSON.stringify(s)), session);
  await p.goto(`${app.server.url}#/room/${session.code}`);
  await p.getByRole('grid').first().waitFor();
}

async function laptopPage(): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

/** One measured pair: what sits on a square, its colour, the square's colour and their ratio. */
interface Pair {
  readonly what: string;
  readonly ratio: number;
}

/**
 * Reads the rendered colours in the page and returns every pair of (foreground, square colour)
 * a person must tell apart, with its WCAG contrast ratio.
 */
function measure(p: Page, grid: string, withFocus: boolean): Promise<Pair[]> {
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
function expectAtLeastThreeToOne(pairs: readonly Pair[], kinds: readonly RegExp[], theme: string) {
  for (const kind of kinds)
    expect(
      pairs.some((x) => kind.test(x.what)),
      `${theme}: ${kind}`,
    ).toBe(true);
  const weak = pairs.filter((x) => x.ratio < 3);
  expect(weak, theme).toEqual([]);
}

test('pieces, rings, hints and the focus ring are 3:1 or more on both squares in every board colour and in high contrast', async () => {
  // Pawns of both colours stand on light and dark squares; the blind player's rook gives check.
  const table = await blindAtTable({ startFen: '4k3/pp6/8/8/8/8/PP6/4K2R w K - 0 1' });
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
  for (const theme of ['brown', 'blue', 'grey', 'high contrast'] as const) {
    if (theme === 'high contrast') await p.getByRole('checkbox', { name: 'High contrast' }).check();
    else
      await p
        .getByRole('combobox', { name: 'Board colours' })
        .selectOption({
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
  await p.context().close();
  table.blind.close();
});

test('assistant and arbiter: both boards side by side, differences marked, pending items first; axe with colour contrast in both themes', async () => {
  const table = await blindAtTable({ roles: ['blindAssistant', 'arbiter'], relay: 'manual' });
  const sighted = await laptopPage();
  await joinGame(sighted, app.server.url, table.code, 'Sighted player');
  const assistant = await laptopPage();
  await seatInvited(assistant, table, 'blindAssistant');
  const arbiter = await laptopPage();
  await seatInvited(arbiter, table, 'arbiter');
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
    // Side by side: the two boards share one row.
    const [a, b] = await p
      .locator('.twins [role="grid"]')
      .evaluateAll((grids) => grids.map((g) => Math.round(g.getBoundingClientRect().top)));
    expect(a).toBe(b);
  }
  await axeBoth('a move waiting to be carried out');
  await assistant.screenshot({ path: `${SHOTS}/assistant-1366x768.png` });
  // A claim waits for the arbiter: it comes first on his screen.
  await sighted.getByRole('button', { name: 'Claim' }).click();
  await expect
    .poll(() => arbiter.getByTestId('claim').textContent(), PAGE_WAIT)
    .toContain('Threefold repetition');
  const order = await arbiter.evaluate(() =>
    [
      ...document.querySelectorAll('[data-testid="claim"], [data-testid="twins"], [data-testid="evidence"]'),
    ].map((el) => el.getAttribute('data-testid')),
  );
  expect(order).toEqual(['claim', 'twins', 'evidence']);
  await axeBoth('a claim pending');
  await arbiter.screenshot({ path: `${SHOTS}/arbiter-1366x768.png` });
  // High contrast, chosen on each screen's display settings.
  for (const p of both) {
    await p.getByText('Display').click();
    await p.getByRole('checkbox', { name: 'High contrast' }).check();
  }
  await axeBoth('a claim pending, high contrast');
  await arbiter.screenshot({ path: `${SHOTS}/arbiter-high-contrast.png` });
  for (const p of [sighted, ...both]) await p.context().close();
  table.blind.close();
});
