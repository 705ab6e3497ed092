// @vitest-environment jsdom
// Setup by voice (issue 6): the spoken setup commands (English and German) and the setup screen
// driven by the fake recogniser through the app's voice connection, against the real server
// in-process: the blind player chooses his role, colour, edition, time control and relay mode,
// creates the game and hears each choice confirmed; the opponent joins by saying the code.
import { afterEach, describe, expect, test } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseSetupCommand, parseSetupHeard } from '../../src/screens/setup/voiceSetup.ts';
import { createFakeListener } from '../../src/speech/listener/fake.ts';
import { connectVoice } from '../../src/app/voice.ts';
import { withTestServer } from '../server/wire.ts';
import { renderSetupScreen } from '../helpers/setupScreen.tsx';

describe('spoken setup commands', () => {
  const parsed = (text: string) => {
    const r = parseSetupCommand(text);
    return r.ok ? r.value : r.error.code;
  };
  test('create, join with the code, and the code alone', () => {
    expect(parsed('Create game')).toEqual({ kind: 'create' });
    expect(parsed('Partie eröffnen')).toEqual({ kind: 'create' });
    expect(parsed('join game fox lamp river')).toEqual({ kind: 'join', code: 'fox-lamp-river' });
    expect(parsed('beitreten fox lamp river')).toEqual({ kind: 'join', code: 'fox-lamp-river' });
    expect(parsed('join')).toEqual({ kind: 'join', code: null });
    expect(parsed('code is ocean tiger lemon')).toEqual({ kind: 'code', code: 'ocean-tiger-lemon' });
  });
  test('role, colour, edition, time control, relay, arbiter, repetition', () => {
    expect(parsed('I am the blind player')).toEqual({ kind: 'role', role: 'blind' });
    expect(parsed('ich bin der Schiedsrichter')).toEqual({ kind: 'role', role: 'arbiter' });
    expect(parsed('I play white')).toEqual({ kind: 'color', whose: 'me', color: 'w' });
    expect(parsed('ich spiele weiß')).toEqual({ kind: 'color', whose: 'me', color: 'w' });
    expect(parsed('the blind player plays black')).toEqual({ kind: 'color', whose: 'blind', color: 'b' });
    expect(parsed('edition nineteen ninety three')).toEqual({
      kind: 'edition',
      profileId: 'fide1993-ibca1985',
    });
    expect(parsed('edition twenty eighteen')).toEqual({ kind: 'edition', profileId: 'fide2018' });
    expect(parsed('Ausgabe zweiundsiebzig')).toEqual({ kind: 'edition', profileId: 'fide1972' });
    expect(parsed('time control fifteen plus ten')).toEqual({ kind: 'timeControl', index: 4 });
    expect(parsed('relay manual')).toEqual({ kind: 'relay', relay: 'manual' });
    expect(parsed('assisted relay')).toEqual({ kind: 'relay', relay: 'assisted' });
    expect(parsed('Übertragung automatisch')).toEqual({ kind: 'relay', relay: 'automatic' });
    expect(parsed('with arbiter')).toEqual({ kind: 'arbiter', on: true });
    expect(parsed('without repetition')).toEqual({ kind: 'repetition', on: false });
  });
  test('anything else is an error value, and the first understood alternative wins', () => {
    expect(parsed('edition nineteen fifty')).toBe('notUnderstood');
    expect(parsed('knight f3')).toBe('notUnderstood');
    expect(parsed('  ')).toBe('empty');
    const r = parseSetupHeard(['really manual', 'relay manual']);
    expect(r.ok && r.value).toEqual({ kind: 'relay', relay: 'manual' });
  });
});

const twinboard = withTestServer();
afterEach(() => cleanup());

test('the blind player sets up and creates a game by voice; the opponent joins by saying the code', async () => {
  const listener = createFakeListener();
  const voice = connectVoice(listener);
  const confirmed: string[] = [];
  const spoken: string[] = [];
  const entered = renderSetupScreen(twinboard.url, {
    speak: (text) => spoken.push(text),
    confirm: (text) => confirmed.push(text),
    talk: voice.toggle,
  });
  // The V key opens the microphone, like the Talk button.
  await userEvent.setup().keyboard('v');
  expect(voice.isOpen()).toBe(true);
  const say = (text: string) => act(() => void listener.say(text));
  say('I am the blind player');
  say('I play black');
  say('edition nineteen eighty eight');
  say('time control ninety minutes');
  say('relay manual');
  say('with arbiter');
  expect(confirmed).toEqual([
    'My role: Blind player',
    "Blind player's colour: Black",
    'Rules edition: FIDE 1988 + IBCA 1985',
    'Time control: 90 min',
    'Relay: Manual: each player executes it on his own board',
    'An arbiter takes part',
  ]);
  // The form shows every spoken choice (keyboard users see the same state).
  expect((screen.getByRole('radio', { name: /^Manual/ }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByRole('radio', { name: 'Black' }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByRole('checkbox', { name: 'An arbiter takes part' }) as HTMLInputElement).checked).toBe(
    true,
  );
  say('read settings');
  expect(confirmed.at(-1)).toMatch(
    /^My role: Blind player\. Blind player's colour: Black\. Rules edition: FIDE 1988/,
  );
  say('fly me to the moon');
  expect(confirmed.at(-1)).toBe('Not understood: fly me to the moon. Say help for the setup commands.');
  say('create game');
  await waitFor(() => expect(spoken.some((s) => s.startsWith('Game created. Pairing code:'))).toBe(true), {
    timeout: 5000,
  });
  const code = /Pairing code: ([a-z]+ [a-z]+ [a-z]+)\./.exec(spoken.join(' '))?.[1] ?? '';
  const config = twinboard.server.store.room(code.split(' ').join('-'))?.config;
  expect(config).toMatchObject({ relay: 'manual', blindColor: 'b', profileId: 'fide1988-ibca1985' });
  expect(config?.['roles']).toContain('arbiter');
  say('enter game');
  expect(entered[0]?.role).toBe('blind');
  cleanup();

  // The opponent, on his own device, says his role and the code as he heard it.
  const joined = renderSetupScreen(twinboard.url, { confirm: (text) => confirmed.push(text) });
  say('I am the sighted player');
  say(`join game ${code}`);
  expect(confirmed.at(-1)).toBe(`Joining ${code} as Sighted player`);
  await waitFor(() => expect(joined).toHaveLength(1), { timeout: 5000 });
  expect(joined[0]).toMatchObject({ code: code.split(' ').join('-'), role: 'sighted' });
  expect((screen.getByRole('textbox', { name: 'Pairing code' }) as HTMLInputElement).value).toBe(code);
  voice.dispose();
});
