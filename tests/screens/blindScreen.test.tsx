// @vitest-environment jsdom
// The blind player's screen in jsdom, driven by keyboard, voice transcripts and typed lines like a
// player would, on a real match session with a fake Speaker and the real live-region Announcer:
// the wiring of keys, the recogniser, the command line and manual relay to the controller, the
// board's accessible names and axe on every state. What each input does and says is headless
// (tests/controllers: keyboardLifecycle, spokenMoves, blindJourney), in a fraction of the time;
// one file, so the jsdom environment and axe are set up once.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cleanup, screen, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Utterance } from '../../src/speech/announce.ts';
import type { LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import { deliverHeard } from '../../src/screens/blind/heard.ts';
import { createMatch, observe, reduce } from '../../src/match/index.ts';
import { createLocalSession, type MatchSession } from '../../src/session/local.ts';
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
});

// The lifecycle's rules and words (touch-move, j'adoube, the clock press, en passant, a slip of the
// tongue, moves made and time used) are headless: tests/controllers/keyboardLifecycle.test.ts.
describe('the move lifecycle by keyboard', () => {
  test('a move by keys reaches the match through the board, and the cells say what stands there', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('{Enter}');
    expect(polite()).toBe('Lifted pawn Evan two; it must be moved');
    expect(cell(/^Evan two/).getAttribute('aria-label')).toBe('Evan two, light square, empty');
    await goTo(user, 'e4');
    await user.keyboard('{Enter}a{Shift>}{Enter}{/Shift}');
    expect(session.getState().plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(cell(/^Evan four/).getAttribute('aria-label')).toBe('Evan four, light square, white pawn');
    opponent('e7e5');
    expect(assertive()).toMatch(/Evan seven to Evan five/);
    await user.keyboard('{Shift>}t{/Shift}');
    expect(polite()).toBe('Moves completed: White 1, Black 1');
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

  test('the help lists draws, claims and resignation under their own heading (issue 28)', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('?');
    const group = within(screen.getByRole('dialog', { name: 'Keys' })).getByRole('region', {
      name: 'Draws, claims and resignation',
    });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'd: Offer a draw (asks first)',
      "Shift+d: Accept your opponent's draw offer (asks first)",
      "Shift+x: Decline your opponent's draw offer",
      'Shift+c: Claim a draw by repetition (asks first)',
      'Shift+f: Claim a draw by the fifty-move rule (asks first)',
      "f: Claim the game on time: your opponent's flag has fallen (asks first)",
      'Shift+g: Resign (asks first)',
    ]);
  });

  test('a key that asks first: its question is a dialog, the safe answer focused; n answers no (issue 28)', async () => {
    const { user } = setup();
    await focusSquare(user, /^Evan two/);
    await user.keyboard('{Shift>}g{/Shift}');
    const dialog = screen.getByRole('dialog', { name: 'Resign the game?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, play on' }));
    await expectNoAxeViolations();
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(polite()).toBe('Not resigned. Play on.');
    expect(session.getState().phase).toBe('playing');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Evan two/);
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

describe('voice and the command line', () => {
  const say = (text: string) => act(() => void deliverHeard(text));

  test('a spoken move is lifted, placed and announced; the clock press asks for a yes', () => {
    setup();
    say('Evan two Evan four');
    expect(session.getState().boards.blind.aperture.announced).toBe('e2e4');
    // Each step of the spoken move is read, in one text (one turn of the event loop).
    expect(polite()).toBe(
      'Lifted pawn Evan two; it must be moved. Pawn placed on Evan four. Announced: Pawn Evan two to Evan four',
    );
    say('press clock');
    expect(polite() + assertive()).toMatch(/Say yes or no/);
    expect(session.getState().plies).toHaveLength(0);
    say('yes');
    expect(session.getState().plies.map((p) => p.uci)).toEqual(['e2e4']);
  });

  test('the command line takes SAN, UCI and commands, and keeps focus for the next line', async () => {
    const { user } = setup();
    const input = screen.getByRole('textbox', { name: 'Move or command' });
    await user.type(input, 'e4{Enter}');
    expect(session.getState().boards.blind.aperture.announced).toBe('e2e4');
    await user.type(input, 'press{Enter}');
    await user.type(input, 'y{Enter}');
    expect(session.getState().plies).toHaveLength(1);
    opponent('e7e5');
    await user.type(input, 'g1f3{Enter}');
    expect(session.getState().boards.blind.aperture.announced).toBe('g1f3');
    expect(document.activeElement).toBe(input);
  });
});

describe('manual relay (BL-18, BL-24)', () => {
  /** A manual-relay game, the blind player Black, self-voicing: what the speaker was asked to say. */
  function relaySetup() {
    const clock = manualClock(1_000_000);
    const match = createMatch({ relay: 'manual', blindColor: 'b', requireRepetition: true });
    if (!match.ok) throw new Error(match.error.message);
    session = createLocalSession(match.value, reduce, observe, clock);
    session.dispatch({ kind: 'startGame', by: 'blind' });
    const rendered = renderBlindScreen(session, { ...DEFAULT_SETTINGS, selfVoicing: true }, clock);
    announcer = rendered.announcer;
    let seen = 0;
    const heard = () => {
      const text = rendered.said
        .slice(seen)
        .map((u) => u.text)
        .join(' | ');
      seen = rendered.said.length;
      return text;
    };
    return { user: rendered.user, heard };
  }
  /** The sighted opponent plays White's move and presses the clock (his move is announced with it). */
  const opponentOpens = (uci: string) =>
    act(() => {
      session.dispatch({ kind: 'move', uci, by: 'sighted' });
      session.dispatch({ kind: 'pressClock', by: 'sighted' });
    });

  test('the repeat key, the carry-out button and the opponent’s piece lifted and placed on the screen board', async () => {
    const { user, heard } = relaySetup();
    opponentOpens('g1f3');
    expect(heard()).toMatch(
      /Knight Gustav one to Felix three.*\| Repeat it and carry it out on your board\./,
    );
    await focusSquare(user, /^Gustav one/);
    await user.keyboard('w');
    expect(session.getState().plies[0]?.repeated).toBe('g1f3');
    expect(screen.getByRole('button', { name: "Carry out your opponent's move" })).toBeTruthy();
    // Lift the opponent's knight on Gustav one: it leaves its square on the screen board.
    await user.keyboard('{Enter}');
    expect(heard()).toMatch(/You hold your opponent's knight from Gustav one/);
    expect(cell(/^Gustav one/).getAttribute('aria-label')).not.toMatch(/knight/);
    await focusSquare(user, /^Felix three/);
    await user.keyboard('{Enter}');
    expect(session.getState().boards.blind.game.moves).toEqual(['g1f3']);
    expect(cell(/^Felix three/).getAttribute('aria-label')).toMatch(/white knight/);
    await expectNoAxeViolations();
  });

  test('by voice: what the recogniser hears reaches the relay ("repeat", "execute")', () => {
    relaySetup();
    opponentOpens('e2e4');
    act(() => void deliverHeard('repeat'));
    expect(session.getState().plies[0]?.repeated).toBe('e2e4');
    act(() => void deliverHeard('execute'));
    expect(session.getState().boards.blind.game.moves).toEqual(['e2e4']);
  });
});
