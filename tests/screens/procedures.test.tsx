// @vitest-environment jsdom
// A player's procedure controls (issue 12) on the real match reducer: in FIDE 1972 the blind player
// accuses without naming the piece, the arbiter upholds, and the blind player names it by keyboard
// in the form that appears, or names the capture by two touched men; a malformed square is said and
// nothing is sent. Where he keeps his own
// score he records it from the same section, and a score that differs from his opponent's opens
// rule 8. axe finds nothing.
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MatchDriver, type MatchOptions } from '../../src/match/index.ts';
import type { OutgoingIntent } from '../../src/screens/useRoom.ts';
import { PlayerProcedures } from '../../src/screens/procedures/ProcedureControls.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

afterEach(cleanup);

/** The blind player's procedures over a driver: every control sends through the real reducer. */
function mount(options: MatchOptions) {
  const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'], ...options });
  const sent: OutgoingIntent[] = [];
  const send = (intent: OutgoingIntent) => {
    sent.push(intent);
    d.as('blind').do(intent);
    rerender();
  };
  const ui = () => (
    <PlayerProcedures locale="en" state={d.state} role="blind" color={d.state.setup.blindColor} send={send} />
  );
  const r = render(ui());
  const rerender = () => r.rerender(ui());
  return { d, sent, rerender, user: userEvent.setup() };
}

test('FIDE 1972: accuse without naming, then name the touched man when asked', async () => {
  const { d, sent, rerender, user } = mount({ profileId: 'fide1972' });
  act(() => {
    d.play('e2e4');
    d.as('sighted').move('b8c6').as('sighted').pressClock();
  });
  rerender();
  expect(screen.getByText(/you may leave the square empty/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: /Claim: my opponent touched/ }));
  expect(sent).toEqual([{ kind: 'claimTouch' }]);
  expect(d.state.claim).toMatchObject({ kind: 'touchMove', square: null });
  act(() => void d.as('arbiter').decideClaim(true));
  rerender();
  expect(screen.getByRole('status').textContent).toBe(
    'The arbiter upheld your claim: name the piece your opponent touched. Your clock is running.',
  );
  const field = screen.getByRole('textbox', { name: /Square/ });
  await user.type(field, 'k9{Enter}');
  expect(screen.getByRole('alert').textContent).toMatch(/Type a square/);
  expect(sent).toHaveLength(1);
  await user.clear(field);
  await user.type(field, 'g8{Enter}');
  expect(sent.at(-1)).toEqual({ kind: 'nameTouchedPiece', square: 'g8' });
  expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
  expect(d.state.touchNaming).toBeNull();
  await expectNoAxeViolations();
});

test('the blind player records his own typed score; a wrong move in it opens rule 8', async () => {
  const { d, sent, rerender, user } = mount({ blindScore: 'typed' });
  act(() => {
    for (const uci of ['e2e4', 'e7e5', 'g1f3', 'b8c6']) d.play(uci);
  });
  rerender();
  await user.type(screen.getByRole('textbox', { name: /My score as I wrote it/ }), '1. e4 e5 2. Nf3 Nf6');
  await user.click(screen.getByRole('button', { name: 'Record my score' }));
  expect(sent).toEqual([{ kind: 'writeScore', text: '1. e4 e5 2. Nf3 Nf6' }]);
  expect(d.state.discrepancy).toMatchObject({ rule: 8, correctedMoves: ['e2e4', 'e7e5', 'g1f3'] });
});

test('FIDE 1972: the accuser names the capture by two touched men; Rxd4 is taken back and Bxe4 is owed', async () => {
  // Black touched his knight f6, his bishop c6 and the pawn on e4, then played Rxd4.
  const { d, sent, rerender, user } = mount({
    profileId: 'fide1972',
    startFen: '3rk3/8/2b2n2/8/3PP3/8/8/4K3 b - - 0 1',
  });
  const capture = () => screen.queryByRole('form', { name: 'Name the capture by two touched men' });
  act(() => void d.as('sighted').move('d8d4').as('sighted').pressClock());
  rerender();
  expect(capture()).toBeNull();
  await user.click(screen.getByRole('button', { name: /Claim: my opponent touched/ }));
  act(() => void d.as('arbiter').decideClaim(true));
  rerender();
  expect(capture()).not.toBeNull();
  const from = screen.getByRole('textbox', {
    name: 'His touched man that must capture, on (for example c6)',
  });
  const target = screen.getByRole('textbox', { name: 'My touched man he must capture, on (for example e4)' });
  await user.type(from, 'c6');
  await user.type(target, 'e9{Enter}');
  expect(screen.getByRole('alert').textContent).toBe(
    'Type a square: a letter from a to h and a number from 1 to 8, such as g8.',
  );
  expect(sent).toHaveLength(1);
  await expectNoAxeViolations();
  await user.clear(target);
  await user.type(target, 'e4');
  await user.click(screen.getByRole('button', { name: 'Name the capture by two touched men' }));
  expect(sent.at(-1)).toEqual({ kind: 'nameTouchedPiece', square: 'e4', capturingFrom: 'c6' });
  expect(d.state.plies.map((p) => p.uci)).toEqual([]);
  expect(d.state.declaredMove).toEqual({ color: 'b', uci: 'c6e4' });
  expect(capture()).toBeNull();
});

test('no Procedures heading stands over an empty section: before the start nothing is offered', () => {
  const d = MatchDriver.create({ roles: ['blind', 'sighted', 'arbiter'] });
  render(<PlayerProcedures locale="en" state={d.state} role="blind" color="w" send={() => undefined} />);
  expect(screen.queryByRole('heading', { name: 'Procedures' })).toBeNull();
});
