// @vitest-environment jsdom
// The blind player's screen seals a move from the typed command line ("seal <move>", spec §2.13,
// GR-70): the sealed move is kept by the match, and the only thing said — through the speaker and
// the live regions — is "Sealed move recorded"; the move itself is never spoken or announced.
import { afterEach, expect, test } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import { renderBlindScreen } from '../helpers/blindScreen.tsx';

afterEach(cleanup);

test('“seal Nf3” on the command line records the sealed move and says only that it was recorded', async () => {
  const settings = { ...DEFAULT_SETTINGS, selfVoicing: true };
  const clock = manualClock(1_000_000);
  const session = startLocalSession(settings, clock, 'w');
  const { said, announcer, user } = renderBlindScreen(session, settings, clock);
  const before = said.length;
  await user.type(screen.getByRole('textbox', { name: 'Move or command' }), 'seal Nf3{Enter}');
  expect(session.getState().adjournment?.sealed).toEqual({ kind: 'move', uci: 'g1f3' });
  // Nothing was played on the board.
  expect(session.getState().boards.blind.game.moves).toEqual([]);
  const spoken = said.slice(before).map((u) => u.text);
  expect(spoken).toEqual(['Sealed move recorded.']);
  const live = `${announcer.regions.polite.textContent ?? ''} ${announcer.regions.assertive.textContent ?? ''}`;
  expect(live).not.toMatch(/f ?3|knight/i);
  // An illegal entry is refused without repeating it.
  await user.type(screen.getByRole('textbox', { name: 'Move or command' }), 'seal Nf6{Enter}');
  expect(session.getState().adjournment?.sealed).toEqual({ kind: 'move', uci: 'g1f3' });
  for (const u of said.slice(before)) expect(u.text).not.toMatch(/f ?6|f ?3/i);
});
