// Voice through Twinboard's own recogniser in real Chromium (issue 25): the built app and the real
// server with Debian's pocketsphinx; Chromium's fake microphone plays WAV files made here by
// espeak-ng and sox. The blind player holds the talk key `v` and speaks: the page records with its
// AudioWorklet, posts each utterance to POST /api/recognise and acts on the answer. A move said
// plainly is played at once; one said without its piece is offered by name and played on "yes".
// Chromium takes one audio file per launch and starts it again whenever the microphone opens, so
// each file gets its own launch, over one browser profile: the second launch resumes the game.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { axeViolations, CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/appServer.ts';
import { opponentMove } from '../helpers/blindKeys.ts';
import { heard, recordHeard, waitToHear } from '../helpers/heard.ts';
import { findMove, START_FEN, type Square } from '../../src/core/index.ts';
import { describeMove, describeSquare } from '../../src/speech/index.ts';

/** A recognition takes a fraction of a second; the first one starts the decoders. */
const HEAR = 30_000;

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'twinboard-voice-'));
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A WAV file as a player would say it into the microphone: each string spoken by espeak-ng, each
 * number that many seconds of silence, all at 16 kHz mono 16-bit (sox). It ends in a long silence:
 * Chromium plays it in a loop, and the player lets go of the key before it comes round again.
 */
function saying(name: string, parts: readonly (string | number)[]): string {
  const pieces = parts.map((part, i) => {
    const piece = join(dir, `${name}-${i}.wav`);
    if (typeof part === 'number')
      execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', piece, 'trim', '0', String(part)]);
    else {
      const raw = join(dir, `${name}-${i}-raw.wav`);
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, part]);
      execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', piece]);
    }
    return piece;
  });
  const file = join(dir, `${name}.wav`);
  execFileSync('sox', [...pieces, file]);
  return file;
}

/** Opens the built app in a Chromium whose microphone says `wav`, over the test's one profile. */
async function withMicrophone(wav: string, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await recordHeard(page);
    await run(page);
  } finally {
    await context.close();
  }
}

/** Every answer of the recogniser's endpoint the page received (method and status). */
function recognitions(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/recognise')
      seen.push(`${response.request().method()} ${response.status()}`);
  });
  return seen;
}

/** How many times the page said something containing `words`. */
const timesSaid = async (page: Page, words: string) =>
  (await heard(page)).filter((h) => h.text.includes(words)).length;

/** The focus is on the blind player's board. */
const focusOnBoard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="grid"]')?.getAttribute('aria-label') ?? null);

/** The position after a legal move. */
function after(fen: string, uci: string): string {
  const move = findMove(fen, uci);
  if (!move.ok) throw new Error(`${uci} is not legal in ${fen}`);
  return move.value.fenAfter;
}

/** The board reads the move's squares as the position after it; returns that position. */
async function expectBoard(page: Page, fen: string, uci: string): Promise<string> {
  const fenAfter = after(fen, uci);
  const board = page.getByRole('grid', { name: 'Board', exact: true });
  for (const square of [uci.slice(0, 2), uci.slice(2, 4)] as Square[])
    await expect(board.locator(`[data-square="${square}"]`).getAttribute('aria-label')).resolves.toBe(
      describeSquare(fenAfter, square),
    );
  return fenAfter;
}

test('a local game by voice through the server recogniser: a move offered and played on "yes", one played at once', async () => {
  const status = await fetch(new URL('/api/recognise', server.url));
  expect(await status.json()).toMatchObject({ available: true, recogniser: 'pocketsphinx' });

  const offer = saying('offer', [0.5, 'gustav one to felix three', 2.5, 'yes', 8]);
  const plain = saying('plain', [0.5, 'pawn evan two to evan four', 8]);
  let fen = START_FEN;

  await withMicrophone(offer, async (page) => {
    const answers = recognitions(page);
    await page.goto(`${server.url}#/local`);
    await page.getByRole('grid', { name: 'Board', exact: true }).waitFor();
    await expect.poll(() => focusOnBoard(page)).toBe('Board');
    await page.keyboard.down('v');
    // The first opening names the recogniser, once.
    await waitToHear(
      page,
      'Listening, with Twinboard’s own recogniser, on this server, without the internet.',
      HEAR,
    );
    // Said without its piece, the move is offered by name, not played …
    await waitToHear(page, 'Knight Felix three? Say yes or no.', HEAR);
    expect(
      await page
        .getByRole('grid', { name: 'Board', exact: true })
        .locator('[data-square="g1"]')
        .getAttribute('aria-label'),
    ).toBe(describeSquare(fen, 'g1'));
    // … and "yes", said while the key is still held, plays it.
    await waitToHear(page, 'Announced: Knight Gustav one to Felix three', HEAR);
    await page.keyboard.up('v');
    expect(answers).toEqual(['GET 200', 'POST 200', 'POST 200']);
    expect(await timesSaid(page, 'Listening, with')).toBe(1);
    expect(await timesSaid(page, 'Knight Felix three? Say yes or no.')).toBe(1);
    expect(await timesSaid(page, 'Announced: Knight Gustav one to Felix three')).toBe(1);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: 'Announced: Knight Gustav one to Felix three' })
        .count(),
    ).toBe(1);
    fen = await expectBoard(page, fen, 'g1f3');
    expect(await focusOnBoard(page)).toBe('Board');
    await page.keyboard.press('Shift+Enter');
    await waitToHear(page, 'Clock pressed');
    await opponentMove(page, 'e7', 'e5');
    await waitToHear(page, describeMove(fen, 'e7e5'));
    fen = after(fen, 'e7e5');
    expect(await axeViolations(page)).toEqual([]);
  });

  // The next launch resumes the game; a move said plainly is played at once.
  await withMicrophone(plain, async (page) => {
    const answers = recognitions(page);
    await page.goto(`${server.url}#/local`);
    await waitToHear(page, 'Game resumed');
    await expect.poll(() => focusOnBoard(page)).toBe('Board');
    await page.keyboard.down('v');
    await waitToHear(page, 'Announced: Pawn Evan two to Evan four', HEAR);
    await page.keyboard.up('v');
    expect(answers).toEqual(['GET 200', 'POST 200']);
    expect(await timesSaid(page, 'Announced: Pawn Evan two to Evan four')).toBe(1);
    fen = await expectBoard(page, fen, 'e2e4');
    expect(await focusOnBoard(page)).toBe('Board');
    expect(await axeViolations(page)).toEqual([]);
  });
});
