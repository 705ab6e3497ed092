// @vitest-environment jsdom
// The adjournment panel on each screen (spec §2.13, GR-70–GR-72, BL-34): the sealer writes and may
// change his sealed move and stop the clock; the opponent's and the arbiter's panels never show it;
// the arbiter opens the envelope. Driven through the real reducer (MatchDriver).
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchDriver, type Intent, type Role } from '../../src/match/index.ts';
import { AdjournmentPanel } from '../../src/screens/adjourn/AdjournmentPanel.tsx';

afterEach(cleanup);

function table(roles: readonly Role[] = ['blind', 'sighted', 'arbiter']) {
  const d = MatchDriver.started({ roles, relay: 'automatic' });
  d.play('e2e4');
  d.play('e7e5');
  const said: string[] = [];
  const dispatch = (intent: Intent) => {
    d.dispatch(intent);
    return d.last;
  };
  const panel = (role: Role) => (
    <AdjournmentPanel
      state={d.state}
      role={role}
      locale="en"
      dispatch={dispatch}
      confirm={(t) => said.push(t)}
    />
  );
  return { d, said, panel };
}

describe('AdjournmentPanel', () => {
  it('lets the player to move seal privately, change it, and stop the clock', async () => {
    const user = userEvent.setup();
    const { d, said, panel } = table();
    const { rerender } = render(panel('blind'));
    await user.click(screen.getByRole('button', { name: 'Seal move' }));
    await user.type(screen.getByLabelText(/Sealed move \(private/), 'Nf3');
    await user.click(screen.getByRole('button', { name: 'Record sealed move' }));
    expect(d.state.adjournment?.sealed).toEqual({ kind: 'move', uci: 'g1f3' });
    expect(said).toEqual(['Sealed move recorded.']);
    rerender(panel('blind'));
    expect(screen.getByText(/Your sealed move: Nf3/)).toBeTruthy();
    // The move is never inside a live region.
    for (const live of screen.queryAllByRole('status')) expect(live.textContent).not.toContain('Nf3');
    await user.type(screen.getByLabelText(/Sealed move \(private/), 'b1c3');
    await user.click(screen.getByRole('button', { name: 'Record sealed move' }));
    rerender(panel('blind'));
    expect(screen.getByText(/Your sealed move: Nc3/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop the clock and adjourn' }));
    expect(d.state.adjournment?.phase).toBe('adjourned');
    expect(d.state.clock.running).toBeNull();
    rerender(panel('blind'));
    expect(screen.getByRole('status').textContent).toBe(
      'The game is adjourned. The sealed move is with the arbiter.',
    );
    expect(document.body.textContent).not.toMatch(/Nc3|b1c3/);
  });

  it('an illegal entry is refused without confirming or echoing it', async () => {
    const user = userEvent.setup();
    const { d, said, panel } = table();
    render(panel('blind'));
    await user.click(screen.getByRole('button', { name: 'Seal move' }));
    await user.type(screen.getByLabelText(/Sealed move \(private/), 'Nd5');
    await user.click(screen.getByRole('button', { name: 'Record sealed move' }));
    expect(said).toEqual([]);
    expect(d.state.adjournment).toBeNull();
    expect(d.refusal?.code).toBe('illegalSealedMove');
    expect(d.refusal?.message).not.toContain('Nd5');
  });

  it('the opponent and the arbiter never see the move; the arbiter resumes and both boards get it', async () => {
    const user = userEvent.setup();
    const { d, panel } = table();
    d.as('blind').sealMove('g1f3');
    const opponent = render(panel('sighted'));
    expect(screen.getByRole('status').textContent).toBe('The player to move is sealing his move.');
    expect(screen.queryByRole('button', { name: 'Seal move' })).toBeNull();
    expect(opponent.container.textContent).not.toMatch(/Nf3|g1f3/);
    opponent.unmount();
    d.as('blind').adjourn();
    render(panel('arbiter'));
    expect(document.body.textContent).not.toMatch(/Nf3|g1f3/);
    expect(screen.getByText(/Envelope: move 2, sealed by White/)).toBeTruthy();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Open the envelope and resume' }));
    });
    expect(d.state.boards.sighted.game.moves.at(-1)).toBe('g1f3');
    expect(d.state.clock.running).toBe('b');
  });

  it('the arbiter starts an absent replier’s clock, then opens the envelope when he arrives', async () => {
    const user = userEvent.setup();
    const { d, panel } = table();
    d.as('blind').sealMove('g1f3');
    d.as('blind').adjourn();
    const { rerender } = render(panel('arbiter'));
    await user.click(screen.getByRole('button', { name: 'Replier absent: start his clock' }));
    expect(d.state.clock.running).toBe('b');
    rerender(panel('arbiter'));
    expect(screen.getByRole('status').textContent).toContain('the envelope is opened when he arrives');
    expect(document.body.textContent).not.toMatch(/Nf3|g1f3/);
    await user.click(screen.getByRole('button', { name: 'The replier has arrived: open the envelope' }));
    expect(d.state.boards.blind.game.moves.at(-1)).toBe('g1f3');
  });

  it('the VH player’s assistant with duty (f) gets the seal control; the sighted player, not on move, does not', () => {
    const { panel } = table(['blind', 'sighted', 'blindAssistant']);
    render(panel('blindAssistant'));
    expect(screen.getByRole('button', { name: 'Seal move' })).toBeTruthy();
    cleanup();
    render(panel('sighted'));
    expect(screen.queryByRole('button', { name: 'Seal move' })).toBeNull();
  });
});
