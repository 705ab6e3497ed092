// @vitest-environment jsdom
// One device shared by the blind player and his sighted opponent (issue 28): the opponent's
// pointer never takes the blind player's keyboard focus (his board, his buttons, his list of
// claims, the resignation question), and his panel has no live region; on the paired screen,
// where the sighted player is alone, his status and refusals stay live and the resignation
// question takes and gives back the focus like a dialog.
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { LocalGame, startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import { SightedPlayer, type Place } from '../../src/screens/sighted/SightedPlayer.tsx';
import type { MatchSession } from '../../src/session/local.ts';
import type { GameRecorder } from '../../src/session/recorder.ts';
import { screenOutputs } from '../helpers/blindScreen.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

afterEach(cleanup);

const recorder = { isRecording: () => false } as unknown as GameRecorder;
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';

function localGame() {
  const outputs = screenOutputs(false);
  let session: MatchSession | null = null;
  render(
    <LocalGame
      settings={DEFAULT_SETTINGS}
      onSettingChange={() => undefined}
      output={outputs.router}
      clock={manualClock(0)}
      store={memoryStore()}
      recorder={recorder}
      onSession={(s) => (session = s)}
    />,
  );
  const blind = screen.getByRole('grid', { name: 'Board' });
  const panel = screen.getByRole('region', { name: 'Sighted opponent' });
  const opponent = within(panel).getByRole('grid', { name: "Opponent's board" });
  const cell = (square: string) => opponent.querySelector(`[data-square="${square}"]`) as HTMLElement;
  return { outputs, session: () => session!, blind, panel, cell, user: userEvent.setup() };
}

/** The focused element is the blind player's board cell on `square`. */
const focusedOn = (blind: HTMLElement) => {
  const active = document.activeElement as HTMLElement | null;
  return blind.contains(active) ? active?.getAttribute('data-square') : `elsewhere: ${active?.outerHTML}`;
};

test("the opponent's clicks, buttons and list leave the blind player's focus on his board", async () => {
  const { session, blind, panel, cell, user } = localGame();
  blind.querySelector<HTMLElement>('[data-square="e2"]')?.focus();
  expect(focusedOn(blind)).toBe('e2');
  // His panel shows, it never speaks: no live region in it.
  expect(panel.querySelectorAll(LIVE)).toHaveLength(0);
  // Not even for a moment does a control of his take the focus (a screen reader would say it),
  // but the list he chooses from.
  const focusedInPanel: string[] = [];
  panel.addEventListener('focusin', (e) => void focusedInPanel.push((e.target as HTMLElement).tagName));
  // The blind player moves by the session (the keys are tested elsewhere); the opponent answers
  // by pointer: a touch, a refused square, the move and his clock.
  for (const intent of [
    { kind: 'lift', square: 'e2' },
    { kind: 'place', square: 'e4' },
    { kind: 'announce' },
    { kind: 'pressClock' },
  ] as const)
    session().dispatch({ ...intent, by: 'blind' });
  await user.click(cell('e7'));
  expect(within(panel).getByText('Touched: e7. Touch-move applies.')).toBeTruthy();
  await user.click(cell('e4'));
  expect(within(panel).getByText(/^Not done: /)).toBeTruthy();
  await user.click(cell('e5'));
  await user.click(within(panel).getByRole('button', { name: 'Press the clock (opponent)' }));
  expect(
    session()
      .getState()
      .plies.map((p) => p.uci),
  ).toEqual(['e2e4', 'e7e5']);
  expect(focusedOn(blind)).toBe('e2');
  expect(panel.querySelectorAll(LIVE)).toHaveLength(0);

  // A claim chosen from his list: the list has the focus while he chooses, then gives it back.
  const kind = within(panel).getByRole('combobox', { name: 'Claim kind' });
  await user.selectOptions(kind, 'Win on time');
  expect(focusedOn(blind)).toBe('e2');
  await user.click(within(panel).getByRole('button', { name: 'Claim (opponent)' }));
  await user.click(within(panel).getByRole('button', { name: 'Offer a draw (opponent)' }));
  expect(session().getState().drawOffer?.by).toBe('b');
  // Resign, then No: the question comes and goes, the focus stays.
  await user.click(within(panel).getByRole('button', { name: 'Resign (opponent)' }));
  const question = within(panel).getByRole('group', { name: 'Really resign?' });
  expect(focusedOn(blind)).toBe('e2');
  await user.click(within(question).getByRole('button', { name: 'No' }));
  expect(focusedOn(blind)).toBe('e2');
  expect(session().getState().phase).toBe('playing');
  // A checkbox of his panel is toggled without the focus, too.
  const speaking = within(panel).getByRole('checkbox', { name: 'Speak announcements aloud' });
  await user.click(speaking);
  expect((speaking as HTMLInputElement).checked).toBe(true);
  expect(focusedOn(blind)).toBe('e2');
  expect(focusedInPanel).toEqual(['SELECT']);
  await expectNoAxeViolations();
});

test('the keyboard still works in his panel: the focus goes where the keyboard takes it', async () => {
  const { panel, blind, user } = localGame();
  blind.querySelector<HTMLElement>('[data-square="a1"]')?.focus();
  within(panel).getByRole('button', { name: 'Resign (opponent)' }).focus();
  await user.keyboard('{Enter}');
  const question = within(panel).getByRole('group', { name: 'Really resign?' });
  expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No' }));
  await user.keyboard('{Enter}');
  expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Resign (opponent)' }));
});

function sighted(place: Place, startFen?: string) {
  const session = startLocalSession(DEFAULT_SETTINGS, manualClock(0), 'b', startFen);
  render(
    <main>
      <button type="button">elsewhere</button>
      <SightedPlayer
        session={session}
        locale="en"
        place={place}
        display={DEFAULT_SETTINGS}
        speak={() => {}}
      />
    </main>,
  );
  const grid = screen.getByRole('grid', { name: place === 'local' ? "Opponent's board" : 'Your board' });
  const cell = (square: string) => grid.querySelector(`[data-square="${square}"]`) as HTMLElement;
  /** A piece carried by a pointer from one square to another (pointer events alone take no focus). */
  const drag = (from: string, to: string) => {
    fireEvent.pointerDown(cell(from), { button: 0, pointerId: 1, clientX: 10, clientY: 100 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 10, clientY: 60 });
    fireEvent.pointerUp(cell(to), { pointerId: 1, clientX: 10, clientY: 20 });
  };
  return { session, cell, drag, user: userEvent.setup() };
}

test('in a second window the panel has no live region either; on the paired screen it keeps them', async () => {
  {
    const { cell, user } = sighted('window');
    await user.click(cell('g1'));
    await user.click(cell('e4'));
    expect(screen.getByText('Touched: g1. Touch-move applies.')).toBeTruthy();
    expect(screen.getByRole('main').querySelectorAll(LIVE)).toHaveLength(0);
    cleanup();
  }
  const { cell, user } = sighted('paired');
  await user.click(cell('g1'));
  const main = within(screen.getByRole('main'));
  expect(main.getByRole('status').textContent).toBe('Touched: g1. Touch-move applies.');
  await user.click(cell('e4'));
  expect(main.getByRole('alert').textContent).toMatch(/^Not done: /);
  expect(screen.getByTestId('announcement').getAttribute('aria-live')).toBe('assertive');
});

test('beside the blind player the promotion chooser does not take the focus; on his own screen it does', async () => {
  const fen = 'k7/2P5/1K6/8/8/8/8/8 w - - 0 1';
  for (const place of ['local', 'paired'] as const) {
    const { drag } = sighted(place, fen);
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    elsewhere.focus();
    act(() => drag('c7', 'c8'));
    const dialog = screen.getByRole('dialog', { name: 'Promote to' });
    expect(document.activeElement).toBe(
      place === 'local' ? elsewhere : within(dialog).getByRole('button', { name: /Queen/ }),
    );
    cleanup();
  }
});

test('the resignation question by keyboard: the safe answer takes the focus, No gives it back to Resign', async () => {
  const { user } = sighted('paired');
  const resign = screen.getByRole('button', { name: 'Resign' });
  resign.focus();
  await user.keyboard('{Enter}');
  const question = screen.getByRole('group', { name: 'Really resign?' });
  expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No' }));
  await user.keyboard('{Enter}');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resign' }));
});
