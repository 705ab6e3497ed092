// The Listener adapter over Twinboard's server recogniser (issue 25), with a fake microphone and a
// fake fetch standing in for the browser (the adapter is what is under test; the endpoint itself
// is tested against the real server in tests/server and tests/e2e/serverVoice.test.ts).
import { afterEach, describe, expect, test } from 'vitest';
import { createServerListener, type ServerListenerOptions } from '../../../src/speech/listener/server.ts';
import type { MicrophoneInput } from '../../../src/speech/listener/microphone.ts';
import type { Listener, ListenerEvent, RecognisedAlternative } from '../../../src/ports/listener.ts';
import { WAV_HEADER_BYTES } from '../../../src/speech/listener/wav.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MIC_RATE = 48_000;
const CHUNK = 960; // 20 ms at 48 kHz
const RECOGNISED: readonly RecognisedAlternative[] = [
  { transcript: 'evan four', confidence: 0.6, source: 'free' },
  { transcript: 'pawn evan two to evan four', confidence: 0.9, source: 'position' },
];

/** A microphone the test speaks into: `speak(ms)` a loud tone, `pause(ms)` silence. */
class FakeMicrophone implements MicrophoneInput {
  readonly sampleRate = MIC_RATE;
  closed = false;
  private fn: ((chunk: Float32Array) => void) | undefined;
  onChunk(fn: (chunk: Float32Array) => void) {
    this.fn = fn;
  }
  close() {
    this.closed = true;
  }
  private send(ms: number, amplitude: number) {
    for (let at = 0; at < (ms / 1000) * MIC_RATE; at += CHUNK)
      this.fn?.(
        Float32Array.from(
          { length: CHUNK },
          (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * (at + i)) / MIC_RATE),
        ),
      );
  }
  speak(ms: number) {
    this.send(ms, 0.3);
  }
  pause(ms: number) {
    this.send(ms, 0);
  }
}

interface Posted {
  readonly url: URL;
  readonly type: string | null;
  readonly body: Uint8Array;
  readonly signal: AbortSignal | undefined;
  answer(response: Response | Error): void;
}

/** A fake fetch: every request waits until the test answers it. */
function fakeServer() {
  const posted: Posted[] = [];
  const waiting: (() => void)[] = [];
  const fetch: typeof globalThis.fetch = (input, init) =>
    new Promise((resolve, reject) => {
      posted.push({
        url: new URL(String(input)),
        type: new Headers(init?.headers).get('content-type'),
        body: init?.body as Uint8Array,
        signal: init?.signal ?? undefined,
        answer: (r) => (r instanceof Error ? reject(r) : resolve(r)),
      });
      waiting.splice(0).forEach((w) => w());
    });
  const nextPost = async (count = 1): Promise<Posted> => {
    while (posted.length < count) await new Promise<void>((r) => waiting.push(r));
    return posted[count - 1]!;
  };
  return { fetch, posted, nextPost };
}

const listeners: Listener[] = [];
afterEach(() => listeners.splice(0).forEach((l) => l.abort()));

function setup(options: Partial<ServerListenerOptions> = {}) {
  const microphone = new FakeMicrophone();
  const server = fakeServer();
  let position: string | undefined = START;
  const listener = createServerListener({
    origin: 'http://club.local:8080',
    position: () => position,
    vocabulary: () => 'ibca1985',
    fetch: server.fetch,
    openMicrophone: async () => microphone,
    ...options,
  });
  listeners.push(listener);
  const events: ListenerEvent[] = [];
  const waiting: { type: ListenerEvent['type']; resolve: (e: ListenerEvent) => void }[] = [];
  listener.subscribe((event) => {
    events.push(event);
    for (const w of waiting.filter((w) => w.type === event.type)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(event);
    }
  });
  /** The next event of this type (or the one already there, counted from `since`). */
  const next = <T extends ListenerEvent['type']>(type: T) =>
    new Promise<Extract<ListenerEvent, { type: T }>>((resolve) =>
      waiting.push({ type, resolve: resolve as (e: ListenerEvent) => void }),
    );
  return {
    listener,
    microphone,
    server,
    events,
    next,
    setPosition: (fen: string | undefined) => (position = fen),
  };
}

const answerJson = (body: object, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('recording and sending', () => {
  test('an utterance ended by a silence is posted as a 16 kHz WAV with the position, vocabulary and language', async () => {
    const { listener, microphone, server, next } = setup({ locale: 'de' });
    const listening = next('listening');
    listener.start();
    await listening;
    microphone.pause(500);
    microphone.speak(1000);
    expect(server.posted).toHaveLength(0);
    microphone.pause(1000);
    const post = await server.nextPost();
    expect(`${post.url.origin}${post.url.pathname}`).toBe('http://club.local:8080/api/recognise');
    expect(Object.fromEntries(post.url.searchParams)).toEqual({
      fen: START,
      vocabulary: 'ibca1985',
      locale: 'de',
    });
    expect(post.type).toBe('audio/wav');
    const view = new DataView(post.body.buffer, post.body.byteOffset, post.body.byteLength);
    expect(String.fromCharCode(...post.body.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    // 300 ms before the speech, the second of speech, 300 ms after it: 1.6 s at 16 kHz.
    expect(view.getUint32(40, true)).toBe(1.6 * 16_000 * 2);
    const result = next('result');
    post.answer(answerJson({ alternatives: RECOGNISED, decision: { kind: 'play', uci: 'e2e4' } }));
    expect(await result).toEqual({
      type: 'result',
      alternatives: ['pawn evan two to evan four', 'evan four'],
      checked: true,
      recognised: RECOGNISED,
    });
    expect(listener.isListening()).toBe(true);
  });

  test("the talk key's release sends what was said at once and closes the microphone", async () => {
    const { listener, microphone, server, next, events } = setup();
    const listening = next('listening');
    listener.start();
    await listening;
    microphone.speak(700);
    listener.stop();
    expect(microphone.closed).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'idle' });
    const post = await server.nextPost();
    const result = next('result');
    post.answer(answerJson({ alternatives: RECOGNISED, decision: { kind: 'play', uci: 'e2e4' } }));
    expect((await result).recognised).toEqual(RECOGNISED);
  });

  test('a release with nothing said sends nothing', async () => {
    const { listener, microphone, server, next } = setup();
    const listening = next('listening');
    listener.start();
    await listening;
    microphone.pause(2000);
    listener.stop();
    expect(microphone.closed).toBe(true);
    expect(server.posted).toHaveLength(0);
  });

  test('answers are delivered in the order the utterances were said', async () => {
    const { listener, microphone, server, next, events } = setup();
    const listening = next('listening');
    listener.start();
    await listening;
    microphone.speak(500);
    microphone.pause(1000);
    microphone.speak(500);
    microphone.pause(1000);
    const first = await server.nextPost(1);
    const second = await server.nextPost(2);
    second.answer(answerJson({ alternatives: [{ transcript: 'yes', confidence: 1, source: 'position' }] }));
    const results = new Promise<void>((resolve) =>
      listener.subscribe(() => events.filter((e) => e.type === 'result').length === 2 && resolve()),
    );
    first.answer(answerJson({ alternatives: RECOGNISED }));
    await results;
    expect(
      events.filter((e) => e.type === 'result').map((e) => e.type === 'result' && e.alternatives[0]),
    ).toEqual(['pawn evan two to evan four', 'yes']);
  });

  test('at most 15 seconds are sent', async () => {
    const { listener, microphone, server, next } = setup();
    const listening = next('listening');
    listener.start();
    await listening;
    for (let i = 0; i < 60; i++) {
      microphone.speak(200);
      microphone.pause(100);
    }
    const post = await server.nextPost();
    expect(post.body.length - WAV_HEADER_BYTES).toBe(15 * 16_000 * 2);
  });

  test('abort drops the recording and an answer still to come', async () => {
    const { listener, microphone, server, next, events } = setup();
    const listening = next('listening');
    listener.start();
    await listening;
    microphone.speak(500);
    microphone.pause(1000);
    const post = await server.nextPost();
    microphone.speak(500);
    listener.abort();
    expect(post.signal?.aborted).toBe(true);
    post.answer(answerJson({ alternatives: RECOGNISED }));
    // A turn of the event loop: the answer would have been delivered by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.posted).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(['listening', 'idle']);
  });
});

describe('refusals and failures, in the player’s words; listening stops', () => {
  async function refused(response: Response | Error, locale: 'en' | 'de' = 'en') {
    const t = setup({ locale });
    const listening = t.next('listening');
    t.listener.start();
    await listening;
    t.microphone.speak(500);
    t.microphone.pause(1000);
    const post = await t.server.nextPost();
    const error = t.next('error');
    post.answer(response);
    const event = await error;
    expect(t.listener.isListening()).toBe(false);
    expect(t.microphone.closed).toBe(true);
    return event;
  }

  test('429: wait, for as long as the server says', async () => {
    expect(
      await refused(answerJson({ error: 'rate-limited', message: '…' }, 429, { 'retry-after': '4' })),
    ).toEqual({
      type: 'error',
      code: 'rate-limited',
      message: 'Too many recordings in a short time. Wait 4 seconds, then speak again.',
    });
    expect((await refused(answerJson({ error: 'rate-limited' }, 429))).message).toBe(
      'Too many recordings in a short time. Wait a moment, then speak again.',
    );
  });

  test('503: what to install on the server', async () => {
    const event = await refused(answerJson({ error: 'unavailable', message: '…' }, 503));
    expect(event).toMatchObject({ code: 'unsupported' });
    expect(event.message).toBe(
      'Twinboard’s recogniser is not available on the server. Install it there with: sudo apt-get install -y pocketsphinx pocketsphinx-en-us. Until then, type the move.',
    );
    expect((await refused(answerJson({ error: 'unavailable' }, 503), 'de')).message).toMatch(
      /^Die Erkennung von Twinboard ist auf dem Server nicht verfügbar\. Installieren Sie sie dort mit: sudo apt-get/,
    );
  });

  test('another 4xx, a 5xx and an answer that is not one', async () => {
    expect(await refused(answerJson({ error: 'too-short', message: '…' }, 400))).toEqual({
      type: 'error',
      code: 'other',
      message: 'Twinboard’s recogniser could not use that recording. Speak again.',
    });
    expect((await refused(new Response('', { status: 500 }))).message).toBe(
      'Twinboard’s recogniser failed. Speak again, or type the move.',
    );
    expect((await refused(answerJson({ alternatives: 'evan four' }))).code).toBe('other');
  });

  test('no server to reach', async () => {
    expect(await refused(new TypeError('Failed to fetch'))).toEqual({
      type: 'error',
      code: 'network',
      message: 'Twinboard’s server cannot be reached. Check the connection, then speak again.',
    });
  });

  test('a blocked microphone', async () => {
    const t = setup({ openMicrophone: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    const error = t.next('error');
    t.listener.start();
    expect(await error).toMatchObject({ code: 'not-allowed' });
    expect(t.listener.isListening()).toBe(false);
  });

  test('a screen that hears no moves (the setup form) is told so, and the microphone stays shut', async () => {
    let opened = false;
    const t = setup({
      openMicrophone: async () => {
        opened = true;
        return new FakeMicrophone();
      },
    });
    t.setPosition(undefined);
    const error = t.next('error');
    t.listener.start();
    expect(await error).toEqual({
      type: 'error',
      code: 'unsupported',
      message: 'Twinboard’s own recogniser hears moves and commands in a game. Here, use the form.',
    });
    expect(opened).toBe(false);
    expect(t.listener.isListening()).toBe(false);
  });
});
