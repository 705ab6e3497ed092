/**
 * The Listener port: speech recognition. An adapter (src/speech/listener/server.ts over Twinboard's
 * own recogniser on its server, src/speech/listener/webSpeech.ts over the Web Speech API,
 * src/speech/listener/vosk.ts offline over vosk-browser, src/speech/listener/fake.ts for tests)
 * turns the platform's recogniser into these events; platform failures (microphone
 * denied, no network, no microphone) arrive as `error` events with a stable code, never as
 * exceptions (DESIGN principle 2).
 */

/** Stable codes of recognition failures. */
export const LISTENER_ERROR_CODES = [
  'not-allowed',
  'network',
  'audio-capture',
  'no-speech',
  'unsupported',
  'model-load-failed',
  'language-not-supported',
  /** Twinboard's server asks the player to wait (too many recordings from this address). */
  'rate-limited',
  'other',
] as const;
export type ListenerErrorCode = (typeof LISTENER_ERROR_CODES)[number];

/** Which pass of Twinboard's server recogniser heard a transcript (issue 25). */
export const RECOGNITION_SOURCES = ['position', 'free'] as const;
export type RecognitionSource = (typeof RECOGNITION_SOURCES)[number];

/**
 * One transcript of Twinboard's server recogniser with its own evidence: `source` is the pass
 * that heard it (the position's grammar, or the position-free chess grammar), `confidence` the
 * recogniser's belief in it, 0 to 1 (see src/server/recogniser/).
 */
export interface RecognisedAlternative {
  readonly transcript: string;
  readonly confidence: number;
  readonly source: RecognitionSource;
  /**
   * On a pass's best transcript only: how well its best path fits the sound, the decoder's
   * acoustic score per second of audio (pocketsphinx's scaled log-likelihood, relative to the best
   * state of each frame, in natural-log units; higher is better). The two passes' figures
   * compare: they decode the same audio with the same model.
   */
  readonly acoustic?: number;
}

/** What a recogniser reports. */
export type ListenerEvent =
  /** The microphone is open and listening. */
  | { readonly type: 'listening' }
  /** A provisional transcript while the player is still speaking (not to be acted on). */
  | { readonly type: 'interim'; readonly transcript: string }
  /**
   * A final result: the recogniser's alternatives, best first (at most 5). `checked`: the second
   * is an independent recognition of the same audio (vosk's position-free recogniser), so a move
   * is played only when both agree.
   */
  | {
      readonly type: 'result';
      readonly alternatives: readonly string[];
      readonly checked?: boolean;
      /**
       * Twinboard's server recogniser's answer (issue 25): each transcript with the recogniser's
       * own evidence, handed as it is to the decision (speech/interpretRecognised.ts).
       */
      readonly recognised?: readonly RecognisedAlternative[];
    }
  /** The microphone is closed. */
  | { readonly type: 'idle' }
  | { readonly type: 'error'; readonly code: ListenerErrorCode; readonly message: string };

export interface ListenerSettings {
  /** BCP 47 language of recognition, e.g. `en-GB`, `de-DE`. */
  readonly lang: string;
  readonly interimResults: boolean;
  /** How many alternatives to ask for (Twinboard uses 5). */
  readonly maxAlternatives: number;
}

export const DEFAULT_LISTENER_SETTINGS: ListenerSettings = {
  lang: 'en-GB',
  interimResults: true,
  maxAlternatives: 5,
};

/** Speech recognition. */
export interface Listener {
  /** Whether this platform can recognise speech with this adapter at all. */
  readonly supported: boolean;
  /** Open the microphone and listen until `stop()` (restarting after silences). */
  start(): void;
  /** Stop listening; a result already being recognised may still arrive. */
  stop(): void;
  /** Stop at once and drop anything pending. */
  abort(): void;
  /** Whether the adapter is (or is about to be) listening. */
  isListening(): boolean;
  configure(settings: Partial<ListenerSettings>): void;
  /** Receive events; returns the unsubscribe function. */
  subscribe(listener: (event: ListenerEvent) => void): () => void;
}

/** A recogniser in the browser: a Vosk model the club set, the browser's Web Speech, or none. */
export type BrowserRecogniserChoice =
  | { readonly kind: 'vosk'; readonly modelUrl: string; readonly serverInstall?: string }
  | { readonly kind: 'webSpeech'; readonly serverInstall?: string }
  | { readonly kind: 'none'; readonly serverInstall?: string };

/**
 * Which recogniser the talk key uses (issue 25), chosen in this order: Twinboard's server (when the
 * page is served by it and it reports pocketsphinx present), a Vosk model the club set, the
 * browser's Web Speech; `none` when there is none; `given` for one the app was handed (the fake).
 * `serverInstall`: the server is there without its recogniser, and this command would enable it.
 * The server hears moves and commands in a position only; `otherwise` hears the other screens
 * (the setup form said aloud).
 */
export type RecogniserChoice =
  | { readonly kind: 'server'; readonly otherwise: BrowserRecogniserChoice }
  | BrowserRecogniserChoice
  | { readonly kind: 'given' };

/** How the screens open and close the microphone. */
export interface TalkControls {
  /** Toggle: opens or closes the microphone. */
  toggle(): void;
  /** Hold: the talk key went down (the microphone opens). */
  press(): void;
  /** Hold: the talk key came up (the microphone closes). */
  release(): void;
  /** Which recogniser the talk key uses (for the settings); chosen on first use. */
  readonly recogniser?: () => Promise<RecogniserChoice>;
}
