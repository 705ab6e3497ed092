// Journeys of a paired game in real Chromium against the real server (issue 10): corrections
// under rule 7 and rule 8 told to the blind player, the sighted player, the assistant and the
// arbiter in their own modality (what each hears, what each sees), the arbiter's change of relay
// told to all; a second tab on the blind player's seat; the talk key playing a move. What a page
// hears is recorded from its live regions and speechSynthesis (helpers/heard.ts).
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';
import { blindMove, createGame, joinGame, PAGE_WAIT, sightedMove } from '../helpers/pairedPages.ts';

const app = withBuiltApp();

/** A fresh browser context (a separate device), recording what it says. */
async function device(): Promise<Page> {
  const p = await (await app.browser.newContext()).newPage();
  await recordHeard(p);
  return p;
}

/** Starts the game from the sighted screen and waits until every screen shows it. */
async function start(sighted: Page, others: readonly Page[]) {
  await sighted.getByRole('button', { name: 'Start the game' }).click();
  for (const p of [sighted, ...others])
    await expect
      .poll(() => p.getByTestId('status').first().textContent(), PAGE_WAIT)
      .toContain('Game in progress');
}

const square = (p: Page, sq: string) => p.locator(`[role="grid"] [data-square="${sq}"]`).first();

/** Each page has said `words` assertively (live region) and shows them in its news. */
async function toldEveryone(pages: Record<string, Page>, words: Record<string, string>) {
  for (const [role, p] of Object.entries(pages)) {
    const expected = words[role] ?? '';
    const said = await waitToHear(p, expected).catch(async (e: unknown) => {
      console.log(role, 'HEARD', await heard(p));
      throw e;
    });
    expect(said.channel, `${role}: ${expected}`).toBe('assertive');
    await expect.poll(() => p.getByTestId('match-news').textContent(), PAGE_WAIT).toContain(expected);
  }
}

test('rule 7 and rule 8 corrections and a change of relay are told to the blind player, the sighted player, the assistant and the arbiter', async () => {
  const blind = await device();
  const code = await createGame(blind, app.server.url, {
    assistant: true,
    relay: 'Manual',
    arbiter: true,
    repetition: true,
  });
  // "Game created" was said once (the status region; the screen reader's choice holds).
  const created = (await heard(blind)).filter((h) => h.text.startsWith('Game created'));
  expect(created).toHaveLength(1);
  const sighted = await device();
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  const assistant = await device();
  await joinGame(assistant, app.server.url, code, "Blind player's assistant");
  const arbiter = await device();
  await joinGame(arbiter, app.server.url, code, 'Arbiter');
  await start(sighted, [blind, assistant, arbiter]);
  const everyone = { blind, sighted, assistant, arbiter };

  // Rule 7: 1. e4 announced and repeated correctly, carried out as e3 on the sighted board.
  await blindMove(blind, 'e2e4');
  await sighted.getByRole('button', { name: /^Repeat Pawn/ }).click();
  await sighted.locator('[data-square="e2"]').first().click();
  await sighted.locator('[data-square="e3"]').first().click();
  const differs7 = (board: string) =>
    `The boards differ under rule 7: ${board}. Announced: Pawn Evan two to Evan four. Clocks stopped; the arbiter decides.`;
  await toldEveryone(everyone, {
    blind: differs7("the sighted player's board"),
    sighted: differs7('your board'),
    assistant: differs7("the sighted player's board"),
    arbiter: differs7("the sighted player's board"),
  });
  expect(await axeViolations(sighted)).toEqual([]);
  await arbiter.getByRole('button', { name: 'Confirm the correction' }).click();
  const corrected7 = (board: string) => `Boards corrected: one move taken back. Rule 7: ${board} reset`;
  await toldEveryone(everyone, {
    blind: corrected7("the sighted player's board"),
    sighted: corrected7('your board'),
    assistant: corrected7("the sighted player's board"),
    arbiter: corrected7("the sighted player's board"),
  });
  await expect
    .poll(() => sighted.locator('[data-square="e4"]').first().textContent(), PAGE_WAIT)
    .not.toBe('');
  await expect.poll(() => sighted.locator('[data-square="e3"]').first().textContent(), PAGE_WAIT).toBe('');

  // 1… e5 relayed by the blind player onto his board (repeat key, then lift and place).
  await sightedMove(sighted, 'e7e5');
  await waitToHear(blind, 'Repeat it and carry it out on your board.');
  await square(blind, 'e7').click();
  await blind.keyboard.press('w');
  await waitToHear(blind, 'Carry it out on your board.');
  await blind.keyboard.press('Enter');
  await square(blind, 'e5').click();
  await blind.keyboard.press('Enter');
  await waitToHear(blind, 'On your board: Pawn Evan seven to Evan five. Your move.');

  // Rule 8: 2. Nf3, which the sighted player hears as Nh3, writes down and carries out.
  await blindMove(blind, 'g1f3');
  await sighted.getByRole('textbox', { name: /as you heard it/ }).fill('g1h3');
  await sighted.getByRole('button', { name: 'Repeat as heard' }).click();
  await sighted.getByRole('button', { name: /^Execute .* on my board$/ }).click();
  const differs8 = (boards: string) =>
    `The boards differ under rule 8: ${boards}. Announced: Knight Gustav one to Felix three. Clocks stopped; the arbiter decides.`;
  await toldEveryone(everyone, {
    blind: differs8("your board and the sighted player's board"),
    sighted: differs8("the blind player's board and your board"),
    assistant: differs8("the blind player's board and the sighted player's board"),
    arbiter: differs8("the blind player's board and the sighted player's board"),
  });
  await arbiter.getByRole('button', { name: 'Confirm the correction' }).click();
  // Only the knight move is retracted: 1. e4 e5 stand on both boards.
  const corrected8 = (boards: string) => `Boards corrected: one move taken back. Rule 8: ${boards} reset`;
  await toldEveryone(everyone, {
    blind: corrected8("your board and the sighted player's board"),
    sighted: corrected8("the blind player's board and your board"),
    assistant: corrected8("the blind player's board and the sighted player's board"),
    arbiter: corrected8("the blind player's board and the sighted player's board"),
  });
  await expect.poll(() => square(blind, 'g1').getAttribute('aria-label'), PAGE_WAIT).toMatch(/white knight/);
  await expect.poll(() => square(blind, 'e5').getAttribute('aria-label'), PAGE_WAIT).toMatch(/black pawn/);

  // The arbiter switches to automatic relay: everyone is told, and every screen shows it.
  await arbiter.getByRole('combobox', { name: 'Relay mode' }).selectOption('automatic');
  const relay = 'The arbiter changed the relay: automatic, Twinboard carries every move onto the other board';
  await toldEveryone(everyone, { blind: relay, sighted: relay, assistant: relay, arbiter: relay });
  const shown = 'Relay: automatic. Twinboard carries every move onto the other board.';
  await expect.poll(() => blind.getByTestId('relay-mode').textContent(), PAGE_WAIT).toBe(shown);
  await expect.poll(() => assistant.getByTestId('relay-mode').textContent(), PAGE_WAIT).toBe(shown);
  await expect
    .poll(() => sighted.getByRole('region', { name: 'Relay', exact: true }).textContent(), PAGE_WAIT)
    .toContain(shown);
  expect(await axeViolations(blind)).toEqual([]);
  expect(await axeViolations(assistant)).toEqual([]);
  expect(await axeViolations(arbiter)).toEqual([]);
});

test('a second tab on the blind player’s seat takes it over: both tabs say so and nothing is lost', async () => {
  const context = await app.browser.newContext();
  const first = await context.newPage();
  await recordHeard(first);
  const code = await createGame(first, app.server.url);
  const sighted = await device();
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  await start(sighted, [first]);
  // The blind player holds his knight when he opens the game in a second tab of the same browser.
  await square(first, 'g1').click();
  await first.keyboard.press('Enter');
  await waitToHear(first, 'Lifted knight Gustav one');
  await expect.poll(() => first.getByTestId('connection').textContent(), PAGE_WAIT).toBe('Connected');
  const second = await context.newPage();
  await recordHeard(second);
  await second.goto(`${app.server.url}#/room/${code.split(' ').join('-')}`);
  const here = await waitToHear(
    second,
    'This screen has taken over your seat; the other screen no longer plays.',
  );
  expect(here.channel).toBe('assertive');
  const elsewhere = await waitToHear(
    first,
    'Your seat was opened on another screen, which plays from now on. Nothing more is sent from here. To take it back, choose Play here again.',
  );
  expect(elsewhere.channel).toBe('assertive');
  // Seen too, and said once: the status line names the takeover and the way back.
  await expect
    .poll(() => first.getByTestId('connection').textContent(), PAGE_WAIT)
    .toBe(
      'Your seat was taken over in another tab or window; this one no longer plays. To take the seat back, choose “Play here again”.',
    );
  expect((await heard(first)).filter((h) => h.text.startsWith('Your seat was opened')).length).toBe(1);
  // Nothing lost: the second tab resumes with the knight in hand and finishes the move.
  await waitToHear(second, 'You hold the knight from Gustav one');
  await square(second, 'f3').click();
  await second.keyboard.press('Enter');
  await waitToHear(second, 'Knight placed on Felix three');
  await second.keyboard.press('a');
  await second.keyboard.press('Shift+Enter');
  await expect
    .poll(() => sighted.locator('[data-square="f3"]').first().textContent(), PAGE_WAIT)
    .not.toBe('');
  // The first tab no longer plays: a key there is answered, not silently dropped or sent.
  const before = (await heard(first)).length;
  await square(first, 'e2').click();
  await first.keyboard.press('Enter');
  await expect
    .poll(
      async () =>
        (await heard(first))
          .slice(before)
          .map((h) => h.text)
          .join(' | '),
      PAGE_WAIT,
    )
    .toContain('This screen no longer plays: your seat is on another screen. Nothing was sent from here.');
  expect(await sighted.locator('[data-square="e2"]').first().textContent()).not.toBe('');
  // "Play here again" takes the seat back: now the second tab is told it no longer plays.
  await first.getByRole('button', { name: 'Play here again' }).click();
  await waitToHear(first, 'This screen has taken over your seat; the other screen no longer plays.');
  await expect
    .poll(() => second.getByTestId('connection').textContent(), PAGE_WAIT)
    .toMatch(/^Your seat was taken over/);
  await expect.poll(() => first.getByTestId('connection').textContent(), PAGE_WAIT).toBe('Connected');
});

test('the talk key in a paired game opens the microphone and the move said is played', async () => {
  const blind = await (await app.browser.newContext()).newPage();
  await recordHeard(blind);
  const code = await createGame(blind, `${app.server.url}?listener=fake`);
  const sighted = await device();
  await joinGame(sighted, app.server.url, code, 'Sighted player');
  await start(sighted, [blind]);
  await square(blind, 'a1').click();
  // The player holds the talk key and says his move.
  await blind.evaluate(() => window.__twinboardFakeSpeech?.sayWhenOpen('Evan two Evan four'));
  await blind.keyboard.down('v');
  await waitToHear(blind, 'Announced: Pawn Evan two to Evan four');
  await blind.keyboard.up('v');
  await blind.evaluate(() => window.__twinboardFakeSpeech?.sayWhenOpen('press the clock'));
  await blind.keyboard.down('v');
  await waitToHear(blind, 'Say yes or no.');
  await blind.keyboard.up('v');
  await blind.evaluate(() => window.__twinboardFakeSpeech?.sayWhenOpen('yes'));
  await blind.keyboard.down('v');
  await waitToHear(blind, 'Clock pressed');
  await blind.keyboard.up('v');
  // The move reached the server: the sighted player's board shows it.
  await expect
    .poll(() => sighted.locator('[data-square="e4"]').first().textContent(), PAGE_WAIT)
    .not.toBe('');
  await expect.poll(() => sighted.locator('[data-square="e2"]').first().textContent(), PAGE_WAIT).toBe('');
});
