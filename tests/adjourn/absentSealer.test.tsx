// @vitest-environment jsdom
// The sealer is absent at the resumption and no arbiter takes part (000 Art 16.2, 16.4; 003/001
// Art 14.2, 14.4): on the blind player's screen, by keyboard, the replier opens the envelope alone,
// writes his reply privately and seals it, starting his absent opponent's clock; he is told each
// result. axe finds nothing on the way.
import { afterEach, expect, test } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';
import { renderBlindScreen } from '../helpers/blindScreen.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

afterEach(cleanup);

test('the replier opens the envelope alone and seals his reply for the absent sealer', async () => {
  const settings = { ...DEFAULT_SETTINGS, selfVoicing: true };
  const clock = manualClock(1_000_000);
  // The blind player has Black; White (the sighted player) sealed 1. e4 and adjourned.
  const session = startMemorySession({ blindColor: 'b', roles: ['blind', 'sighted'] }, clock);
  session.dispatch({ kind: 'sealMove', move: 'e2e4', by: 'sighted' });
  session.dispatch({ kind: 'adjourn', by: 'sighted' });
  clock.advance(5 * 3_600_000);
  const { said, announcer, user } = renderBlindScreen(session, settings, clock);

  const open = screen.getByRole('button', { name: 'Open the envelope: my opponent (the sealer) is absent' });
  expect(screen.getByRole('button', { name: 'Ask to resume' })).toBeTruthy();
  await expectNoAxeViolations();
  const before = said.length;
  open.focus();
  await user.keyboard('{Enter}');
  expect(session.getState().boards.blind.game.moves).toEqual(['e2e4']);
  expect(session.getState().clock.running).toBe('b');
  expect(said.slice(before).map((u) => u.text)).toContain(
    'Envelope opened: the sealed move is on the board.',
  );
  expect(screen.queryByRole('button', { name: /Open the envelope/ })).toBeNull();

  // He does not reply on the board: he writes his reply privately and seals it.
  await user.click(screen.getByRole('button', { name: 'Seal move' }));
  await user.type(screen.getByLabelText(/Sealed move \(private/), 'e5');
  await user.click(screen.getByRole('button', { name: 'Record sealed move' }));
  const seal = screen.getByRole('button', { name: 'Seal my reply: my opponent is absent, start his clock' });
  await expectNoAxeViolations();
  const sealedAt = said.length;
  seal.focus();
  await user.keyboard(' ');
  expect(session.getState().adjournment?.phase).toBe('awaitingReplier');
  expect(session.getState().clock.running).toBe('w');
  const spoken = said.slice(sealedAt).map((u) => u.text);
  expect(spoken).toContain('Your reply is sealed. Your opponent’s clock runs until he arrives.');
  // The reply itself is never said nor shown in a live region (GR-70).
  for (const text of spoken) expect(text).not.toMatch(/e ?5|Evan five/i);
  const live = `${announcer.regions.polite.textContent ?? ''} ${announcer.regions.assertive.textContent ?? ''}`;
  expect(live).not.toMatch(/e ?5|Evan five/i);
  expect(
    screen
      .getByText('The replier’s clock is running; the envelope is opened when he arrives.')
      .getAttribute('role'),
  ).toBe('status');
});
