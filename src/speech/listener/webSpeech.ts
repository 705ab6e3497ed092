/**
 * Listener adapter over the Web Speech API (`SpeechRecognition` / `webkitSpeechRecognition`):
 * language, interim results, up to five alternatives; one recognition session per utterance,
 * restarted while the player wants to be heard (so a `no-speech` silence simply listens again);
 * `not-allowed`, `network`, `audio-capture` and the other failures become error events with a
 * clear message and stop listening (no restart loop against a blocked microphone).
 */
import type { Listener, ListenerErrorCode, ListenerSettings } from '../../ports/listener.ts';
import { listenerPlumbing, type ListenerPlumbing } from './plumbing.ts';

/** The part of the W3C SpeechRecognition interface this adapter uses. */
export interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

/** The shape of a `result` event (SpeechRecognitionEvent). */
interface ResultEventLike {
  readonly resultIndex: number;
  readonly results: ArrayLike<ArrayLike<{ readonly transcript: string }> & { readonly isFinal: boolean }>;
}

/** The shape of an `error` event (SpeechRecognitionErrorEvent). */
interface ErrorEventLike {
  readonly error: string;
  readonly message?: string;
}

export interface WebSpeechOptions {
  readonly settings?: Partial<ListenerSettings>;
  /** Makes a recogniser; by default the browser's (undefined when it has none). */
  readonly create?: () => SpeechRecognitionLike | undefined;
  /** Language of the error messages. */
  readonly locale?: 'en' | 'de';
}

type RecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's recogniser constructor, if any (Chrome and Safari still prefix it). */
export function browserRecognition(): RecognitionConstructor | undefined {
  const g = globalThis as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return g.SpeechRecognition ?? g.webkitSpeechRecognition;
}

// Failures after which listening again would fail again: report and stop.
const FATAL: Readonly<Record<string, ListenerErrorCode>> = {
  'not-allowed': 'not-allowed',
  'service-not-allowed': 'not-allowed',
  network: 'network',
  'audio-capture': 'audio-capture',
  'language-not-supported': 'language-not-supported',
  'bad-grammar': 'other',
};

/** A Listener over the Web Speech API. */
export function createWebSpeechListener(options: WebSpeechOptions = {}): Listener {
  return new WebSpeechListener(options);
}

/** The listener's recognition session; its public members are bound, as the Listener's are. */
class WebSpeechListener implements Listener {
  readonly configure: Listener['configure'];
  readonly subscribe: Listener['subscribe'];
  private readonly create: () => SpeechRecognitionLike | undefined;
  private readonly base: ListenerPlumbing;
  private recognition: SpeechRecognitionLike | undefined;
  private wanted = false;
  private running = false;

  constructor(options: WebSpeechOptions) {
    this.create =
      options.create ??
      (() => {
        const Ctor = browserRecognition();
        return Ctor ? new Ctor() : undefined;
      });
    this.base = listenerPlumbing(options);
    this.configure = this.base.configure;
    this.subscribe = this.base.subscribe;
  }

  get supported() {
    return this.ensure() !== undefined;
  }

  start = () => {
    if (!this.ensure()) {
      this.fail('unsupported');
      return;
    }
    this.wanted = true;
    if (!this.running) this.begin();
  };

  stop = () => {
    this.wanted = false;
    if (this.running) this.recognition?.stop();
  };

  abort = () => {
    this.wanted = false;
    if (this.running) this.recognition?.abort();
  };

  isListening = () => this.wanted;

  private fail(code: ListenerErrorCode) {
    this.wanted = false;
    this.base.error(code);
  }

  /** Starts a recognition session with the current settings. */
  private begin() {
    const { recognition, base } = this;
    if (!recognition) return;
    recognition.lang = base.settings.lang;
    recognition.interimResults = base.settings.interimResults;
    recognition.maxAlternatives = base.settings.maxAlternatives;
    recognition.continuous = false;
    try {
      recognition.start();
      this.running = true;
    } catch {
      // start() throws InvalidStateError when a session is still running; its `end` restarts.
    }
  }

  /** Listens to a new recogniser's events (once: it is reused for every session). */
  private wire(r: SpeechRecognitionLike) {
    r.addEventListener('start', () => this.base.emit({ type: 'listening' }));
    r.addEventListener('result', (event) => this.results(event as unknown as ResultEventLike));
    r.addEventListener('error', (event) => {
      const e = event as unknown as ErrorEventLike;
      // A silence ('no-speech') or our own abort: not a failure; `end` follows and restarts.
      if (e.error === 'no-speech' || e.error === 'aborted') return;
      this.fail(FATAL[e.error] ?? 'other');
    });
    r.addEventListener('end', () => {
      this.running = false;
      if (this.wanted) this.begin();
      else this.base.emit({ type: 'idle' });
    });
  }

  /** The new results of a `result` event: final ones as results, the others as interim words. */
  private results(e: ResultEventLike) {
    const { base } = this;
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i];
      if (!result) continue;
      const alternatives: string[] = [];
      for (let j = 0; j < result.length && j < base.settings.maxAlternatives; j++) {
        const text = result[j]?.transcript.trim();
        if (text) alternatives.push(text);
      }
      if (!alternatives.length) continue;
      if (result.isFinal) base.emit({ type: 'result', alternatives });
      else if (base.settings.interimResults) base.emit({ type: 'interim', transcript: alternatives[0]! });
    }
  }

  /** The recogniser, made (and wired) on first need; undefined when the browser has none. */
  private ensure(): SpeechRecognitionLike | undefined {
    if (!this.recognition) {
      this.recognition = this.create();
      if (this.recognition) this.wire(this.recognition);
    }
    return this.recognition;
  }
}
