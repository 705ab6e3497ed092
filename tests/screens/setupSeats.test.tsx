// @vitest-environment jsdom
// Seats on the setup screen (issue 14), by keyboard, against the real server (in-process): the
// creator of a game with an arbiter makes the arbiter's invitation code and sees who is seated; a
// stranger with only the pairing code is told the arbiter's seat needs an invitation; with it he is
// seated; the creator removes him. axe finds nothing on the way.
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SetupScreen } from '../../src/screens/setup/SetupScreen.tsx';
import { memoryStore } from '../../src/ports/storage.ts';
import type { Session } from '../../src/ports/transport.ts';
import { nodeTransport } from '../helpers/pairedGame.ts';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';
import { withTestServer } from '../server/wire.ts';

const twinboard = withTestServer();
afterEach(() => cleanup());

function setupScreen(spoken: string[] = []) {
  const entered: Session[] = [];
  // The app shell puts every screen in its main landmark.
  const { container } = render(
    <main>
      <SetupScreen
        locale="en"
        makeTransport={() => nodeTransport(twinboard.url)}
        store={memoryStore()}
        speak={(text) => spoken.push(text)}
        onEnter={(s) => entered.push(s)}
      />
    </main>,
  );
  return { view: within(container), entered };
}

test('the creator invites the arbiter, sees him seated and removes him; the pairing code alone is not enough', async () => {
  const user = userEvent.setup();
  const spoken: string[] = [];
  const creator = setupScreen(spoken);
  const form = creator.view.getByRole('form', { name: 'Create a game' });
  await user.click(within(form).getByRole('checkbox', { name: 'An arbiter takes part' }));
  await user.click(within(form).getByRole('button', { name: 'Create the game' }));
  const status = await creator.view.findByText(/^Game created\. Pairing code: /, {}, { timeout: 5000 });
  const code = /Pairing code: ([a-z]+ [a-z]+ [a-z]+)\./.exec(status.textContent ?? '')?.[1] ?? '';
  // Only the arbiter was chosen: no assistant invitation is offered.
  expect(
    creator.view.queryByRole('button', { name: /invitation code for: Blind player's assistant/ }),
  ).toBeNull();
  const inviteButton = creator.view.getByRole('button', { name: 'Make an invitation code for: Arbiter' });
  inviteButton.focus();
  await user.keyboard('{Enter}');
  const invitation = await creator.view.findByTestId('invite-arbiter', {}, { timeout: 5000 });
  const words = invitation.textContent ?? '';
  expect(words.split(' ')).toHaveLength(3);
  expect(spoken).toContain(`Invitation code for Arbiter: ${words}`);
  await waitFor(() => expect(creator.view.getByTestId('seats').textContent).toContain('Blind player (you)'));
  await expectNoAxeViolations();

  // A stranger heard the pairing code and tries the arbiter's seat with it alone.
  const stranger = setupScreen();
  const join = stranger.view.getByRole('form', { name: 'Join a game' });
  await user.type(within(join).getByRole('textbox', { name: 'Pairing code' }), code);
  await user.click(within(join).getByRole('radio', { name: /^Arbiter$/ }));
  await user.click(within(join).getByRole('button', { name: 'Join' }));
  await stranger.view.findByText(/This role needs an invitation code/, {}, { timeout: 5000 });
  expect(stranger.entered).toEqual([]);

  // With the invitation code, typed as it was read out, he is seated.
  await user.type(within(join).getByRole('textbox', { name: 'Invitation code' }), words.toUpperCase());
  await user.click(within(join).getByRole('button', { name: 'Join' }));
  await waitFor(() => expect(stranger.entered).toHaveLength(1), { timeout: 5000 });
  expect(stranger.entered[0]?.role).toBe('arbiter');
  const remove = await creator.view.findByRole('button', { name: 'Remove Arbiter' }, { timeout: 5000 });
  expect(creator.view.getByTestId('seats').textContent).toMatch(/Arbiter, (not )?connected/);

  remove.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(creator.view.getByTestId('seats').textContent).not.toContain('Arbiter'), {
    timeout: 5000,
  });
  expect(creator.view.getByRole('status').textContent).toContain('Arbiter removed');
  // Focus is not dropped: it lands on the way into the game.
  expect(document.activeElement).toBe(creator.view.getByRole('button', { name: /^Return to game/ }));
  const roles = twinboard.server.store.seats(code.split(' ').join('-')).map((s) => s.role);
  expect(roles).toEqual(['blind']);
}, 90_000);
