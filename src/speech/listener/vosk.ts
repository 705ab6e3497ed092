/**
 * Offline Listener adapter for browsers without the Web Speech API, over vosk-browser (Kaldi in
 * WebAssembly). Two recognisers hear the same stream: one restricted to the position's
 * recognition grammar (`recognitionGrammar`, src/speech/grammar.ts, with `[unk]` for speech
 * outside it), and one position-free: the chess words of every move on any square (the player's
 * vocabulary's `chessGrammar`; by default every vocabulary's words, `grammarWords`). Each result hands the
 * interpreter both transcripts as alternatives, the position grammar's first, so that a move is
 * played only when the two agree (interpretUtterance's `agreement`, issue 11). Words either
 * recogniser is unsure of (vosk's per-word confidence) are passed as `[unk]`, which is never
 * part of a move said plainly, so such a move is offered rather than played.
 *
 * Nothing is downloaded at install or test time: vosk-browser is imported dynamically on the
 * first start() (so it never weighs on the start bundle), and the model is fetched from
 * `modelUrl` then. Hosting a model: download a small Vosk model (e.g. vosk-model-small-en-us-0.15
 * or vosk-model-small-de-0.15 from https://alphacephei.com/vosk/models), repack it as a .tar.gz
 * whose top folder holds am/, conf/, graph/ …, serve it from the same origin as the app (e.g.
 * public/models/vosk-model-small-en-us.tar.gz → `/models/vosk-model-small-en-us.tar.gz`), and
 * enter that address in the settings. The file is cached by the browser after the first load.
 */
import type { Listener, ListenerErrorCode, ListenerSettings } from '../../ports/listener.ts';
import { grammarWords } from '../phrases.ts';

/** A grammar word heard with less confidence than this is passed on as unknown. */
export const MIN_WORD_CONFIDENCE = 0.6;
import { listenerPlumbing, type ListenerPlumbing } from './plumbing.ts';

/** The parts of a vosk-browser recogniser this adapter uses. */
export interface VoskRecognizerLike {
  on(
    event: 'result' | 'partialresult',
    listener: (message: {
      result: { text?: string; partial?: string; result?: readonly { word: string; conf: number }[] };
    }) => void,
  ): void;
  setWords?(words: boolean): void;
  acceptWaveform(buffer: AudioBuffer): void;
  retrieveFinalResult(): void;
  remove(): void;
}

/** The parts of a vosk-browser model this adapter uses. */
export interface VoskModelLike {
  readonly KaldiRecognizer: new (sampleRate: number, grammar?: string) => VoskRecognizerLike;
}

/** Audio input: a stream of buffers at a sample rate, and a way to release the microphone. */
export interface AudioInput {
  readonly sampleRate: number;
  onBuffer(fn: (buffer: AudioBuffer) => void): void;
  close(): void;
}

export interface VoskOptions {
  /** Where the model archive is served (see the module comment). */
  readonly modelUrl: string;
  readonly settings?: Partial<ListenerSettings>;
  readonly locale?: 'en' | 'de';
  /** Loads the model; by default imports vosk-browser on demand and calls createModel. */
  readonly loadModel?: (url: string) => Promise<VoskModelLike>;
  /** Opens the microphone; by default getUserMedia + a Web Audio processor. */
  readonly openMicrophone?: () => Promise<AudioInput>;
  /**
   * The phrases the grammar recogniser may hear (the app passes the listening screen's
   * `recognitionGrammar`), read when the microphone opens and again between utterances, so that
   * a new position gets its own grammar; undefined: every word of the phrase set.
   */
  readonly grammar?: () => readonly string[] | undefined;
  /**
   * The position-free recogniser's phrases (see the module comment), read when the microphone
   * opens (the app passes `chessGrammar` of the player's vocabulary, as the benchmark measures it);
   * default `grammarWords()`.
   */
  readonly checkGrammar?: () => readonly string[] | undefined;
}

async function defaultLoadModel(url: string): Promise<VoskModelLike> {
  const vosk = await import('vosk-browser');
  return (await vosk.createModel(url)) as unknown as VoskModelLike;
}

async function defaultOpenMicrophone(): Promise<AudioInput> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 },
  });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessorNode is deprecated but is what vosk-browser's acceptWaveform is built for.
  const processor = context.createScriptProcessor(4096, 1, 1);
  let listener: ((buffer: AudioBuffer) => void) | undefined;
  processor.onaudioprocess = (event) => listener?.(event.inputBuffer);
  source.connect(processor);
  processor.connect(context.destination);
  return {
    sampleRate: context.sampleRate,
    onBuffer(fn) {
      listener = fn;
    },
    close() {
      processor.disconnect();
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
      void context.close();
    },
  };
}

function errorCode(error: unknown): ListenerErrorCode {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'not-allowed';
  if (name === 'NotFoundError' || name === 'NotReadableError' || name === 'OverconstrainedError')
    return 'audio-capture';
  return 'other';
}

/** An offline Listener over vosk-browser. */
export function createVoskListener(options: VoskOptions): Listener {
  return new VoskListener(options);
}

/** The listener's model and open session; its public members are bound, as the Listener's are. */
class VoskListener implements Listener {
  readonly supported = typeof WebAssembly === 'object';
  readonly configure: Listener['configure'];
  readonly subscribe: Listener['subscribe'];
  private readonly base: ListenerPlumbing;
  private model: Promise<VoskModelLike> | undefined;
  private session: VoskSession | undefined;
  private wanted = false;
  private opening = false;

  constructor(private readonly options: VoskOptions) {
    this.base = listenerPlumbing(options);
    this.configure = this.base.configure;
    this.subscribe = this.base.subscribe;
  }

  start = () => {
    this.wanted = true;
    if (!this.session && !this.opening) void this.open();
  };

  stop = () => {
    this.wanted = false;
    this.close();
  };

  abort = () => {
    this.wanted = false;
    this.close();
  };

  isListening = () => this.wanted;

  private fail(code: ListenerErrorCode) {
    this.wanted = false;
    this.base.error(code);
  }

  private close() {
    const session = this.session;
    if (!session) return;
    for (const r of session.recognizers) r.retrieveFinalResult();
    session.flush();
    session.input.close();
    for (const r of session.recognizers) r.remove();
    this.session = undefined;
    this.base.emit({ type: 'idle' });
  }

  /** Loads the model (once) and opens the microphone; a failure of either is reported. */
  private async open() {
    this.opening = true;
    try {
      this.model ??= (this.options.loadModel ?? defaultLoadModel)(this.options.modelUrl);
      let loaded: VoskModelLike;
      try {
        loaded = await this.model;
      } catch {
        this.model = undefined;
        this.fail('model-load-failed');
        return;
      }
      let input: AudioInput;
      try {
        input = await (this.options.openMicrophone ?? defaultOpenMicrophone)();
      } catch (error) {
        this.fail(errorCode(error));
        return;
      }
      if (!this.wanted) {
        input.close();
        return;
      }
      this.session = new VoskSession(loaded, input, this.options, this.base, () => this.wanted);
      this.base.emit({ type: 'listening' });
    } finally {
      this.opening = false;
    }
  }
}

/**
 * One open microphone and the two recognisers hearing it: the position's grammar (made again for
 * a new position) and the position-free one. Their results for one utterance go out together.
 */
class VoskSession {
  // One utterance gives one final result from each recogniser; they are passed on together.
  private heard: { grammar?: string; check?: string } = {};
  // Whether an utterance is under way (a partial result came since the last result).
  private speaking = false;
  private phrases: readonly string[] | undefined;
  private constrained: VoskRecognizerLike;
  private readonly check: VoskRecognizerLike;

  constructor(
    private readonly model: VoskModelLike,
    readonly input: AudioInput,
    private readonly options: VoskOptions,
    private readonly base: ListenerPlumbing,
    wanted: () => boolean,
  ) {
    this.phrases = options.grammar?.();
    this.constrained = this.grammarRecognizer(this.phrases);
    this.check = this.recognizer(options.checkGrammar?.() ?? grammarWords(), 'check');
    input.onBuffer((buffer) => {
      if (wanted()) this.accept(buffer);
    });
  }

  get recognizers(): readonly VoskRecognizerLike[] {
    return [this.constrained, this.check];
  }

  /** Passes on what the recognisers heard of the utterance, and starts the next one afresh. */
  flush() {
    const alternatives = [this.heard.grammar, this.heard.check].filter((t): t is string => !!t);
    this.heard = {};
    this.speaking = false;
    // Checked even when one recogniser heard nothing: then nothing confirms the other.
    if (alternatives.length) this.base.emit({ type: 'result', alternatives, checked: true });
  }

  /** One buffer of the microphone, to both recognisers. */
  private accept(buffer: AudioBuffer) {
    // A new position (the grammar provider answers with a new list) gets its own grammar
    // recogniser, between utterances only.
    const now = this.speaking ? this.phrases : this.options.grammar?.();
    if (now !== this.phrases) {
      this.phrases = now;
      this.constrained.remove();
      this.constrained = this.grammarRecognizer(this.phrases);
    }
    this.constrained.acceptWaveform(buffer);
    this.check.acceptWaveform(buffer);
  }

  /** A recogniser restricted to `phrases` (and `[unk]`), whose results are `which` transcript. */
  private recognizer(phrases: readonly string[], which: 'grammar' | 'check'): VoskRecognizerLike {
    const r = new this.model.KaldiRecognizer(this.input.sampleRate, JSON.stringify([...phrases, '[unk]']));
    r.setWords?.(true);
    r.on('result', (message) => {
      if (this.heard[which] !== undefined) this.flush();
      const words = message.result.result;
      this.heard[which] = words
        ? words.map((w) => (w.conf < MIN_WORD_CONFIDENCE ? '[unk]' : w.word)).join(' ')
        : (message.result.text?.trim() ?? '');
      if (this.heard.grammar !== undefined && this.heard.check !== undefined) this.flush();
    });
    return r;
  }

  /**
   * The position's recogniser (without a grammar: every word of the phrase set); its partial
   * results tell that an utterance is under way.
   */
  private grammarRecognizer(phrases: readonly string[] | undefined): VoskRecognizerLike {
    const r = this.recognizer(phrases ?? grammarWords(), 'grammar');
    r.on('partialresult', (message) => {
      const text = message.result.partial?.trim();
      if (text) this.speaking = true;
      if (text && this.base.settings.interimResults) this.base.emit({ type: 'interim', transcript: text });
    });
    return r;
  }
}
