/**
 * Listener adapter over Twinboard's own recogniser (issue 25): Debian's pocketsphinx on the
 * Twinboard server, reached by `POST /api/recognise` only, so the audio never leaves the club's
 * machine and nothing needs the internet. While the talk key holds the microphone open, an
 * AudioWorklet records it (microphone.ts); each utterance (ended by a silence after speech, by the
 * key's release, or at 15 s: utterances.ts) is resampled to 16 kHz mono (resample.ts), encoded as
 * a 16-bit WAV (wav.ts) and posted with the listening screen's position, the player's vocabulary
 * and language. The answer's transcripts, with the recogniser's own evidence, become one result
 * (`recognised`), which the dialogue decides on with the same code the server ran. Answers are
 * delivered in the order the utterances were said. A refusal (429: wait; 503: what to install;
 * another 4xx or 5xx; no server) is an error event in the player's words, and listening stops.
 */
import type { Listener, ListenerErrorCode, ListenerSettings } from '../../ports/listener.ts';
import type { MicrophoneInput } from './microphone.ts';
import { listenerPlumbing, microphoneError } from './plumbing.ts';
import { listenerMessage, recogniserMessage, type RecogniserMessageKey } from './messages.ts';
import {
  DEFAULT_INSTALL,
  RECOGNISE_PATH,
  parseRecognition,
  retryAfterSeconds,
  transcriptsOf,
} from './recogniser.ts';
import { createUtteranceSegmenter, type SegmenterOptions } from './utterances.ts';
import { resample } from './resample.ts';
import { encodeWav } from './wav.ts';

/** The recording the endpoint takes: 16 kHz mono, at most 15 s. */
export const RECOGNISER_SAMPLE_RATE = 16_000;
export const MAX_UTTERANCE_SECONDS = 15;

export interface ServerListenerOptions {
  /** The origin of Twinboard's server: the page's own. */
  readonly origin: string;
  /** The FEN the listening screen hears moves in; undefined when no screen listens for moves. */
  readonly position: () => string | undefined;
  /** The player's vocabulary id, read at each utterance. */
  readonly vocabulary: () => string;
  /** The player's language: the recogniser's, and the messages'. */
  readonly locale?: 'en' | 'de';
  readonly settings?: Partial<ListenerSettings>;
  /** The command that installs the server's recogniser, as its `GET /api/recognise` said. */
  readonly install?: string;
  /** Posts the recording; by default the browser's fetch. */
  readonly fetch?: typeof fetch;
  /** Opens the microphone; by default getUserMedia into an AudioWorklet (microphone.ts). */
  readonly openMicrophone?: () => Promise<MicrophoneInput>;
  /** Where utterances end (utterances.ts defaults). */
  readonly segmenter?: Omit<SegmenterOptions, 'sampleRate'>;
}

/** What came back for one recording: the response and its JSON, or nothing (no connection). */
type Reply = { readonly response: Response; readonly json: unknown } | undefined;

/** A Listener over Twinboard's server recogniser. */
export function createServerListener(options: ServerListenerOptions): Listener {
  const base = listenerPlumbing(options);
  const locale = options.locale ?? 'en';
  const post = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const openMicrophone =
    options.openMicrophone ?? (() => import('./microphone.ts').then((m) => m.openWorkletMicrophone()));
  const words = (key: RecogniserMessageKey, params?: Record<string, string | number>) =>
    recogniserMessage(locale, key, params);

  let wanted = false;
  let opening = false;
  let microphone: { input: MicrophoneInput; flush: () => Float32Array | undefined } | undefined;
  // abort() and a failure drop every answer still to come: those of earlier generations.
  let generation = 0;
  const inFlight = new Set<AbortController>();
  let delivery: Promise<void> = Promise.resolve();

  const dropPending = () => {
    generation++;
    for (const request of inFlight) request.abort();
    inFlight.clear();
  };
  const close = (send: boolean) => {
    if (!microphone) return;
    const { input, flush } = microphone;
    microphone = undefined;
    input.close();
    const rest = flush();
    if (send && rest) recognise(rest, input.sampleRate);
    base.emit({ type: 'idle' });
  };
  const fail = (code: ListenerErrorCode, message = listenerMessage(locale, code)) => {
    wanted = false;
    dropPending();
    base.emit({ type: 'error', code, message });
    close(false);
  };

  /** Acts on the server's reply to one recording. */
  const answer = ({ response, json }: NonNullable<Reply>) => {
    if (response.ok) {
      const recognised = parseRecognition(json);
      if (!recognised) return fail('other', words('failed'));
      base.emit({
        type: 'result',
        alternatives: transcriptsOf(recognised).slice(0, base.settings.maxAlternatives),
        checked: true,
        recognised,
      });
      return;
    }
    if (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
      return fail('rate-limited', seconds ? words('tooMany', { seconds }) : undefined);
    }
    if (response.status === 503) {
      const told = (json as { install?: unknown } | undefined)?.install;
      const command = typeof told === 'string' && told !== '' ? told : (options.install ?? DEFAULT_INSTALL);
      return fail('unsupported', words('unavailable', { command }));
    }
    fail('other', words(response.status < 500 ? 'refused' : 'failed'));
  };

  /** Sends one utterance (samples at `rate`); its answer is delivered after the earlier ones'. */
  const recognise = (samples: Float32Array, rate: number) => {
    const fen = options.position();
    if (fen === undefined) return; // the screen that listened has gone
    const pcm = resample(samples, rate, RECOGNISER_SAMPLE_RATE).subarray(
      0,
      MAX_UTTERANCE_SECONDS * RECOGNISER_SAMPLE_RATE,
    );
    const query = new URLSearchParams({ fen, vocabulary: options.vocabulary(), locale });
    const request = new AbortController();
    inFlight.add(request);
    const mine = generation;
    const reply: Promise<Reply> = post(`${options.origin}${RECOGNISE_PATH}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav' },
      body: encodeWav(pcm, RECOGNISER_SAMPLE_RATE),
      signal: request.signal,
    }).then(
      async (response) => ({ response, json: await response.json().catch(() => undefined) }),
      () => undefined,
    );
    delivery = delivery.then(async () => {
      const got = await reply;
      inFlight.delete(request);
      if (mine !== generation) return;
      if (!got) fail('network', words('unreachable'));
      else answer(got);
    });
  };

  const open = async () => {
    opening = true;
    let input: MicrophoneInput;
    try {
      input = await openMicrophone();
    } catch (error) {
      opening = false;
      if (wanted) fail(microphoneError(error));
      return;
    }
    opening = false;
    if (!wanted) {
      input.close();
      return;
    }
    const segmenter = createUtteranceSegmenter({ ...options.segmenter, sampleRate: input.sampleRate });
    microphone = { input, flush: () => segmenter.flush() };
    input.onChunk((chunk) => {
      if (microphone?.input !== input) return;
      const utterance = segmenter.push(chunk);
      if (utterance) recognise(utterance, input.sampleRate);
    });
    base.emit({ type: 'listening' });
  };

  return {
    supported: options.openMicrophone !== undefined || typeof AudioWorkletNode === 'function',
    start() {
      // The server hears moves and commands in a position; a screen with none (the setup form) cannot
      // be heard by it.
      if (options.position() === undefined) {
        wanted = false;
        base.emit({ type: 'error', code: 'unsupported', message: words('noPosition') });
        return;
      }
      wanted = true;
      if (!microphone && !opening) void open();
    },
    stop() {
      wanted = false;
      close(true);
    },
    abort() {
      wanted = false;
      dropPending();
      close(false);
    },
    isListening: () => wanted,
    configure: base.configure,
    subscribe: base.subscribe,
  };
}
