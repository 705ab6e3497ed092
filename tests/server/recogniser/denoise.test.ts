// The recogniser's noise reduction (issue 25): loud steady noise is lowered and what stands
// above it kept; clean or faintly noisy audio passes untouched.
import { describe, expect, test } from 'vitest';
import { denoise, denoisePcm, fft, noiseContrastDb } from '../../../src/server/recogniser/denoise.ts';
import { mulberry32 } from '../../helpers/prng.ts';

const RATE = 16_000;
/** A tone from 0.5 s to 1.5 s of two seconds, silence around it: 440 Hz (amplitude 3000 of 32768)
 * with overtones at 1320 and 2640 Hz, where a vowel's formants would be. */
const sine = (hz: number, i: number) => Math.sin((2 * Math.PI * hz * i) / RATE);
const tone = Float32Array.from({ length: 2 * RATE }, (_, i) =>
  i >= RATE / 2 && i < 1.5 * RATE ? 3000 * sine(440, i) + 1500 * sine(1320, i) + 1000 * sine(2640, i) : 0,
);
/** Uniform white noise of amplitude `level` (RMS level / √3), the same every run. */
const white = (level: number, seed = 7) => {
  const random = mulberry32(seed);
  return Float32Array.from(tone, () => (random() * 2 - 1) * level);
};
const plus = (a: Float32Array, b: Float32Array) => Float32Array.from(a, (x, i) => x + b[i]!);
const rms = (xs: Float32Array, from: number, to: number) => {
  let s = 0;
  for (let i = from; i < to; i++) s += xs[i]! * xs[i]!;
  return Math.sqrt(s / (to - from));
};
/** How much of the tone is in `xs` over the tone's middle: 1 when all of it, 0 when none. */
const toneKept = (xs: Float32Array) => {
  let dot = 0;
  let norm = 0;
  for (let i = 0.6 * RATE; i < 1.4 * RATE; i++) {
    dot += xs[i]! * tone[i]!;
    norm += tone[i]! * tone[i]!;
  }
  return dot / norm;
};
const dB = (ratio: number) => 20 * Math.log10(ratio);

describe('noise reduction before decoding', () => {
  test('a tone in loud white noise comes out with the noise lowered and the tone kept', () => {
    const noisy = plus(tone, white(2000));
    expect(noiseContrastDb(noisy)).toBeLessThan(20);
    const cleaned = denoise(noisy);
    expect(cleaned).toHaveLength(noisy.length);
    // The noise alone (before and after the tone) is lowered by more than 10 dB…
    expect(dB(rms(noisy, 0, RATE / 2) / rms(cleaned, 0, RATE / 2))).toBeGreaterThan(10);
    expect(dB(rms(noisy, 1.5 * RATE, 2 * RATE) / rms(cleaned, 1.5 * RATE, 2 * RATE))).toBeGreaterThan(10);
    // …and the tone kept: nearly all of it, with little noise left over it.
    expect(toneKept(cleaned)).toBeGreaterThan(0.95);
    const residue = Float32Array.from(cleaned, (x, i) => x - tone[i]!);
    expect(rms(residue, 0.6 * RATE, 1.4 * RATE)).toBeLessThan(rms(noisy, 0, RATE / 2) / 3);
  });

  test('audio without noise passes untouched, and so does faint noise', () => {
    expect(denoise(tone)).toEqual(tone);
    const faint = plus(tone, white(20));
    expect(noiseContrastDb(faint)).toBeGreaterThan(20);
    expect(denoise(faint)).toEqual(faint);
  });

  test('noise alone is lowered, never amplified', () => {
    const noise = white(3000, 11);
    const cleaned = denoise(noise);
    expect(rms(cleaned, 0, noise.length)).toBeLessThan(rms(noise, 0, noise.length) / 3);
  });

  test('works on the 16-bit PCM the decoders take, any length, clipping at full scale', () => {
    for (const length of [1, 255, 257, 1600, 16_001]) {
      const random = mulberry32(length);
      const pcm = Buffer.alloc(length * 2);
      for (let i = 0; i < length; i++) pcm.writeInt16LE(Math.round((random() * 2 - 1) * 32767), i * 2);
      expect(denoisePcm(pcm)).toHaveLength(pcm.length);
    }
    const loud = plus(tone, white(2000));
    const pcm = Buffer.alloc(loud.length * 2);
    loud.forEach((x, i) => pcm.writeInt16LE(Math.round(x), i * 2));
    const cleaned = denoisePcm(pcm);
    expect(cleaned.readInt16LE(RATE)).not.toBe(pcm.readInt16LE(RATE));
  });

  test('the transform and its inverse give the samples back', () => {
    const random = mulberry32(3);
    const re = Float64Array.from({ length: 512 }, () => random() - 0.5);
    const im = new Float64Array(512);
    const before = Float64Array.from(re);
    fft(re, im);
    expect(re[0]).toBeCloseTo(
      before.reduce((a, b) => a + b, 0),
      9,
    );
    fft(re, im, true);
    for (let i = 0; i < 512; i++) expect(re[i]! / 512).toBeCloseTo(before[i]!, 9);
  });
});
