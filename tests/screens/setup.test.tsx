// @vitest-environment jsdom
// The setup screen, by keyboard only, against the real server (in-process): the blind player
// creates a game without a mouse, hears the pairing code (live region and speech) and lands on the
// button that enters the game; the opponent joins by typing the code as it was said.
import { afterEach, expect, test } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from '../../src/ports/storage.ts';
import { loadSession } from '../../src/screens/useRoom.ts';
import { withTestServer } from '../server/wire.ts';
import { renderSetupScreen } from '../helpers/setupScreen.tsx';

// jsdom has no CSS.escape, which user-event uses to walk a radio group with the arrow keys.
const css = (globalThis as { CSS?: { escape?: (s: string) => string } }).CSS;
if (!css?.escape)
  Object.assign(globalThis, { CSS: { escape: (s: string) => s.replace(/([^\w-])/g, '\\$1') } });

const twinboard = withTestServer();
afterEach(() => cleanup());

test('the blind player creates a game by keyboard alone and hears the pairing code', async () => {
  const user = userEvent.setup();
  const spoken: string[] = [];
  const store = memoryStore();
  const entered = renderSetupScreen(twinboard.url, { store, speak: (text) => spoken.push(text) });
  // Tab to the relay choice and pick manual relay with the arrow keys, as a screen-reader user does.
  const automatic = screen.getByRole('radio', { name: /^Automatic/ });
  while (document.activeElement !== automatic) await user.tab();
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect((screen.getByRole('radio', { name: /^Manual/ }) as HTMLInputElement).checked).toBe(true);
  const create = screen.getByRole('button', { name: 'Create the game' });
  while (document.activeElement !== create) await user.tab();
  await user.keyboard('{Enter}');

  const status = await screen.findByText(/^Game created\. Pairing code: /, {}, { timeout: 5000 });
  expect(status.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  const code = /Pairing code: ([a-z]+ [a-z]+ [a-z]+)\./.exec(status.textContent ?? '')?.[1] ?? '';
  expect(code.split(' ')).toHaveLength(3);
  expect(spoken.some((s) => s.includes(code))).toBe(true);
  // Focus lands on the way into the game; Enter takes it.
  const go = screen.getByRole('button', { name: /^Return to game/ });
  await waitFor(() => expect(document.activeElement).toBe(go));
  await user.keyboard('{Enter}');
  expect(entered).toHaveLength(1);
  expect(entered[0]?.role).toBe('blind');
  expect(loadSession(store, entered[0]?.code ?? '')).toEqual(entered[0]);
  expect(twinboard.server.store.room(entered[0]?.code ?? '')?.config['relay']).toBe('manual');

  cleanup();
  // The opponent types the code as he heard it and joins as the sighted player.
  const joined = renderSetupScreen(twinboard.url);
  await user.click(screen.getByRole('textbox', { name: 'Pairing code' }));
  await user.keyboard(code.replace(/\b\w/g, (c) => c.toUpperCase()));
  const joinForm = screen.getByRole('form', { name: 'Join a game' });
  const sighted = joinForm.querySelector<HTMLInputElement>('input[type="radio"][value="sighted"]');
  sighted?.focus();
  await user.keyboard(' ');
  await user.keyboard('{Enter}');
  await waitFor(() => expect(joined).toHaveLength(1), { timeout: 5000 });
  expect(joined[0]).toMatchObject({ code: code.split(' ').join('-'), role: 'sighted' });
});

test('a wrong code is refused aloud and nothing is joined', async () => {
  const user = userEvent.setup();
  const joined = renderSetupScreen(twinboard.url);
  await user.click(screen.getByRole('textbox', { name: 'Pairing code' }));
  await user.keyboard('acorn acorn acorn{Enter}');
  expect(await screen.findByText('There is no game with that code.', {}, { timeout: 5000 })).toBeTruthy();
  expect(joined).toEqual([]);
});
