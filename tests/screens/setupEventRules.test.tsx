// @vitest-environment jsdom
// The event's rules at setup (issue 12), by keyboard against the real server: competition mode, the
// blind player's own typed score and the late-arrival default time are labelled controls with a
// description, and the room created carries them (its stored configuration and its match).
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { withTestServer } from '../server/wire.ts';
import { renderSetupScreen } from '../helpers/setupScreen.tsx';
import { matchEngine } from '../../src/server/matchEngine.ts';
import { parseSetupCommand } from '../../src/screens/setup/voiceSetup.ts';
import { createFakeListener } from '../../src/speech/listener/fake.ts';
import { connectVoice } from '../../src/app/voice.ts';

const twinboard = withTestServer();
afterEach(() => cleanup());

test('competition, typed score and late-arrival time are described controls, and the room has them', async () => {
  const user = userEvent.setup();
  renderSetupScreen(twinboard.url);
  const competition = screen.getByRole('checkbox', {
    name: 'Competition mode',
    description:
      'No legal-move read-outs and no move hints on any screen while it is on. The arbiter can switch it during the game.',
  });
  const typed = screen.getByRole('checkbox', {
    name: 'The blind player keeps his own typed score',
    description: /the score he types is his scoresheet, and claims and the checking of the game go by it/,
  });
  const late = screen.getByRole('combobox', {
    name: 'A player who has not arrived loses after',
    description: /counted from the start of the session, or of the resumption of an adjourned game/,
  });
  // The rules' own default is chosen until changed.
  expect((late as HTMLSelectElement).value).toBe('60');
  expect(screen.getByRole('option', { name: '60 minutes (one hour, as the rules say)' })).toBeTruthy();

  // Keyboard only: tab to each, Space toggles the checkboxes, the arrow key changes the time.
  while (document.activeElement !== competition) await user.tab();
  await user.keyboard(' ');
  expect((competition as HTMLInputElement).checked).toBe(true);
  while (document.activeElement !== typed) await user.tab();
  await user.keyboard(' ');
  expect((typed as HTMLInputElement).checked).toBe(true);
  await user.selectOptions(late, '30 minutes');
  expect((late as HTMLSelectElement).value).toBe('30');

  // jsdom has no layout (contrast) and the app's <main> landmark is not rendered here (region).
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Create the game' }));
  const status = await screen.findByText(/^Game created\. Pairing code: /, {}, { timeout: 5000 });
  const code = /Pairing code: ([a-z]+ [a-z]+ [a-z]+)\./.exec(status.textContent ?? '')?.[1] ?? '';
  const config = twinboard.server.store.room(code.split(' ').join('-'))?.config ?? {};
  expect(config).toMatchObject({ competition: true, blindScore: 'typed', lateArrivalMs: 30 * 60_000 });
  // The match the room starts from has them too.
  const match = matchEngine.initial(config, 0);
  expect(match.setup).toMatchObject({ competition: true, blindScore: 'typed', lateArrivalMs: 30 * 60_000 });
});

test('left alone, the room is created without competition, with Twinboard keeping the score and one hour', async () => {
  const user = userEvent.setup();
  renderSetupScreen(twinboard.url);
  await user.click(screen.getByRole('button', { name: 'Create the game' }));
  const status = await screen.findByText(/^Game created\. Pairing code: /, {}, { timeout: 5000 });
  const code = /Pairing code: ([a-z]+ [a-z]+ [a-z]+)\./.exec(status.textContent ?? '')?.[1] ?? '';
  const config = twinboard.server.store.room(code.split(' ').join('-'))?.config ?? {};
  expect(config).toMatchObject({ competition: false, blindScore: 'automatic', lateArrivalMs: 60 * 60_000 });
});

test('by voice: competition mode and the typed score are said, confirmed, read back and sent', async () => {
  const parsed = (text: string) => {
    const r = parseSetupCommand(text);
    return r.ok ? r.value : r.error.code;
  };
  expect(parsed('I keep my own score')).toEqual({ kind: 'typedScore', on: true });
  expect(parsed('eigenes Partieformular')).toEqual({ kind: 'typedScore', on: true });
  expect(parsed('Turniermodus')).toEqual({ kind: 'competition', on: true });
  expect(parsed('no competition')).toEqual({ kind: 'competition', on: false });

  const listener = createFakeListener();
  const voice = connectVoice(listener);
  const confirmed: string[] = [];
  const spoken: string[] = [];
  renderSetupScreen(twinboard.url, {
    speak: (text) => spoken.push(text),
    confirm: (text) => confirmed.push(text),
    talk: voice.toggle,
  });
  await userEvent.setup().keyboard('v');
  const say = (text: string) => act(() => void listener.say(text));
  say('competition mode');
  say('I keep my own score');
  expect(confirmed).toEqual([
    'Competition mode: no move hints or legal-move read-outs',
    'The blind player keeps his own typed score',
  ]);
  expect((screen.getByRole('checkbox', { name: 'Competition mode' }) as HTMLInputElement).checked).toBe(true);
  say('read settings');
  expect(confirmed.at(-1)).toMatch(
    /Competition mode: no move hints or legal-move read-outs\. The blind player keeps his own typed score\. A player who has not arrived loses after 60 minutes$/,
  );
  say('create game');
  await waitFor(() => expect(spoken.some((s) => s.startsWith('Game created. Pairing code:'))).toBe(true), {
    timeout: 5000,
  });
  const code = /Pairing code: ([a-z]+ [a-z]+ [a-z]+)\./.exec(spoken.join(' '))?.[1] ?? '';
  const config = twinboard.server.store.room(code.split(' ').join('-'))?.config;
  expect(config).toMatchObject({ competition: true, blindScore: 'typed' });
});
