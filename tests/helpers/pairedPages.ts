// Real-browser test helper: what the players do on the paired screens of the built app — create a
// game on the setup screen, join it by its code, and make a move on the blind player's accessible
// board (keys) or the sighted player's board (clicks) through to the clock press.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** How long `expect.poll` waits for a screen to catch up: three browsers and the server share a busy machine. */
export const PAGE_WAIT = { timeout: 5000, interval: 50 };

/** What the blind player chooses on the setup screen besides his role. */
export interface CreateOptions {
  assistant?: boolean;
  relay?: string;
  arbiter?: boolean;
  repetition?: boolean;
  /** Polling for the server's confirmation; PAGE_WAIT by default. */
  wait?: { timeout: number; interval: number };
}

/** Creates a game as the blind player on the app at `appUrl` and enters it; returns the pairing code as said. */
export async function createGame(p: Page, appUrl: string, options: CreateOptions = {}): Promise<string> {
  await p.goto(`${appUrl}#/setup`);
  const form = p.getByRole('form', { name: 'Create a game' });
  await form.getByRole('radio', { name: 'Blind player', exact: true }).check();
  if (options.assistant) await form.getByRole('radio', { name: "The blind player's assistant" }).check();
  if (options.relay) await form.getByRole('radio', { name: new RegExp(`^${options.relay}:`) }).check();
  if (options.arbiter) await form.getByRole('checkbox', { name: 'An arbiter takes part' }).check();
  if (options.repetition) await form.getByRole('checkbox', { name: /repeats each move explicitly/ }).check();
  await form.getByRole('button', { name: 'Create the game' }).click();
  const code = (await p.getByTestId('created-code').textContent())?.trim() ?? '';
  expect(code.split(' ')).toHaveLength(3);
  await expect
    .poll(() => p.getByTestId('setup-status').textContent(), options.wait ?? PAGE_WAIT)
    .toContain(code);
  // The assistant's and the arbiter's seats need their own invitation codes (issue 14).
  const invited: [boolean | undefined, string, string][] = [
    [options.assistant, "Blind player's assistant", 'blindAssistant'],
    [options.arbiter, 'Arbiter', 'arbiter'],
  ];
  for (const [wanted, name, role] of invited) {
    if (!wanted) continue;
    await p.getByRole('button', { name: `Make an invitation code for: ${name}` }).click();
    const words = (await p.getByTestId(`invite-${role}`).textContent())?.trim() ?? '';
    invitations.set(`${code}/${name}`, words);
  }
  await p.getByRole('button', { name: /^Return to game/ }).click();
  await p.getByRole('grid').first().waitFor();
  return code;
}

/** The invitation codes `createGame` made, by pairing code and role name. */
const invitations = new Map<string, string>();

/**
 * Opens the room of `code` on the app at `appUrl` and joins it in `role` (with the invitation
 * `createGame` made, for an assistant or the arbiter).
 */
export async function joinGame(p: Page, appUrl: string, code: string, role: string): Promise<void> {
  await p.goto(`${appUrl}#/room/${code.split(' ').join('-')}`);
  const form = p.getByRole('form', { name: 'Join a game' });
  await form.waitFor({ timeout: 10_000 }).catch(async (e: unknown) => {
    console.log('JOIN PAGE', code, p.url(), await p.locator('body').textContent());
    throw e;
  });
  await form.getByRole('radio', { name: role, exact: true }).check();
  const invitation = invitations.get(`${code}/${role}`);
  if (invitation) await form.getByRole('textbox', { name: 'Invitation code' }).fill(invitation);
  await form.getByRole('button', { name: 'Join' }).click();
  await p.getByRole('grid').first().waitFor();
}

/** The blind player's move by keyboard on his accessible board: lift, place, announce, press (BL-12). */
export async function blindMove(p: Page, uci: string): Promise<void> {
  await p
    .locator(`[role="grid"] [data-square="${uci.slice(0, 2)}"]`)
    .first()
    .click();
  await p.keyboard.press('Enter');
  await p
    .locator(`[role="grid"] [data-square="${uci.slice(2, 4)}"]`)
    .first()
    .click();
  await p.keyboard.press('Enter');
  await p.keyboard.press('a');
  await p.keyboard.press('Shift+Enter');
}

/** The sighted player's move by clicks (touch-move), the promotion choice, and the clock. */
export async function sightedMove(p: Page, uci: string): Promise<void> {
  await p
    .locator(`[data-square="${uci.slice(0, 2)}"]`)
    .first()
    .click();
  // As a person would: the touch is registered (and shown) before the piece is put down.
  await p.getByRole('status').filter({ hasText: 'Touched' }).waitFor({ timeout: 5000 });
  await p
    .locator(`[data-square="${uci.slice(2, 4)}"]`)
    .first()
    .click();
  if (uci.length === 5)
    await p.getByRole('dialog', { name: 'Promote to' }).getByRole('button', { name: 'Queen' }).click();
  await p
    .getByRole('button', { name: 'Press clock' })
    .click({ timeout: 10_000 })
    .catch(async (e: unknown) => {
      console.log('PRESS CLOCK MISSING', uci, await p.locator('body').textContent());
      throw e;
    });
}
