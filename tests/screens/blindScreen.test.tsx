// @vitest-environment jsdom
// The blind player's screen in jsdom, driven by keyboard like a player would, on a real match
// session (createMatch + reduce) with a fake Speaker and the real live-region Announcer; asserts
// the announcements, the board's accessible names and axe on every state.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cleanup, screen, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Utterance } from '../../src/speech/announce.ts';
import type { LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import type { MatchSession } from '../../src/session/local.ts';
import { renderBlindScreen } from '../helpers/blindScreen.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

let announcer: LiveRegionAnnouncer;
let said: Utterance[];
let session: MatchSession;

function setup(overrides: Partial<Settings> = {}, startFen?: string) {
  const settings = { ...DEFAULT_SETTINGS, ...overrides };
  const clock = manualClock(1_000_000);
  session = startLocalSession(settings, clock, 'w', startFen);
  const screenSetup = renderBlindScreen(session, settings, clock);
  said = screenSetup.said;
  announcer = screenSetup.announcer;
  return { user: screenSetup.user, clock, settings };
}

const polite = () => announcer.regions.polite.textContent?.replace(/\u00a0$/, '') ?? '';
const assertive = () => announcer.regions.assertive.textContent?.replace(/\u00a0$/, '') ?? '';
const board = () => screen.getByRole('grid', { name: 'Board' });
const cell = (name: string | RegExp) => within(board()).getByRole('gridcell', { name });

async function focusSquare(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(cell(name));
}

beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => {
  cleanup();
  announcer?.dispose();
});

describe('the board', () => {
  test('is a grid of 8 rows × 8 cells with one tab stop, named from the player’s side', async () => {
    setup();
    expect(within(board()).getAllByRole('row')).toHaveLength(8);
    const cells = within(board()).getAllByRole('gridcell');
    expect(cells).toHaveLength(64);
    expect(cells.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    expect(cells[0]?.getAttribute('aria-label')).toBe('Anna eight, light square, black rook');
    expect(cell('Evan one, dark square, white king')).toBeTruthy();
    await expectNoAxeViolations();
  });

  test('arrow keys move the focus from the player’s side and the edge is announced', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Evan three, dark square, empty');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Hector three/);
    expect(assertive() + polite()).toMatch(/edge/i);
  });
});

const aperture = () => session.getState().boards.blind.aperture;
/** The opponent (sighted, Black) plays a move on the local board and presses the clock. */
const opponent = (uci: string) =>
  act(() => {
    session.dispatch({ kind: 'move', uci, by: 'sighted' });
    session.dispatch({ kind: 'pressClock', by: 'sighted' });
  });
/** Keyboard: go to a square by rank and file keys (Shift+digit = file). */
async function goTo(user: ReturnType<typeof userEvent.setup>, square: string) {
  const file = 'abcdefgh'.indexOf(square[0] ?? 'a') + 1;
  await user.keyboard(`{Shift>}${file}{/Shift}${square[1]}`);
}
async function playOwnMove(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await goTo(user, from);
  await user.keyboard('{Enter}');
  await goTo(user, to);
  await user.keyboard('{Enter}');
  await user.keyboard('a');
  await user.keyboard('{Shift>}{Enter}{/Shift}');
}

describe('reading never touches (BL-06, checklist 7–8)', () => {
  // The whole walk over every square with every read-out key is headless
  // (tests/controllers/readingNeverTouches.test.ts); here the keys reach it through the board.
  test('read-out keys on the focused board leave the touch ledger empty and the board as it was', async () => {
    const { user } = setup();
    const before = aperture().board;
    await focusSquare(user, /^Anna one/);
    await user.keyboard('{ArrowRight}osx{Shift>}s{/Shift}mlc{ArrowUp}kt');
    expect(aperture().touches).toEqual([]);
    expect(aperture().hand).toBeNull();
    expect(aperture().board).toBe(before);
    expect(session.getState().log.some((l) => l.what === 'lift')).toBe(false);
  });

  test('o reads the square name, its colour and the piece (checklist 8)', async () => {
    const { user } = setup();
    await focusSquare(user, /^Gustav one/);
    await user.keyboard('o');
    expect(polite()).toBe('Gustav one, dark square, white knight');
  });

  test('rank and file keys jump; k q r b n p find pieces, Shift the opponent’s', async () => {
    const { user } = setup();
    await focusSquare(user, /^Anna one/);
    await user.keyboard('5');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Anna five/);
    await user.keyboard('{Shift>}5{/Shift}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Evan five/);
    await user.keyboard('n');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bella one, light square, white knight');
    await user.keyboard('{Shift>}q{/Shift}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('David eight, dark square, black queen');
  });

  test('m lists the legal moves of the focused piece; with read-out aids off it says why not', async () => {
    const { user } = setup();
    await focusSquare(user, /^Gustav one/);
    await user.keyboard('m');
    expect(polite()).toBe('white knight: Felix three, Hector three');
    cleanup();
    announcer.dispose();
    const second = setup({ readoutAids: false });
    await focusSquare(second.user, /^Gustav one/);
    await second.user.keyboard('m');
    expect(polite()).toMatch(/not available/i);
  });
});

describe('the move lifecycle by keyboard', () => {
  test('a lifted own piece with a legal move must be moved (checklist 9–10)', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('{Enter}');
    expect(polite()).toBe('Lifted pawn Evan two; it must be moved');
    expect(cell(/^Evan two/).getAttribute('aria-label')).toBe('Evan two, light square, empty');
    await user.keyboard('{Enter}');
    expect(polite()).toBe('Pawn back on Evan two; it must still be moved');
    await goTo(user, 'g1');
    await user.keyboard('{Enter}');
    await goTo(user, 'f3');
    await user.keyboard('{Enter}');
    expect(assertive()).not.toBe('');
    expect(aperture().placements).toEqual([]);
    await goTo(user, 'g1');
    await user.keyboard('{Enter}');
    await goTo(user, 'e2');
    await user.keyboard('{Enter}');
    await goTo(user, 'e4');
    await user.keyboard('{Enter}');
    expect(aperture().placements).toHaveLength(1);
    await user.keyboard('h');
    expect(polite()).toMatch(/placed/);
    expect(polite()).toMatch(/not announced/i);
  });

  test("j'adoube before a lift exempts it and is announced (checklist 11)", async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('j');
    expect(polite() + assertive()).toMatch(/j'adoube/i);
    await user.keyboard('{Enter}');
    expect(polite()).toMatch(/j'adoube/i);
    await user.keyboard('{Enter}');
    expect(aperture().touches.every((t) => t.exempt)).toBe(true);
    await goTo(user, 'g1');
    await user.keyboard('{Enter}');
    await goTo(user, 'f3');
    await user.keyboard('{Enter}');
    expect(aperture().placements).toHaveLength(1);
  });

  test('the clock cannot be pressed before removal, placement and announcement (checklist 13)', async () => {
    const { user } = setup({ captureRemoval: 'explicit' });
    await focusSquare(user, /^Evan two/);
    await playOwnMove(user, 'e2', 'e4');
    opponent('d7d5');
    expect(assertive()).toMatch(/David seven/);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(assertive()).toMatch(/cannot be pressed/);
    expect(assertive()).toMatch(/not placed/);
    expect(assertive()).toMatch(/not announced/);
    // Removal first (r.3 (a)), then placement, then the announcement.
    await goTo(user, 'd5');
    await user.keyboard('{Delete}');
    expect(cell(/^David five/).getAttribute('aria-label')).toBe('David five, light square, empty');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(assertive()).toMatch(/not placed/);
    await goTo(user, 'e4');
    await user.keyboard('{Enter}');
    await goTo(user, 'd5');
    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(assertive()).toBe('The clock cannot be pressed: the move is not announced');
    await user.keyboard('a');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(session.getState().plies).toHaveLength(3);
    expect(cell(/^David five/).getAttribute('aria-label')).toBe('David five, light square, white pawn');
  });

  test('en passant: placement before the removal is accepted too (checklist 14, 16)', async () => {
    const { user } = setup(
      { captureRemoval: 'explicit' },
      'rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2',
    );
    // The setup position has Black to move: the opponent plays d7–d5 next to the white pawn.
    opponent('d7d5');
    await focusSquare(user, /^Evan five/);
    await user.keyboard('{Enter}');
    await goTo(user, 'd6');
    await user.keyboard('{Enter}');
    await user.keyboard('a');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(assertive()).toBe('The clock cannot be pressed: the captured piece is not removed');
    await goTo(user, 'd5');
    await user.keyboard('{Delete}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(session.getState().plies.at(-1)?.uci).toBe('e5d6');
    expect(cell(/^David five/).getAttribute('aria-label')).toBe('David five, light square, empty');
  });

  test('a slip of the tongue is corrected before the clock press and not after (BL-22)', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    // A spoken announcement before the piece is placed: the player says e2–e3 but plays e2–e4.
    act(() => void session.dispatch({ kind: 'announce', uci: 'e2e3', by: 'blind' }));
    await goTo(user, 'e2');
    await user.keyboard('{Enter}');
    await goTo(user, 'e4');
    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(assertive()).toMatch(/announcement differs/);
    await user.keyboard('{Shift>}a{/Shift}');
    expect(polite() + assertive()).toMatch(/Evan four/);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(session.getState().plies).toHaveLength(1);
    expect(session.getState().plies[0]?.announced).toBe('e2e4');
    // After the press the announcement stands.
    await user.keyboard('{Shift>}a{/Shift}');
    expect(session.getState().plies[0]?.announced).toBe('e2e4');
    expect(assertive()).not.toBe('');
  });

  test('moves made and time used are said only on request (checklist 38, 49)', async () => {
    const { user, clock } = setup();
    await focusSquare(user, /^Evan two/);
    clock.advance(65_000);
    await playOwnMove(user, 'e2', 'e4');
    opponent('e7e5');
    const heard = [polite(), assertive(), ...said.map((u) => u.text)].join(' | ');
    expect(heard).not.toMatch(/moves completed|time used|press the clock/i);
    await user.keyboard('{Shift>}t{/Shift}');
    expect(polite()).toBe('Moves completed: White 1, Black 1');
    await user.keyboard('t');
    expect(polite()).toMatch(/^Time used: White 1 minute 5 seconds/);
  });
});

describe('dialogs and axe on every state', () => {
  test('the help lists the keys from the key map and closes back to the board', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keys' });
    expect(within(dialog).getByText(/Press the clock/)).toBeTruthy();
    expect(within(dialog).getByText('Shift+Enter')).toBeTruthy();
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('promotion opens a choice whose answer is announced (checklist 18)', async () => {
    const { user } = setup({}, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
    await focusSquare(user, /^Anna seven/);
    await user.keyboard('{Enter}');
    await user.keyboard('8');
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: /Promote the pawn on Anna eight/ });
    await expectNoAxeViolations();
    // The clock stays blocked while the choice is open (BL-17).
    act(() => void session.dispatch({ kind: 'pressClock', by: 'blind' }));
    expect(session.getState().plies).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'knight' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(polite() + assertive()).toMatch(/knight/i);
    await user.keyboard('a');
    expect(polite() + assertive()).toMatch(/promotes to knight/i);
  });

  test('resignation needs a confirmation; the game-over state has no axe violations (checklist 70)', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'No, play on' }));
    expect(session.getState().phase).toBe('playing');
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(screen.getByRole('button', { name: 'Yes, resign' }));
    expect(session.getState().result?.reason).toBe('resignation');
    expect(screen.getByRole('heading', { name: /Game over: Black wins/ })).toBeTruthy();
    await expectNoAxeViolations();
  });

  test('settings dialog has no axe violations', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    await expectNoAxeViolations();
  });
});

describe('output modes', () => {
  test('self-voicing speaks through the Speaker and leaves the live region empty (nothing heard twice)', async () => {
    const { user } = setup({ selfVoicing: true });
    await focusSquare(user, /^Evan two/);
    await user.keyboard('{ArrowUp}o');
    expect(said.map((u) => u.text)).toContain('Evan three, dark square, empty');
    expect(polite()).toBe('');
    expect(assertive()).toBe('');
  });

  test('with a screen reader, navigation is left to the focused cell’s name', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('{ArrowUp}');
    expect(polite()).toBe('');
    expect(said).toEqual([]);
  });
});
