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
import { listenerPlumbing } from './plumbing.ts';

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
  const base = listenerPlumbing(options);
  let model: Promise<VoskModelLike> | undefined;
  let session:
    { input: AudioInput; recognizers: readonly VoskRecognizerLike[]; flush: () => void } | undefined;
  let wanted = false;
  let opening = false;

  const fail = (code: ListenerErrorCode) => {
    wanted = false;
    base.error(code);
  };
  const close = () => {
    if (!session) return;
    for (const r of session.recognizers) r.retrieveFinalResult();
    session.flush();
    session.input.close();
    for (const r of session.recognizers) r.remove();
    session = undefined;
    base.emit({ type: 'idle' });
  };

  const open = async () => {
    opening = true;
    try {
      model ??= (options.loadModel ?? defaultLoadModel)(options.modelUrl);
      let loaded: VoskModelLike;
      try {
        loaded = await model;
      } catch {
        model = undefined;
        fail('model-load-failed');
        return;
      }
      let input: AudioInput;
      try {
        input = await (options.openMicrophone ?? defaultOpenMicrophone)();
      } catch (error) {
        fail(errorCode(error));
        return;
      }
      if (!wanted) {
        input.close();
        return;
      }
      // One utterance gives one final result from each recogniser; they are passed on together.
      let heard: { grammar?: string; check?: string } = {};
      // Whether an utterance is under way (a partial result came since the last result).
      let speaking = false;
      const flush = () => {
        const alternatives = [heard.grammar, heard.check].filter((t): t is string => !!t);
        heard = {};
        speaking = false;
        // Checked even when one recogniser heard nothing: then nothing confirms the other.
        if (alternatives.length) base.emit({ type: 'result', alternatives, checked: true });
      };
      const recognizer = (phrases: readonly string[], which: 'grammar' | 'check') => {
        const r = new loaded.KaldiRecognizer(input.sampleRate, JSON.stringify([...phrases, '[unk]']));
        r.setWords?.(true);
        r.on('result', (message) => {
          if (heard[which] !== undefined) flush();
          const words = message.result.result;
          heard[which] = words
            ? words.map((w) => (w.conf < MIN_WORD_CONFIDENCE ? '[unk]' : w.word)).join(' ')
            : (message.result.text?.trim() ?? '');
          if (heard.grammar !== undefined && heard.check !== undefined) flush();
        });
        return r;
      };
      const grammarRecognizer = (phrases: readonly string[] | undefined) => {
        const r = recognizer(phrases ?? grammarWords(), 'grammar');
        r.on('partialresult', (message) => {
          const text = message.result.partial?.trim();
          if (text) speaking = true;
          if (text && base.settings.interimResults) base.emit({ type: 'interim', transcript: text });
        });
        return r;
      };
      let phrases = options.grammar?.();
      const current = { constrained: grammarRecognizer(phrases) };
      const check = recognizer(options.checkGrammar?.() ?? grammarWords(), 'check');
      input.onBuffer((buffer) => {
        if (!wanted) return;
        // A new position (the grammar provider answers with a new list) gets its own grammar
        // recogniser, between utterances only.
        const now = speaking ? phrases : options.grammar?.();
        if (now !== phrases) {
          phrases = now;
          current.constrained.remove();
          current.constrained = grammarRecognizer(phrases);
        }
        current.constrained.acceptWaveform(buffer);
        check.acceptWaveform(buffer);
      });
      session = {
        input,
        get recognizers() {
          return [current.constrained, check];
        },
        flush,
      };
      base.emit({ type: 'listening' });
    } finally {
      opening = false;
    }
  };

  return {
    supported: typeof WebAssembly === 'object',
    start() {
      wanted = true;
      if (!session && !opening) void open();
    },
    stop() {
      wanted = false;
      close();
    },
    abort() {
      wanted = false;
      close();
    },
    isListening: () => wanted,
    configure: base.configure,
    subscribe: base.subscribe,
  };
}
