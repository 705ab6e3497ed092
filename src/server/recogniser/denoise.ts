/**
 * Noise reduction before decoding (issue 25): a Wiener filter whose noise spectrum is estimated
 * from the utterance's own quietest frames, applied only when the utterance is noisy.
 *
 * Why: pocketsphinx's own noise removal (`-remove_noise`, on) leaves loud broadband noise over
 * the words; on the training part a quarter of the moves spoken in white noise of amplitude 0.06
 * were lost (neither played nor offered), 74 of the 168 lost in all. The noise is not assumed to
 * start before the speech (the benchmark's does not; the talk key's recording may): its spectrum
 * is the mean of the quietest fifth of the utterance's frames, which in speech are the pauses
 * between and around words. Each bin is then scaled by a Wiener gain with a decision-directed
 * a priori SNR (Ephraim and Malah), floored at -20 dB, which leaves less "musical" residue than
 * plain spectral subtraction. It is applied only when the loudest fifth of the frames stands
 * less than 20 dB above the quietest fifth between 1 and 4 kHz: brown noise (below the words) and
 * faint noise are left alone, because filtering them everywhere lost more moves than it saved,
 * and clean speech is passed on untouched, sample for sample.
 *
 * Chosen on the training part only (`npm run bench:voice`, BENCH_VOICE_PART=train, 400 utterances
 * a seed): tuned on seeds 41-42 (filter strength 0.5/1/2, smoothing 0.8/0.9/0.98, gate 16-25 dB
 * and none; plain power subtraction and sox's `noisered` with a profile from the same quiet
 * frames both lost more moves than no filter), checked on seeds 43-46. Before -> after, played
 * right / played or offered / wrong / lost, all six seeds: 53.8 % / 93.0 % / 2 / 166 ->
 * 58.3 % / 96.0 % / 2 / 95; lost in white noise 0.06: 73 of 300 -> 16. Seed by seed, played or
 * offered: 41 92.3 -> 95.3 %, 42 93.0 -> 96.8, 43 92.5 -> 95.5, 44 94.3 -> 97.0, 45 93.0 -> 96.0,
 * 46 93.0 -> 95.3. Wrong moves: seed 41 1 -> 0, seed 43 0 -> 1 (the same sound-alike, "alpha two
 * alpha three" for "Delta two Delta three", on another utterance). Cost: about 2 ms of CPU per
 * utterance (median; 5 ms p95; 25-30 ms for 15 s of audio), on the server's thread.
 */

export interface DenoiseOptions {
  /** Share of the frames, the quietest by energy, whose mean power spectrum is taken as the noise's. */
  readonly quietShare: number;
  /** The Wiener gain is prior / (prior + this): above 1 removes more noise and more speech. */
  readonly overSubtraction: number;
  /** The least gain of a bin (amplitude), so that no bin is emptied. */
  readonly floor: number;
  /** Weight of the previous frame's cleaned power in the decision-directed a priori SNR. */
  readonly smoothing: number;
  /**
   * The utterance is left as it is when its loudest fifth of frames stands more than this (dB)
   * above its quietest fifth in GATE_BAND: the noise is then too faint to be worth the filter.
   */
  readonly gateDb: number;
}

export const DENOISE_DEFAULTS: DenoiseOptions = {
  quietShare: 0.2,
  overSubtraction: 1,
  floor: 0.1,
  smoothing: 0.9,
  gateDb: 20,
};

const RATE = 16_000;
/** 32 ms frames at half overlap. */
const SIZE = 512;
const HOP = SIZE / 2;
const BINS = SIZE / 2 + 1;
/** Where speech's formants carry the words, and where white or pink noise covers them. */
const GATE_BAND = [1000, 4000] as const;

/** sqrt of a periodic Hann window: analysis × synthesis sums to 1 at half overlap. */
const WINDOW = Float64Array.from({ length: SIZE }, (_, i) =>
  Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * i) / SIZE)),
);
const BITS = Math.log2(SIZE);
const REVERSED = Uint16Array.from({ length: SIZE }, (_, i) => {
  let r = 0;
  for (let b = 0; b < BITS; b++) r |= ((i >> b) & 1) << (BITS - 1 - b);
  return r;
});
const COS = Float64Array.from({ length: SIZE / 2 }, (_, i) => Math.cos((2 * Math.PI * i) / SIZE));
const SIN = Float64Array.from({ length: SIZE / 2 }, (_, i) => Math.sin((2 * Math.PI * i) / SIZE));

/** In place, radix 2, SIZE points; the inverse is unscaled. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  for (let i = 0; i < SIZE; i++) {
    const j = REVERSED[i]!;
    if (j > i) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let len = 2; len <= SIZE; len <<= 1) {
    const half = len >> 1;
    const step = SIZE / len;
    for (let start = 0; start < SIZE; start += len)
      for (let k = 0; k < half; k++) {
        const wr = COS[k * step]!;
        const wi = sign * SIN[k * step]!;
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
  }
}

/** One analysis frame: its half spectrum (bins 0 to SIZE / 2) and power per bin. */
interface Frame {
  readonly re: Float64Array;
  readonly im: Float64Array;
  readonly power: Float64Array;
}

/**
 * The short-time spectra of `padded` (HOP samples of silence each side), frame f at f × HOP. Two
 * real frames share one complex transform, as its real and imaginary parts, then are told apart
 * by the symmetry of a real signal's spectrum: half the transforms.
 */
function analyse(padded: Float64Array, frames: number): Frame[] {
  const out: Frame[] = [];
  const re = new Float64Array(SIZE);
  const im = new Float64Array(SIZE);
  for (let f = 0; f < frames; f += 2) {
    for (let i = 0; i < SIZE; i++) {
      re[i] = padded[f * HOP + i]! * WINDOW[i]!;
      im[i] = f + 1 < frames ? padded[(f + 1) * HOP + i]! * WINDOW[i]! : 0;
    }
    fft(re, im);
    const a = { re: new Float64Array(BINS), im: new Float64Array(BINS), power: new Float64Array(BINS) };
    const b = { re: new Float64Array(BINS), im: new Float64Array(BINS), power: new Float64Array(BINS) };
    for (let k = 0; k < BINS; k++) {
      const m = (SIZE - k) % SIZE;
      a.re[k] = (re[k]! + re[m]!) / 2;
      a.im[k] = (im[k]! - im[m]!) / 2;
      b.re[k] = (im[k]! + im[m]!) / 2;
      b.im[k] = (re[m]! - re[k]!) / 2;
      a.power[k] = a.re[k]! ** 2 + a.im[k]! ** 2;
      b.power[k] = b.re[k]! ** 2 + b.im[k]! ** 2;
    }
    out.push(a);
    if (f + 1 < frames) out.push(b);
  }
  return out;
}

/**
 * The samples back from the frames' half spectra, overlapped and added: two frames to one inverse
 * transform (the first as its real part, the second as its imaginary part).
 */
function synthesise(frames: readonly Frame[], length: number): Float64Array {
  const out = new Float64Array(length);
  const re = new Float64Array(SIZE);
  const im = new Float64Array(SIZE);
  const none = { re: new Float64Array(BINS), im: new Float64Array(BINS) };
  for (let f = 0; f < frames.length; f += 2) {
    const a = frames[f]!;
    const b = frames[f + 1] ?? none;
    for (let k = 0; k < BINS; k++) {
      re[k] = a.re[k]! - b.im[k]!;
      im[k] = a.im[k]! + b.re[k]!;
      if (k > 0 && k < SIZE / 2) {
        re[SIZE - k] = a.re[k]! + b.im[k]!;
        im[SIZE - k] = b.re[k]! - a.im[k]!;
      }
    }
    fft(re, im, true);
    for (let i = 0; i < SIZE; i++) {
      out[f * HOP + i] = out[f * HOP + i]! + (re[i]! / SIZE) * WINDOW[i]!;
      if (f + 1 < frames.length)
        out[(f + 1) * HOP + i] = out[(f + 1) * HOP + i]! + (im[i]! / SIZE) * WINDOW[i]!;
    }
  }
  return out;
}

const sum = (xs: Float64Array, from = 0, to = xs.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += xs[i]!;
  return s;
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/**
 * How far (dB) the loudest fifth of the frames stands above the quietest fifth in GATE_BAND: a
 * rough signal-to-noise ratio where the words are, high for clean speech, low in loud noise.
 */
function bandContrastDb(frames: readonly Frame[]): number {
  const lo = Math.round((GATE_BAND[0] * SIZE) / RATE);
  const hi = Math.round((GATE_BAND[1] * SIZE) / RATE);
  const band = frames.map((f) => sum(f.power, lo, hi)).sort((a, b) => a - b);
  const fifth = Math.max(1, Math.round(band.length / 5));
  const quiet = mean(band.slice(0, fifth));
  const loud = mean(band.slice(-fifth));
  return loud <= 0 ? 0 : 10 * Math.log10(loud / Math.max(quiet, 1e-12));
}

/** The noise's power spectrum: the mean of the quietest frames' (by total power). */
function noiseSpectrum(frames: readonly Frame[], share: number): Float64Array {
  const quiet = frames
    .map((frame) => ({ frame, energy: sum(frame.power) }))
    .sort((a, b) => a.energy - b.energy)
    .slice(0, Math.max(1, Math.round(frames.length * share)));
  const noise = new Float64Array(BINS);
  for (const { frame } of quiet)
    for (let k = 0; k < BINS; k++) noise[k] = noise[k]! + frame.power[k]! / quiet.length;
  return noise;
}

/**
 * Scales each frame's bins by the Wiener gain prior / (prior + overSubtraction), the a priori
 * SNR decision-directed (Ephraim and Malah): smoothed with the previous frame's cleaned power,
 * which keeps the leftover noise from warbling ("musical noise").
 */
function filter(frames: readonly Frame[], noise: Float64Array, o: DenoiseOptions): void {
  const previous = new Float64Array(BINS);
  for (const { re, im, power } of frames)
    for (let k = 0; k < BINS; k++) {
      const n = Math.max(noise[k]!, 1e-12);
      const post = power[k]! / n;
      const prior = o.smoothing * (previous[k]! / n) + (1 - o.smoothing) * Math.max(post - 1, 0);
      const gain = Math.max(prior / (prior + o.overSubtraction), o.floor);
      previous[k] = gain * gain * power[k]!;
      re[k] = re[k]! * gain;
      im[k] = im[k]! * gain;
    }
}

/** The samples with HOP samples of silence each side, and their spectra, whole frames first and last. */
function spectraOf(samples: Float32Array): { padded: Float64Array; spectra: Frame[]; inner: Frame[] } {
  const frames = Math.ceil(samples.length / HOP) + 1;
  const padded = new Float64Array((frames + 1) * HOP);
  padded.set(samples, HOP);
  const spectra = analyse(padded, frames);
  // The two edge frames are half padding: they would pass for the quietest.
  const inner = spectra.length > 2 ? spectra.slice(1, -1) : spectra;
  return { padded, spectra, inner };
}

/** bandContrastDb of 16 kHz samples: what the gate compares with `gateDb`. */
export function noiseContrastDb(samples: Float32Array): number {
  return bandContrastDb(spectraOf(samples).inner);
}

/** Lowers stationary noise in 16 kHz samples (any scale); a new array of the same length. */
export function denoise(samples: Float32Array, options: Partial<DenoiseOptions> = {}): Float32Array {
  const o = { ...DENOISE_DEFAULTS, ...options };
  const { padded, spectra, inner } = spectraOf(samples);
  if (bandContrastDb(inner) > o.gateDb) return Float32Array.from(samples);
  filter(spectra, noiseSpectrum(inner, o.quietShare), o);
  const out = synthesise(spectra, padded.length);
  return Float32Array.from(out.subarray(HOP, HOP + samples.length));
}

/** denoise() on 16-bit little-endian PCM, as the decoders take it (on a little-endian machine). */
export function denoisePcm(pcm: Buffer, options: Partial<DenoiseOptions> = {}): Buffer {
  const pcm16 = new Int16Array(pcm.length >> 1);
  Buffer.from(pcm16.buffer).set(pcm.subarray(0, pcm16.length * 2));
  const cleaned = denoise(Float32Array.from(pcm16), options);
  for (let i = 0; i < pcm16.length; i++)
    pcm16[i] = Math.max(-32768, Math.min(32767, Math.round(cleaned[i]!)));
  return Buffer.from(pcm16.buffer);
}
