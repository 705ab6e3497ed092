// @vitest-environment jsdom
// The binding of manual relay on the blind screen (the journeys themselves are headless in
// tests/controllers/blindJourney.test.ts). The blind player carries out his sighted opponent's announced move on his own aperture board in
// manual relay (BL-18, BL-24): he hears the move and what is awaited, repeats it (key, voice, or
// saying the move back), then executes it by lifting the opponent's piece and placing it (removing
// his own captured piece) or with the execute key; a wrong execution is a discrepancy (BL-25).
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createLocalSession, type MatchSession } from '../../src/session/local.ts';
import { deliverHeard } from '../../src/screens/blind/heard.ts';
import { createMatch, observe, reduce, type MatchOptions } from '../../src/match/index.ts';
import { renderBlindScreen } from '../helpers/blindScreen.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

afterEach(cleanup);

function setup(options: MatchOptions = {}) {
  const clock = manualClock(1_000_000);
  const match = createMatch({ relay: 'manual', blindColor: 'b', requireRepetition: true, ...options });
  if (!match.ok) throw new Error(match.error.message);
  const session: MatchSession = createLocalSession(match.value, reduce, observe, clock);
  session.dispatch({ kind: 'startGame', by: 'blind' });
  const { said, user } = renderBlindScreen(session, { ...DEFAULT_SETTINGS, selfVoicing: true }, clock);
  /** Everything said since the last call. */
  let seen = 0;
  const heard = () => {
    const text = said
      .slice(seen)
      .map((u) => u.text)
      .join(' | ');
    seen = said.length;
    return text;
  };
  return { session, user, heard };
}

const board = () => screen.getByRole('grid', { name: 'Board' });
const cell = (name: RegExp) => within(board()).getByRole('gridcell', { name });

/**
 * The sighted opponent first repeats and executes the blind player's last move on his own board
 * (manual relay), then plays, announces (his move is announced with his clock press) and presses.
 */
function opponentPlays(session: MatchSession, uci: string) {
  act(() => {
    const s = session.getState();
    const behind = s.plies[s.boards.sighted.game.moves.length];
    if (behind) {
      if (behind.repeated === null) session.dispatch({ kind: 'repeat', by: 'sighted' });
      session.dispatch({ kind: 'execute', board: 'sighted', by: 'sighted' });
    }
    session.dispatch({ kind: 'move', uci, by: 'sighted' });
    session.dispatch({ kind: 'pressClock', by: 'sighted' });
  });
}

/** The blind player plays his own move by keys: lift, place, announce, press the clock. */
async function blindPlays(user: ReturnType<typeof userEvent.setup>, from: RegExp, to: RegExp) {
  await user.click(cell(from));
  await user.keyboard('{Enter}');
  await user.click(cell(to));
  await user.keyboard('{Enter}a{Shift>}{Enter}{/Shift}');
}

// What he hears at each step, by key and by voice, is headless (tests/controllers/blindJourney.test.ts);
// here the keys and the recogniser reach it through the screen, and the board shows it.
test('the repeat key, the carry-out button and the opponent’s piece lifted and placed on the screen board', async () => {
  const { session, user, heard } = setup();
  opponentPlays(session, 'g1f3');
  expect(heard()).toMatch(/Knight Gustav one to Felix three.*\| Repeat it and carry it out on your board\./);
  await user.click(cell(/^Gustav one/));
  await user.keyboard('w');
  expect(session.getState().plies[0]?.repeated).toBe('g1f3');
  expect(screen.getByRole('button', { name: "Carry out your opponent's move" })).toBeTruthy();
  // Lift the opponent's knight on Gustav one: it leaves its square on the screen board.
  await user.keyboard('{Enter}');
  expect(heard()).toMatch(/You hold your opponent's knight from Gustav one/);
  expect(cell(/^Gustav one/).getAttribute('aria-label')).not.toMatch(/knight/);
  await user.click(cell(/^Felix three/));
  await user.keyboard('{Enter}');
  expect(session.getState().boards.blind.game.moves).toEqual(['g1f3']);
  expect(cell(/^Felix three/).getAttribute('aria-label')).toMatch(/white knight/);
  // Now it is his own move: the keys act on his own pieces again.
  await blindPlays(user, /^David seven/, /^David five/);
  expect(session.getState().plies.map((p) => p.uci)).toEqual(['g1f3', 'd7d5']);
  await expectNoAxeViolations();
});

test('by voice: what the recogniser hears reaches the relay ("repeat", "execute")', () => {
  const { session } = setup();
  opponentPlays(session, 'e2e4');
  act(() => void deliverHeard('repeat'));
  expect(session.getState().plies[0]?.repeated).toBe('e2e4');
  act(() => void deliverHeard('execute'));
  expect(session.getState().boards.blind.game.moves).toEqual(['e2e4']);
});
