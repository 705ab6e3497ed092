// POST /api/recognise on the real server (issue 25): the server process as `npm start` runs it,
// its pocketsphinx decoders, and WAV files spoken by espeak-ng and converted by sox. Clear moves
// are played or offered by name; every malformed request is refused with a clear JSON error and
// costs no decoding; a flood is rate-limited; and play on the same server goes on while the
// decoders work.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../helpers/appServer.ts';
import { openWire } from './wire.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** White may castle short: 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5. */
const CASTLE = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

const work = mkdtempSync(join(tmpdir(), 'twinboard-recognise-'));
let server: RunningServer;

/** A phrase spoken by espeak-ng, as a 16 kHz mono 16-bit WAV (or with `soxArgs`, another format). */
function spoken(
  name: string,
  text: string,
  voice = 'en-us',
  soxArgs = ['-r', '16000', '-c', '1', '-b', '16'],
) {
  const raw = join(work, `${name}.espeak.wav`);
  const wav = join(work, `${name}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-s', '140', '-w', raw, text]);
  execFileSync('sox', [raw, ...soxArgs, wav]);
  return readFileSync(wav);
}

function recognise(query: Record<string, string>, body: Buffer | string, type = 'audio/wav') {
  return fetch(`${server.url}api/recognise?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

interface Answer {
  alternatives: { transcript: string; confidence: number; source: string; acoustic?: number }[];
  decision: { kind: string; uci?: string; candidates?: { uci: string }[] };
}

beforeAll(async () => {
  // Twenty recognitions a second, after the usual burst of ten: the tests' own requests all come
  // from one address, and the flood below still outruns the burst.
  server = await startServer({ env: { TWINBOARD_RECOGNITIONS_PER_SECOND: '20' } });
}, 30_000);
afterAll(async () => {
  await server?.stop();
});

describe('spoken moves through the endpoint', () => {
  test('the server says that it recognises speech, with pocketsphinx', async () => {
    const status = await (await fetch(`${server.url}api/recognise`)).json();
    expect(status).toEqual({ available: true, recogniser: 'pocketsphinx', locales: ['en', 'de'] });
  });

  test('a plainly said move is played, with both passes and their confidences in the answer', async () => {
    const response = await recognise(
      { fen: START, vocabulary: 'ibca1985', locale: 'en' },
      spoken('knight', 'Knight Gustav one Felix three'),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.decision).toEqual({ kind: 'play', uci: 'g1f3' });
    expect(answer.alternatives.map((a) => a.source)).toContain('position');
    expect(answer.alternatives.map((a) => a.source)).toContain('free');
    for (const a of answer.alternatives) expect(a.confidence).toBeGreaterThanOrEqual(0);
    // Each pass's best transcript carries how well its words fit the sound.
    for (const source of ['position', 'free'])
      expect(answer.alternatives.find((a) => a.source === source)?.acoustic).toEqual(expect.any(Number));
  }, 30_000);

  test.each([
    ['a pawn move', START, 'ibca1985', 'en', 'Evan two Evan four', 'en-us', 'e2e4'],
    ['castling, in the rules’ words', CASTLE, 'ibca1985', 'en', 'Kurze Rochade', 'en-us', 'e1g1'],
    ['NATO words', START, 'nato', 'en', 'Knight Bravo one Charlie three', 'en-gb', 'b1c3'],
    [
      'German, with the German vocabulary',
      START,
      'fide2018-de',
      'de',
      'Springer Gustav eins nach Felix drei',
      'de',
      'g1f3',
    ],
  ])(
    '%s: the move said is played or offered by name',
    async (_, fen, vocabulary, locale, text, voice, uci) => {
      const response = await recognise({ fen, vocabulary, locale }, spoken(uci, text, voice));
      expect(response.status).toBe(200);
      const { decision } = (await response.json()) as Answer;
      const named = decision.kind === 'play' ? [decision.uci] : (decision.candidates ?? []).map((c) => c.uci);
      expect(decision.kind).not.toBe('none');
      expect(named).toContain(uci);
      // Never another move played in its place.
      if (decision.kind === 'play') expect(decision.uci).toBe(uci);
    },
    30_000,
  );
});

describe('hostile requests', () => {
  const query = { fen: START, vocabulary: 'ibca1985', locale: 'en' };
  let good: Buffer;
  beforeAll(() => {
    good = spoken('good', 'Evan two Evan four');
  });

  test.each([
    ['a body that is no WAV', () => recognise(query, 'not a wave file at all'), 415, 'not-wav'],
    [
      '44.1 kHz audio',
      () => recognise(query, spoken('cd', 'Evan four', 'en-us', ['-r', '44100', '-c', '1', '-b', '16'])),
      415,
      'not-pcm16-mono-16k',
    ],
    [
      'stereo audio',
      () => recognise(query, spoken('stereo', 'Evan four', 'en-us', ['-r', '16000', '-c', '2', '-b', '16'])),
      415,
      'not-pcm16-mono-16k',
    ],
    [
      '8-bit audio',
      () => recognise(query, spoken('byte', 'Evan four', 'en-us', ['-r', '16000', '-c', '1', '-b', '8'])),
      415,
      'not-pcm16-mono-16k',
    ],
    [
      '16 seconds of audio',
      () => {
        const wav = join(work, 'long.wav');
        execFileSync('sox', [
          '-n',
          '-r',
          '16000',
          '-c',
          '1',
          '-b',
          '16',
          wav,
          'synth',
          '16',
          'pinknoise',
          'vol',
          '0.05',
        ]);
        return recognise(query, readFileSync(wav));
      },
      413,
      'too-long',
    ],
    [
      'a FEN that does not parse',
      () => recognise({ ...query, fen: 'rnbqkbnr/pppppppp/8/8 w' }, good),
      400,
      'fen',
    ],
    ['no FEN', () => recognise({ vocabulary: 'ibca1985', locale: 'en' }, good), 400, 'fen'],
    [
      'an unknown vocabulary',
      () => recognise({ ...query, vocabulary: '__proto__' }, good),
      400,
      'vocabulary',
    ],
    ['an unknown locale', () => recognise({ ...query, locale: 'fr' }, good), 400, 'locale'],
    ['another content type', () => recognise(query, good, 'application/octet-stream'), 415, 'content-type'],
    ['another method', () => fetch(`${server.url}api/recognise`, { method: 'DELETE' }), 405, 'method'],
  ])(
    '%s is refused with a clear JSON error',
    async (_, send, status, error) => {
      const response = await send();
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe(error);
      expect(body.message.length).toBeGreaterThan(10);
    },
    30_000,
  );

  test('a flood is rate-limited per address, and play on the same server goes on meanwhile', async () => {
    const table = await openWire(`ws://127.0.0.1:${server.port}/ws`);
    try {
      const statuses = recogniseMany(30);
      let decoding = true;
      void statuses.finally(() => (decoding = false));
      // While the decoders work through the queue, the game's socket is answered: decoding
      // never blocks play.
      for (let i = 0; i < 10; i++) {
        table.send({ t: 'ping' });
        await table.next('pong');
      }
      expect(decoding).toBe(true);
      const answers = await statuses;
      expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(answers.filter((s) => s === 200).length).toBeGreaterThan(1);
      expect(answers.every((s) => s === 200 || s === 429 || s === 503)).toBe(true);
      // The server is still up and still recognises once the address may again.
      const after = await fetch(`${server.url}api/recognise`);
      expect(after.status).toBe(200);
    } finally {
      await table.close();
    }
  }, 60_000);

  async function recogniseMany(n: number): Promise<number[]> {
    const responses = await Promise.all(Array.from({ length: n }, () => recognise(query, good)));
    const limited = responses.find((r) => r.status === 429);
    if (limited) expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    return responses.map((r) => r.status);
  }
});
