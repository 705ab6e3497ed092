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
import { listenerPlumbing, microphoneError, type ListenerPlumbing } from './plumbing.ts';
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
  return new ServerListener(options);
}

/** The microphone while it is open, with the segmenter's utterance under way. */
type OpenMicrophone = { input: MicrophoneInput; flush: () => Float32Array | undefined };

/** The listener's state and its requests; its public members are bound, as the Listener's are. */
class ServerListener implements Listener {
  readonly supported: boolean;
  readonly configure: Listener['configure'];
  readonly subscribe: Listener['subscribe'];
  private readonly base: ListenerPlumbing;
  private readonly locale: 'en' | 'de';
  private readonly post: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  private readonly openMicrophone: () => Promise<MicrophoneInput>;
  private wanted = false;
  private opening = false;
  private microphone: OpenMicrophone | undefined;
  // abort() and a failure drop every answer still to come: those of earlier generations.
  private generation = 0;
  private readonly inFlight = new Set<AbortController>();
  private delivery: Promise<void> = Promise.resolve();

  constructor(private readonly options: ServerListenerOptions) {
    this.base = listenerPlumbing(options);
    this.configure = this.base.configure;
    this.subscribe = this.base.subscribe;
    this.locale = options.locale ?? 'en';
    this.post = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    this.openMicrophone =
      options.openMicrophone ?? (() => import('./microphone.ts').then((m) => m.openWorkletMicrophone()));
    this.supported = options.openMicrophone !== undefined || typeof AudioWorkletNode === 'function';
  }

  start = () => {
    // The server hears moves and commands in a position; a screen with none (the setup form) cannot
    // be heard by it.
    if (this.options.position() === undefined) {
      this.wanted = false;
      this.base.emit({ type: 'error', code: 'unsupported', message: this.words('noPosition') });
      return;
    }
    this.wanted = true;
    if (!this.microphone && !this.opening) void this.open();
  };

  stop = () => {
    this.wanted = false;
    this.close(true);
  };

  abort = () => {
    this.wanted = false;
    this.dropPending();
    this.close(false);
  };

  isListening = () => this.wanted;

  private words(key: RecogniserMessageKey, params?: Record<string, string | number>): string {
    return recogniserMessage(this.locale, key, params);
  }

  private dropPending() {
    this.generation++;
    for (const request of this.inFlight) request.abort();
    this.inFlight.clear();
  }

  private close(send: boolean) {
    if (!this.microphone) return;
    const { input, flush } = this.microphone;
    this.microphone = undefined;
    input.close();
    const rest = flush();
    if (send && rest) this.recognise(rest, input.sampleRate);
    this.base.emit({ type: 'idle' });
  }

  private fail(code: ListenerErrorCode, message = listenerMessage(this.locale, code)) {
    this.wanted = false;
    this.dropPending();
    this.base.emit({ type: 'error', code, message });
    this.close(false);
  }

  /** Acts on the server's reply to one recording. */
  private answer({ response, json }: NonNullable<Reply>) {
    if (response.ok) {
      const recognised = parseRecognition(json);
      if (!recognised) return this.fail('other', this.words('failed'));
      this.base.emit({
        type: 'result',
        alternatives: transcriptsOf(recognised).slice(0, this.base.settings.maxAlternatives),
        checked: true,
        recognised,
      });
      return;
    }
    if (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
      return this.fail('rate-limited', seconds ? this.words('tooMany', { seconds }) : undefined);
    }
    if (response.status === 503) {
      const told = (json as { install?: unknown } | undefined)?.install;
      const command =
        typeof told === 'string' && told !== '' ? told : (this.options.install ?? DEFAULT_INSTALL);
      return this.fail('unsupported', this.words('unavailable', { command }));
    }
    this.fail('other', this.words(response.status < 500 ? 'refused' : 'failed'));
  }

  /** Sends one utterance (samples at `rate`); its answer is delivered after the earlier ones'. */
  private recognise(samples: Float32Array, rate: number) {
    const fen = this.options.position();
    if (fen === undefined) return; // the screen that listened has gone
    const pcm = resample(samples, rate, RECOGNISER_SAMPLE_RATE).subarray(
      0,
      MAX_UTTERANCE_SECONDS * RECOGNISER_SAMPLE_RATE,
    );
    const query = new URLSearchParams({ fen, vocabulary: this.options.vocabulary(), locale: this.locale });
    const request = new AbortController();
    this.inFlight.add(request);
    const mine = this.generation;
    const reply: Promise<Reply> = this.post(`${this.options.origin}${RECOGNISE_PATH}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav' },
      body: encodeWav(pcm, RECOGNISER_SAMPLE_RATE),
      signal: request.signal,
    }).then(
      async (response) => ({ response, json: await response.json().catch(() => undefined) }),
      () => undefined,
    );
    this.delivery = this.delivery.then(async () => {
      const got = await reply;
      this.inFlight.delete(request);
      if (mine !== this.generation) return;
      if (!got) this.fail('network', this.words('unreachable'));
      else this.answer(got);
    });
  }

  private async open() {
    this.opening = true;
    let input: MicrophoneInput;
    try {
      input = await this.openMicrophone();
    } catch (error) {
      this.opening = false;
      if (this.wanted) this.fail(microphoneError(error));
      return;
    }
    this.opening = false;
    if (!this.wanted) {
      input.close();
      return;
    }
    const segmenter = createUtteranceSegmenter({ ...this.options.segmenter, sampleRate: input.sampleRate });
    this.microphone = { input, flush: () => segmenter.flush() };
    input.onChunk((chunk) => {
      if (this.microphone?.input !== input) return;
      const utterance = segmenter.push(chunk);
      if (utterance) this.recognise(utterance, input.sampleRate);
    });
    this.base.emit({ type: 'listening' });
  }
}
