/**
 * Listener adapter over the Web Speech API (`SpeechRecognition` / `webkitSpeechRecognition`):
 * language, interim results, up to five alternatives; one recognition session per utterance,
 * restarted while the player wants to be heard (so a `no-speech` silence simply listens again);
 * `not-allowed`, `network`, `audio-capture` and the other failures become error events with a
 * clear message and stop listening (no restart loop against a blocked microphone).
 */
import type { Listener, ListenerErrorCode, ListenerSettings } from '../../ports/listener.ts';
import { listenerPlumbing } from './plumbing.ts';

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
  const create =
    options.create ??
    (() => {
      const Ctor = browserRecognition();
      return Ctor ? new Ctor() : undefined;
    });
  const base = listenerPlumbing(options);
  let recognition: SpeechRecognitionLike | undefined;
  let wanted = false;
  let running = false;

  const fail = (code: ListenerErrorCode) => {
    wanted = false;
    base.error(code);
  };

  const begin = () => {
    if (!recognition) return;
    recognition.lang = base.settings.lang;
    recognition.interimResults = base.settings.interimResults;
    recognition.maxAlternatives = base.settings.maxAlternatives;
    recognition.continuous = false;
    try {
      recognition.start();
      running = true;
    } catch {
      // start() throws InvalidStateError when a session is still running; its `end` restarts.
    }
  };

  const wire = (r: SpeechRecognitionLike) => {
    r.addEventListener('start', () => base.emit({ type: 'listening' }));
    r.addEventListener('result', (event) => {
      const e = event as unknown as ResultEventLike;
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
    });
    r.addEventListener('error', (event) => {
      const e = event as unknown as ErrorEventLike;
      // A silence ('no-speech') or our own abort: not a failure; `end` follows and restarts.
      if (e.error === 'no-speech' || e.error === 'aborted') return;
      fail(FATAL[e.error] ?? 'other');
    });
    r.addEventListener('end', () => {
      running = false;
      if (wanted) begin();
      else base.emit({ type: 'idle' });
    });
  };

  const ensure = (): SpeechRecognitionLike | undefined => {
    if (!recognition) {
      recognition = create();
      if (recognition) wire(recognition);
    }
    return recognition;
  };

  return {
    get supported() {
      return ensure() !== undefined;
    },
    start() {
      if (!ensure()) {
        fail('unsupported');
        return;
      }
      wanted = true;
      if (!running) begin();
    },
    stop() {
      wanted = false;
      if (running) recognition?.stop();
    },
    abort() {
      wanted = false;
      if (running) recognition?.abort();
    },
    isListening: () => wanted,
    configure: base.configure,
    subscribe: base.subscribe,
  };
}
