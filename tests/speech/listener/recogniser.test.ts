// Twinboard's server recogniser as the browser sees it (issue 25): whether the page's server
// recognises speech, which recogniser the talk key uses, and the server's answers checked before
// anything acts on them.
import { describe, expect, test } from 'vitest';
import {
  chooseRecogniser,
  DEFAULT_INSTALL,
  parseRecognition,
  parseRecogniserStatus,
  probeServerRecogniser,
  retryAfterSeconds,
  transcriptsOf,
  type ServerRecogniserStatus,
} from '../../../src/speech/listener/recogniser.ts';
import {
  describeNoRecogniser,
  describeRecogniser,
  describeRecogniserInUse,
} from '../../../src/speech/listener/messages.ts';

const INSTALL = 'sudo apt-get install -y pocketsphinx pocketsphinx-en-us';
const AVAILABLE: ServerRecogniserStatus = { kind: 'available', locales: ['en', 'de'] };
const MISSING: ServerRecogniserStatus = { kind: 'missing', install: INSTALL };
const ABSENT: ServerRecogniserStatus = { kind: 'absent' };

describe("the server's status", () => {
  test('GET /api/recognise is read into available, missing (with its command) or absent', () => {
    expect(
      parseRecogniserStatus({ available: true, recogniser: 'pocketsphinx', locales: ['en', 'de', 3] }),
    ).toEqual({ kind: 'available', locales: ['en', 'de'] });
    expect(parseRecogniserStatus({ available: false, install: ` ${INSTALL} ` })).toEqual(MISSING);
    expect(parseRecogniserStatus({ available: false })).toEqual({ kind: 'missing' });
    for (const other of [null, 'yes', [], { available: 'true' }, {}])
      expect(parseRecogniserStatus(other)).toEqual(ABSENT);
  });

  test("it is asked on the page's origin; an error, a 404 or a page that is not JSON is no server", async () => {
    const asked: string[] = [];
    const answering =
      (response: () => Response): typeof fetch =>
      async (input) => {
        asked.push(String(input));
        return response();
      };
    expect(
      await probeServerRecogniser(
        'http://club.local:8080',
        answering(() => Response.json({ available: true, locales: ['en'] })),
      ),
    ).toEqual({ kind: 'available', locales: ['en'] });
    expect(asked).toEqual(['http://club.local:8080/api/recognise']);
    expect(
      await probeServerRecogniser(
        'http://x',
        answering(() => new Response('no', { status: 404 })),
      ),
    ).toEqual(ABSENT);
    expect(
      await probeServerRecogniser(
        'http://x',
        answering(() => new Response('<!doctype html>', { status: 200 })),
      ),
    ).toEqual(ABSENT);
    expect(
      await probeServerRecogniser('http://x', () => Promise.reject(new TypeError('Failed to fetch'))),
    ).toEqual(ABSENT);
  });

  test('a server that does not answer in time is no server', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    expect(await probeServerRecogniser('http://x', hanging, 20)).toEqual(ABSENT);
  });
});

describe('which recogniser the talk key uses', () => {
  const choose = (server: ServerRecogniserStatus, model = '', webSpeech = true, locale = 'en') =>
    chooseRecogniser({ server, locale, offlineModelUrl: model, webSpeech });

  test("Twinboard's server first, then a Vosk model, then Web Speech, else none", () => {
    expect(choose(AVAILABLE, '/models/en.tar.gz')).toEqual({
      kind: 'server',
      // The screens with no position to hear moves in (the setup form) are heard by the next one.
      otherwise: { kind: 'vosk', modelUrl: '/models/en.tar.gz' },
    });
    expect(choose(AVAILABLE, '', false)).toEqual({ kind: 'server', otherwise: { kind: 'none' } });
    expect(choose(ABSENT, '/models/en.tar.gz')).toEqual({ kind: 'vosk', modelUrl: '/models/en.tar.gz' });
    expect(choose(ABSENT)).toEqual({ kind: 'webSpeech' });
    expect(choose(ABSENT, '', false)).toEqual({ kind: 'none' });
  });

  test('a server without pocketsphinx is passed over, and its command kept to tell the player', () => {
    expect(choose(MISSING, '/m.tar.gz')).toEqual({
      kind: 'vosk',
      modelUrl: '/m.tar.gz',
      serverInstall: INSTALL,
    });
    expect(choose(MISSING)).toEqual({ kind: 'webSpeech', serverInstall: INSTALL });
    expect(choose(MISSING, '', false)).toEqual({ kind: 'none', serverInstall: INSTALL });
    expect(choose({ kind: 'missing' }, '', false)).toEqual({ kind: 'none', serverInstall: DEFAULT_INSTALL });
  });

  test("a server that does not recognise the player's language is passed over", () => {
    expect(choose({ kind: 'available', locales: ['en'] }, '', true, 'de')).toEqual({ kind: 'webSpeech' });
  });

  test('each choice is named in English and German, and none says why and what to install', () => {
    expect(describeRecogniser('en', { kind: 'server', otherwise: { kind: 'webSpeech' } })).toBe(
      'Twinboard’s own recogniser, on this server, without the internet',
    );
    expect(describeRecogniser('de', { kind: 'vosk', modelUrl: '/m.tar.gz' })).toBe(
      'das Offline-Sprachmodell unter /m.tar.gz',
    );
    expect(describeRecogniserInUse('en', { kind: 'webSpeech', serverInstall: INSTALL })).toBe(
      `Speech recognition in use: the browser’s recogniser (in some browsers an online service). Twinboard’s own recogniser needs pocketsphinx on the server: ${INSTALL}`,
    );
    expect(describeNoRecogniser('en', { kind: 'none', serverInstall: INSTALL })).toContain(INSTALL);
    expect(describeNoRecogniser('en', { kind: 'none' })).toMatch(
      /^No speech recognition is available: this page is not served by Twinboard’s server, no offline speech model is set, and this browser cannot recognise speech\./,
    );
    expect(describeNoRecogniser('de', { kind: 'none' })).toMatch(/^Es ist keine Spracherkennung verfügbar/);
  });
});

describe("the server's answer to a recording", () => {
  test('alternatives with transcript, confidence, source and acoustic score are taken; the confidence is kept within 0…1', () => {
    expect(
      parseRecognition({
        alternatives: [
          { transcript: 'evan four', confidence: 0.92, source: 'position', acoustic: -0.31 },
          { transcript: 'evan four', confidence: 7, source: 'free', acoustic: 'loud' },
          { transcript: '', source: 'free' },
        ],
        decision: { kind: 'play', uci: 'e2e4' },
      }),
    ).toEqual([
      { transcript: 'evan four', confidence: 0.92, source: 'position', acoustic: -0.31 },
      { transcript: 'evan four', confidence: 1, source: 'free' },
      { transcript: '', confidence: 0, source: 'free' },
    ]);
    expect(parseRecognition({ alternatives: [] })).toEqual([]);
  });

  test('anything else is refused whole', () => {
    for (const bad of [
      null,
      { alternatives: 'evan four' },
      { alternatives: [{ transcript: 4, source: 'position' }] },
      { alternatives: [{ transcript: 'evan four', source: 'elsewhere' }] },
      { error: 'fen' },
    ])
      expect(parseRecognition(bad)).toBeUndefined();
  });

  test("the position grammar's transcripts come first", () => {
    expect(
      transcriptsOf([
        { transcript: 'b', confidence: 0.5, source: 'free' },
        { transcript: 'a', confidence: 0.9, source: 'position' },
      ]),
    ).toEqual(['a', 'b']);
  });

  test('Retry-After in seconds or as a date', () => {
    expect(retryAfterSeconds('3', 0)).toBe(3);
    expect(retryAfterSeconds('0', 0)).toBe(1);
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 2_000)).toBe(8);
    expect(retryAfterSeconds(null, 0)).toBeUndefined();
    expect(retryAfterSeconds('soon', 0)).toBeUndefined();
  });
});
