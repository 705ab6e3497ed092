/**
 * Where an utterance begins and ends in the microphone's stream, for Twinboard's server recogniser
 * (issue 25): a level detector over the recorder's chunks (about 20 ms each). Speech starts with a
 * chunk well above the room's noise floor; a silence after speech ends the utterance, so a
 * toggled microphone hears one move after another, as Web Speech does; the talk key's release ends
 * it at once (`flush`); 15 seconds is the most the server takes. A short moment before the speech
 * (the first consonant is quiet) and after it is kept; the silence before is not sent. Pure: the
 * caller feeds the chunks, no timers.
 */

export interface SegmenterOptions {
  /** The chunks' sample rate (Hz). */
  readonly sampleRate: number;
  /** A silence this long after speech ends the utterance. */
  readonly endSilenceMs?: number;
  /** Less speech than this (a click, a breath) is no utterance. */
  readonly minSpeechMs?: number;
  /** The longest utterance; a longer one is cut here (the server takes at most 15 s). */
  readonly maxMs?: number;
  /** Kept before the first loud chunk. */
  readonly prerollMs?: number;
  /** Kept after the last loud chunk. */
  readonly trailMs?: number;
}

export const SEGMENTER_DEFAULTS = {
  endSilenceMs: 900,
  minSpeechMs: 120,
  maxMs: 15_000,
  prerollMs: 300,
  trailMs: 300,
} as const;

/** Never speech below this level (dBFS), however quiet the room. */
const MIN_SPEECH_DB = -50;
/** Speech is this much louder than the noise floor (dB). */
const SPEECH_MARGIN_DB = 10;
/** The noise floor follows a louder room within a few seconds, and a quieter one at once. */
const FLOOR_RISE_SECONDS = 3;
const SILENT_DB = -100;

/** Splits a microphone's chunks into utterances. */
export interface UtteranceSegmenter {
  /** The next chunk; returns the utterance it completed, if any. */
  push(chunk: Float32Array): Float32Array | undefined;
  /** The microphone closes: the utterance under way, if it holds speech; the segmenter starts afresh. */
  flush(): Float32Array | undefined;
  /** Whether an utterance is under way. */
  readonly speaking: boolean;
}

/** The level of a chunk in dBFS (root mean square; silence is -100). */
export function levelDb(chunk: Float32Array): number {
  if (chunk.length === 0) return SILENT_DB;
  let sum = 0;
  for (let i = 0; i < chunk.length; i++) sum += (chunk[i] ?? 0) ** 2;
  const rms = Math.sqrt(sum / chunk.length);
  return rms > 0 ? Math.max(SILENT_DB, 20 * Math.log10(rms)) : SILENT_DB;
}

/** Makes a segmenter for a stream at `options.sampleRate`. */
export function createUtteranceSegmenter(options: SegmenterOptions): UtteranceSegmenter {
  return new Segmenter(options);
}

/** The segmenter's lengths (in samples) and state; `push` and `flush` are bound. */
class Segmenter implements UtteranceSegmenter {
  private readonly sampleRate: number;
  private readonly endSilence: number;
  private readonly minSpeech: number;
  private readonly max: number;
  private readonly preroll: number;
  private readonly trail: number;

  private floor = MIN_SPEECH_DB - SPEECH_MARGIN_DB;
  private before: Float32Array[] = [];
  private beforeLength = 0;
  // The utterance under way: its chunks, length, loud samples, and where its last loud chunk ended.
  private current: Float32Array[] | null = null;
  private length = 0;
  private speech = 0;
  private lastLoudEnd = 0;

  constructor(options: SegmenterOptions) {
    const o = { ...SEGMENTER_DEFAULTS, ...options };
    const samples = (ms: number) => Math.round((ms / 1000) * o.sampleRate);
    this.sampleRate = o.sampleRate;
    this.endSilence = samples(o.endSilenceMs);
    this.minSpeech = samples(o.minSpeechMs);
    this.max = Math.floor((o.maxMs / 1000) * o.sampleRate);
    this.preroll = samples(o.prerollMs);
    this.trail = samples(o.trailMs);
  }

  get speaking() {
    return this.current !== null;
  }

  push = (chunk: Float32Array): Float32Array | undefined => {
    const level = levelDb(chunk);
    const loud = level > Math.max(MIN_SPEECH_DB, this.floor + SPEECH_MARGIN_DB);
    const rise = Math.min(1, chunk.length / (FLOOR_RISE_SECONDS * this.sampleRate));
    this.floor = level < this.floor ? level : this.floor + (level - this.floor) * rise;
    if (this.current === null && !loud) {
      this.keepBefore(chunk);
      return undefined;
    }
    (this.current ?? this.begin()).push(chunk);
    this.length += chunk.length;
    if (loud) {
      this.speech += chunk.length;
      this.lastLoudEnd = this.length;
    }
    if (this.length >= this.max) return this.take(this.max);
    if (this.length - this.lastLoudEnd >= this.endSilence) {
      if (this.speech >= this.minSpeech) return this.take(this.lastLoudEnd + this.trail);
      this.reset(); // a click or a breath: nothing to send
    }
    return undefined;
  };

  flush = (): Float32Array | undefined => {
    const done =
      this.current !== null && this.speech >= this.minSpeech
        ? this.take(this.lastLoudEnd + this.trail)
        : undefined;
    this.reset();
    return done;
  };

  /** A quiet chunk before any speech: kept, as much as the preroll needs. */
  private keepBefore(chunk: Float32Array) {
    this.before.push(chunk);
    this.beforeLength += chunk.length;
    while (this.before.length > 1 && this.beforeLength - (this.before[0]?.length ?? 0) >= this.preroll)
      this.beforeLength -= this.before.shift()?.length ?? 0;
  }

  /** Speech starts: the utterance begins with the kept moment before it, cut to the preroll. */
  private begin(): Float32Array[] {
    const { before, beforeLength, preroll } = this;
    const lead = before.length ? concat(before).subarray(Math.max(0, beforeLength - preroll)) : null;
    this.current = lead ? [lead] : [];
    this.length = lead?.length ?? 0;
    this.before = [];
    this.beforeLength = 0;
    return this.current;
  }

  private reset() {
    this.current = null;
    this.length = 0;
    this.speech = 0;
    this.lastLoudEnd = 0;
    this.before = [];
    this.beforeLength = 0;
  }

  /** The first `count` samples of the utterance under way, as one array; then starts afresh. */
  private take(count: number): Float32Array {
    const out = new Float32Array(Math.min(count, this.length));
    let at = 0;
    for (const chunk of this.current ?? []) {
      if (at >= out.length) break;
      const part = chunk.subarray(0, out.length - at);
      out.set(part, at);
      at += part.length;
    }
    this.reset();
    return out;
  }
}

function concat(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
