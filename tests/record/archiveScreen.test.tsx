// @vitest-environment jsdom
// The archive screen by role and name: list, import (file and paste, malformed → nothing changes),
// replay with Shift+A / Shift+D and the move list's arrows (every step heard), scoresheet views and
// exports, a game in progress (no replay, no move count), and axe on every view.
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { ArchiveScreen } from '../../src/screens/archive/ArchiveScreen.tsx';
import { archiveTranslator, describeOpenGame } from '../../src/screens/archive/messages.ts';
import { createArchive } from '../../src/session/archive.ts';
import { memoryStore, type KeyValueStore } from '../../src/ports/storage.ts';
import { createGame, playMoves, START_FEN, type Game } from '../../src/core/index.ts';
import { describeMove, type Utterance } from '../../src/speech/index.ts';
import type { OutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { makeResult, newRecord } from '../../src/record/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';

const FIRST_TWO = CLASSIC_PGN.split(/\n(?=\[Event )/)
  .slice(0, 2)
  .join('\n');

afterEach(cleanup);

function fakeRouter() {
  const said: Utterance[] = [];
  const router: OutputRouter = {
    deliver: (u) => void said.push(...u),
    mode: () => 'screenReader',
    setMode() {},
    clear() {},
  };
  return { router, said };
}

function setup(store: KeyValueStore = memoryStore()) {
  const { router, said } = fakeRouter();
  const downloads: { name: string; mime: string; text: string }[] = [];
  let seq = 0;
  const view = render(
    <ArchiveScreen
      store={store}
      output={router}
      locale="en"
      vocabulary="ibca1985"
      now={() => 1_700_000_000_000 + seq}
      random={() => (++seq % 97) / 97}
      download={(name, mime, text) => void downloads.push({ name, mime, text })}
    />,
  );
  return { view, said, downloads, store, user: userEvent.setup() };
}

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

async function importPasted(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(screen.getByRole('textbox', { name: 'Or paste PGN text' }));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Import' }));
}

describe('the list and import', () => {
  test('arriving at the archive puts the focus on its heading, not on the page body', () => {
    setup();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Game archive' }));
  });

  test('an Open button names the players, the date in words, the result and the number of moves', () => {
    const t = archiveTranslator('en');
    const game = {
      white: 'Anna Mayer',
      black: 'Carl Berg',
      date: '2026.11.23',
      result: '1-0',
      inProgress: false,
    };
    expect(describeOpenGame({ ...game, moves: 34 }, t)).toBe(
      'Open: White Anna Mayer against Black Carl Berg, 23 November 2026, 1–0, 34 moves',
    );
    expect(describeOpenGame({ ...game, date: '2026.03.??', result: '1/2-1/2', moves: 1 }, t)).toBe(
      'Open: White Anna Mayer against Black Carl Berg, March 2026, ½–½, 1 move',
    );
    expect(
      describeOpenGame({ ...game, white: '', date: '????.??.??', moves: 34 }, archiveTranslator('de')),
    ).toBe('Öffnen: Weiß unbekannt gegen Schwarz Carl Berg, 1–0, 34 Züge');
    expect(describeOpenGame({ ...game, moves: 2 }, archiveTranslator('de'))).toBe(
      'Öffnen: Weiß Anna Mayer gegen Schwarz Carl Berg, 23. November 2026, 1–0, 2 Züge',
    );
  });

  test('an empty archive says so; pasted PGN adds its games to the table; axe finds nothing', async () => {
    const { user, said, view } = setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Game archive' })).toBeTruthy();
    expect(screen.getByText('No games yet. Play a game or import a PGN file.')).toBeTruthy();
    await importPasted(user, FIRST_TWO);
    const table = screen.getByRole('table', { name: 'Your games' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Each game's Open button is named by its own data, so two games of the same players differ.
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Open: White McDonnell against Black La Bourdonnais, 1834, 1–0, 18 moves',
      'Open: White McDonnell against Black La Bourdonnais, 1834, 1–0, 19 moves',
    ]);
    expect(said.at(-1)).toMatchObject({ text: '2 games imported.', politeness: 'polite' });
    expect(await axeViolations(view.container)).toEqual([]);
  });

  test('a malformed PGN gives a clear error, is announced assertively and changes nothing', async () => {
    const store = memoryStore();
    const { user, said } = setup(store);
    await importPasted(user, FIRST_TWO);
    const before = store.get('twinboard.archive.index');
    await importPasted(user, '[White "X"]\n\n1. e4 e5 2. Ke3 Nc6 *');
    const error = said.at(-1);
    expect(error?.politeness).toBe('assertive');
    expect(error?.text).toBe(
      'Nothing was imported. One game could not be read: Line 3: ply 3 (2. Ke3, White): “Ke3”: no king can move to e3.',
    );
    expect(screen.getByText(error?.text ?? '')).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Games not imported (1)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: ply 3 (2. Ke3, White): “Ke3”: no king can move to e3.']);
    expect(store.get('twinboard.archive.index')).toBe(before);
    expect(within(screen.getByRole('table', { name: 'Your games' })).getAllByRole('row')).toHaveLength(3);
  });

  test('a file with bad games among good ones: the good games are listed, each bad one with its line and reason', async () => {
    const { user, said, view } = setup();
    const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/pgn/broken.pgn'));
    const file = new File([bytes], 'broken.pgn', { type: 'application/x-chess-pgn' });
    await user.upload(screen.getByLabelText('PGN file'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: 'Your games' }, { timeout: 10_000 });
    expect(said.at(-1)).toMatchObject({
      text: '4 games imported. 7 games could not be read; they are listed under “Games not imported”.',
      politeness: 'assertive',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const list = screen.getByRole('region', { name: 'Games not imported (7)' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(7);
    expect(items[0]).toBe('Game 2, line 19: a comment opened here is never closed.');
    expect(items[2]).toBe('Game 5, line 51: ply 11 (6. Ke2, White): “Ke2”: no king can move to e2.');
    // Focus stays on the Import button; nothing fell to the page body.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import' }));
    expect(await axeViolations(view.container)).toEqual([]);
  });

  test('a PGN file chosen with the file input is imported', async () => {
    const { user, said } = setup();
    const file = new File([CLASSIC_PGN], 'classic-games.pgn', { type: 'application/x-chess-pgn' });
    await user.upload(screen.getByLabelText('PGN file'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    // Reading the file is asynchronous (FileReader): wait for the table.
    const table = await screen.findByRole('table', { name: 'Your games' }, { timeout: 10_000 });
    expect(said.at(-1)?.text).toBe('20 games imported.');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
  });

  test('importing nothing asks for a file or text', async () => {
    const { user, said } = setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(said.at(-1)?.text).toBe('Choose a PGN file or paste PGN text first.');
  });
});

describe('replaying a finished game', () => {
  async function openFirst() {
    const ctx = setup();
    await importPasted(ctx.user, FIRST_TWO);
    await ctx.user.click(
      screen.getByRole('button', {
        name: /^Open: White McDonnell against Black La Bourdonnais, .*18 moves$/,
      }),
    );
    return ctx;
  }

  test('opening a game focuses its heading and shows the start position on the replay board', async () => {
    const { view } = await openFirst();
    const heading = screen.getByRole('heading', { level: 3, name: 'McDonnell against La Bourdonnais' });
    expect(document.activeElement).toBe(heading);
    const grid = screen.getByRole('grid', { name: 'Replay board' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(64);
    expect(document.querySelector('.replay-status')?.textContent).toBe('Start position.');
    const moves = screen.getByRole('listbox', { name: 'Moves' });
    expect(within(moves).getByRole('option', { selected: true }).textContent).toBe('Start position.');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  test('Shift+D and Shift+A on the board step forward and back, and every step is heard', async () => {
    const { user, said } = await openFirst();
    const grid = screen.getByRole('grid', { name: 'Replay board' });
    grid.querySelector<HTMLElement>('[data-square="a1"]')?.focus();
    await user.keyboard('{Shift>}D{/Shift}');
    const e4 = `Move 1, White: ${describeMove(START_FEN, 'e2e4', { vocabulary: 'ibca1985' })}`;
    expect(said.at(-1)).toMatchObject({ text: e4, politeness: 'polite', interrupt: true });
    expect(document.querySelector('.replay-status')?.textContent).toBe(e4);
    await user.keyboard('{Shift>}D{/Shift}');
    expect(said.at(-1)?.text).toMatch(/^Move 1, Black: /);
    await user.keyboard('{Shift>}A{/Shift}');
    expect(said.at(-1)?.text).toBe(e4);
    await user.keyboard('{Shift>}A{/Shift}{Shift>}A{/Shift}');
    expect(said.at(-1)?.text).toBe('At the start.');
    // The arrow keys still move around the board.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('data-square')).toBe('a2');
  });

  test("Shift+D and Shift+A work from the game's heading, where opening the game leaves the focus", async () => {
    const { user, said } = await openFirst();
    expect(document.activeElement?.tagName).toBe('H3');
    await user.keyboard('{Shift>}D{/Shift}');
    expect(said.at(-1)?.text).toBe('Move 1, White: Pawn Evan two to Evan four');
    await user.keyboard('{Shift>}D{/Shift}{Shift>}A{/Shift}');
    expect(said.at(-1)?.text).toBe('Move 1, White: Pawn Evan two to Evan four');
    expect(document.activeElement?.tagName).toBe('H3');
  });

  test('on the move list the arrow keys, Home and End step; the move shown is selected and focused', async () => {
    const { user, said } = await openFirst();
    // The list shows SAN, and names each move in the player's words.
    const moves = screen.getByRole('listbox', { name: 'Moves' });
    const e4 = within(moves).getByRole('option', { name: 'Move 1, White: Pawn Evan two to Evan four' });
    expect(e4.textContent).toMatch(/^1\. e4 /);
    await user.click(e4);
    expect(e4.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    const e5 = within(moves).getByRole('option', { name: 'Move 1, Black: Pawn Evan seven to Evan five' });
    expect(e5.getAttribute('aria-selected')).toBe('true');
    expect(e4.getAttribute('aria-selected')).toBe('false');
    expect(document.activeElement).toBe(e5);
    await user.keyboard('{End}');
    expect(said.at(-1)?.text).toMatch(/^Move 18, White: .*End of the game\. Black is checkmated\. 1-0$/);
    await user.keyboard('{ArrowRight}');
    expect(said.at(-1)?.text).toBe('End of the game. Black is checkmated. 1-0');
    await user.keyboard('{Home}');
    expect(said.at(-1)?.text).toBe('Start position.');
    expect(document.activeElement).toBe(within(moves).getByRole('option', { name: 'Start position.' }));
  });

  test('the move list is one Tab stop: Tab enters on the move shown and the next Tab leaves it', async () => {
    const { user } = await openFirst();
    const moves = screen.getByRole('listbox', { name: 'Moves' });
    const options = within(moves).getAllByRole('option');
    // The start position and 35 plies, one option each, and only the one shown in the Tab order.
    expect(options).toHaveLength(36);
    expect(options.filter((o) => o.tabIndex === 0)).toHaveLength(1);
    // From the board (one Tab stop itself) Tab lands on the start position, selected.
    screen.getByRole('grid', { name: 'Replay board' }).querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(moves).getByRole('option', { selected: true }));
    expect(document.activeElement?.textContent).toBe('Start position.');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const shown = within(moves).getByRole('option', { selected: true });
    expect(shown.textContent).toMatch(/Move 2, White: /);
    expect(document.activeElement).toBe(shown);
    await user.tab();
    expect(moves.contains(document.activeElement)).toBe(false);
    // Shift+Tab comes back to the move shown, not to the first or the last.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(shown);
  });

  test('the step buttons work and announce their shortcuts', async () => {
    const { user, said } = await openFirst();
    const forward = screen.getByRole('button', { name: 'Forward' });
    expect(forward.getAttribute('aria-keyshortcuts')).toBe('Shift+D');
    await user.click(forward);
    expect(said.at(-1)?.text).toMatch(/^Move 1, White/);
    await user.click(screen.getByRole('button', { name: 'End' }));
    expect(said.at(-1)?.text).toMatch(/^Move 18, White/);
  });

  test('the scoresheet view shows text and braille, switches notation, exports four files; axe finds nothing', async () => {
    const { user, downloads, said, view } = await openFirst();
    await user.click(screen.getByRole('button', { name: 'Scoresheet' }));
    expect(screen.getByRole('button', { name: 'Scoresheet' }).getAttribute('aria-pressed')).toBe('true');
    const text = screen.getByLabelText('Scoresheet text');
    expect(text.textContent).toContain(' 1. e4      e5');
    expect(text.textContent).toContain('Result: Black is checkmated. 1-0');
    const braille = screen.getByLabelText('Scoresheet in braille (Unicode braille, UEB grade 1)');
    expect(braille.textContent).toContain('⠼⠁⠲⠀⠑⠼⠙⠀⠑⠼⠑');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Notation' }), 'long');
    expect(screen.getByLabelText('Scoresheet text').textContent).toContain(' 1. e2-e4      e7-e5');
    for (const name of [
      'Download PGN',
      'Download text',
      'Download braille (BRF)',
      'Download large print page',
    ])
      await user.click(screen.getByRole('button', { name }));
    expect(downloads.map((d) => d.name)).toEqual([
      'McDonnell_La-Bourdonnais_1834.pgn',
      'McDonnell_La-Bourdonnais_1834.txt',
      'McDonnell_La-Bourdonnais_1834.brf',
      'McDonnell_La-Bourdonnais_1834.html',
    ]);
    expect(downloads[2]?.text).toMatch(/^[\x20-\x5f\r\n\f]+$/);
    expect(downloads[0]?.text).toContain('[Ending "checkmate"]');
    expect(said.at(-1)?.text).toBe('McDonnell_La-Bourdonnais_1834.html downloaded.');
    expect(await axeViolations(view.container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(screen.getByRole('table', { name: 'Your games' })).toBeTruthy();
  });
});

describe('checklists 83 and 84: a game in progress', () => {
  test('is listed without a move count and opens without replay, board or analysis', async () => {
    const store = memoryStore();
    const played = playMoves((createGame() as { value: Game }).value, ['e2e4', 'e7e5', 'g1f3']);
    if (!played.ok) throw new Error();
    createArchive(store).save('live', newRecord(played.value, { White: 'Anna', Black: 'Bert' }), {
      source: 'local',
      now: 1,
    });
    const { user, view } = setup(store);
    const row = screen.getByRole('row', { name: /Anna/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'Bert',
      '',
      '',
      'in progress',
      '',
      // Saved at the epoch's first millisecond: a day other than the game's (it has no date).
      expect.stringMatching(
        /^Open: White Anna against Black Bert, in progress, last played \d\d? \w+ 19(69|70), \d\d:\d\d$/,
      ),
    ]);
    await user.click(
      within(row).getByRole('button', { name: /^Open: White Anna against Black Bert, in progress, / }),
    );
    expect(screen.getByText(/This game is still being played/)).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scoresheet' })).toBeNull();
    expect(screen.queryByText(/analysis/i)?.textContent).toMatch(/there is no analysis during play/);
    expect(await axeViolations(view.container)).toEqual([]);
  });
});

describe('issue 28: every Open button has a name of its own', () => {
  /** 1. e4 between Anna and Bert, unfinished, dated 14 November 2023, last saved at `at`. */
  function saveUnfinished(store: KeyValueStore, id: string, at: number) {
    const played = playMoves((createGame() as { value: Game }).value, ['e2e4']);
    if (!played.ok) throw new Error();
    const tags = { White: 'Anna', Black: 'Bert', Date: '2023.11.14' };
    createArchive(store).save(id, newRecord(played.value, tags), { source: 'local', now: at });
  }
  /** 14 November 2023 at h:mm in the time zone the tests run in. */
  const local = (h: number, m: number) => new Date(2023, 10, 14, h, m).getTime();

  test('two unfinished games of the same players on one day differ by when they were last played', async () => {
    const store = memoryStore();
    saveUnfinished(store, 'morning', local(9, 5));
    saveUnfinished(store, 'evening', local(20, 40));
    const { view } = setup(store);
    const table = screen.getByRole('table', { name: 'Your games' });
    const names = within(table)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([
      'Open: White Anna against Black Bert, 14 November 2023, in progress, last played 20:40',
      'Open: White Anna against Black Bert, 14 November 2023, in progress, last played 09:05',
    ]);
    expect(
      within(table).getByRole('button', {
        name: 'Open: White Anna against Black Bert, 14 November 2023, in progress, last played 09:05',
      }).dataset.id,
    ).toBe('morning');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  test('where even that is the same, each says which of them it is', () => {
    const store = memoryStore();
    saveUnfinished(store, 'one', local(9, 5));
    saveUnfinished(store, 'two', local(9, 5));
    setup(store);
    const names = within(screen.getByRole('table', { name: 'Your games' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(new Set(names).size).toBe(2);
    expect(names.map((n) => n?.replace(/.*last played 09:05, /, ''))).toEqual([
      'number 1 of 2',
      'number 2 of 2',
    ]);
  });
});

test('checklist 34: a played game offers its evidence log as a download', async () => {
  const store = memoryStore();
  const played = playMoves((createGame() as { value: Game }).value, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  if (!played.ok) throw new Error();
  const archive = createArchive(store);
  archive.save(
    'done',
    { ...newRecord(played.value, { White: 'Anna', Black: 'Bert' }), result: makeResult('checkmate', 'w') },
    {
      source: 'local',
      now: 1,
    },
  );
  archive.saveLog('done', [{ seq: 1, at: 0, by: 'blind', what: 'lift', detail: 'f2', refused: false }]);
  const { user, downloads } = setup(store);
  await user.click(screen.getByRole('button', { name: /^Open: White Anna against Black Bert, / }));
  await user.click(screen.getByRole('button', { name: 'Scoresheet' }));
  await user.click(screen.getByRole('button', { name: 'Download evidence log' }));
  expect(downloads.at(-1)).toMatchObject({
    name: 'Anna_Bert.log.txt',
    text: '   1  0:00:00  blind  lift  f2\n',
  });
});
