// The event's rules at setup (issue 12) in real Chromium against the real server: competition
// mode, the blind player's own typed score and the late-arrival default time are labelled,
// described controls worked by keyboard, the setup page has no axe violations (contrast included),
// and the room created carries them.
import { expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { axeViolations } from '../helpers/browser.ts';
import { withBuiltApp } from '../helpers/builtApp.ts';

const app = withBuiltApp();

test('the event’s rules are set by keyboard at setup and the created room has them', async () => {
  const p = await (await app.browser.newContext()).newPage();
  await p.goto(`${app.server.url}#/setup`);
  const form = p.getByRole('form', { name: 'Create a game' });
  const competition = form.getByRole('checkbox', { name: 'Competition mode' });
  await competition.focus();
  await p.keyboard.press('Space');
  expect(await competition.isChecked()).toBe(true);
  expect(await competition.getAttribute('aria-describedby')).toBeTruthy();
  const typed = form.getByRole('checkbox', { name: 'The blind player keeps his own typed score' });
  await typed.focus();
  await p.keyboard.press('Space');
  expect(await typed.isChecked()).toBe(true);
  await form.getByRole('combobox', { name: 'A player who has not arrived loses after' }).selectOption('30');
  expect(await axeViolations(p)).toEqual([]);

  await form.getByRole('button', { name: 'Create the game' }).click();
  const code = (await p.getByTestId('created-code').textContent())?.trim() ?? '';
  // The server's own database holds the room's configuration.
  const db = new Database(app.server.dbPath, { readonly: true });
  const row = db.prepare('SELECT config FROM rooms WHERE code = ?').get(code.split(' ').join('-')) as
    { config: string } | undefined;
  db.close();
  expect(JSON.parse(row?.config ?? '{}')).toMatchObject({
    competition: true,
    blindScore: 'typed',
    lateArrivalMs: 30 * 60_000,
  });
});
