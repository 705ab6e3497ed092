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
  const o = { ...SEGMENTER_DEFAULTS, ...options };
  const samples = (ms: number) => Math.round((ms / 1000) * o.sampleRate);
  const endSilence = samples(o.endSilenceMs);
  const minSpeech = samples(o.minSpeechMs);
  const max = Math.floor((o.maxMs / 1000) * o.sampleRate);
  const preroll = samples(o.prerollMs);
  const trail = samples(o.trailMs);

  let floor = MIN_SPEECH_DB - SPEECH_MARGIN_DB;
  let before: Float32Array[] = [];
  let beforeLength = 0;
  // The utterance under way: its chunks, length, loud samples, and where its last loud chunk ended.
  let current: Float32Array[] | null = null;
  let length = 0;
  let speech = 0;
  let lastLoudEnd = 0;

  const reset = () => {
    current = null;
    length = 0;
    speech = 0;
    lastLoudEnd = 0;
    before = [];
    beforeLength = 0;
  };
  /** The first `count` samples of the utterance under way, as one array; then starts afresh. */
  const take = (count: number): Float32Array => {
    const out = new Float32Array(Math.min(count, length));
    let at = 0;
    for (const chunk of current ?? []) {
      if (at >= out.length) break;
      const part = chunk.subarray(0, out.length - at);
      out.set(part, at);
      at += part.length;
    }
    reset();
    return out;
  };

  return {
    get speaking() {
      return current !== null;
    },
    push(chunk) {
      const level = levelDb(chunk);
      const loud = level > Math.max(MIN_SPEECH_DB, floor + SPEECH_MARGIN_DB);
      const rise = Math.min(1, chunk.length / (FLOOR_RISE_SECONDS * o.sampleRate));
      floor = level < floor ? level : floor + (level - floor) * rise;
      if (current === null) {
        if (!loud) {
          before.push(chunk);
          beforeLength += chunk.length;
          while (before.length > 1 && beforeLength - (before[0]?.length ?? 0) >= preroll)
            beforeLength -= before.shift()?.length ?? 0;
          return undefined;
        }
        // The kept moment before the speech, cut to the preroll.
        const lead = before.length ? concat(before).subarray(Math.max(0, beforeLength - preroll)) : null;
        current = lead ? [lead] : [];
        length = lead?.length ?? 0;
        before = [];
        beforeLength = 0;
      }
      current.push(chunk);
      length += chunk.length;
      if (loud) {
        speech += chunk.length;
        lastLoudEnd = length;
      }
      if (length >= max) return take(max);
      if (length - lastLoudEnd >= endSilence) {
        if (speech >= minSpeech) return take(lastLoudEnd + trail);
        reset(); // a click or a breath: nothing to send
      }
      return undefined;
    },
    flush() {
      const done = current !== null && speech >= minSpeech ? take(lastLoudEnd + trail) : undefined;
      reset();
      return done;
    },
  };
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
