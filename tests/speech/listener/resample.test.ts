// Resampling the microphone's rate to the recogniser's 16 kHz (issue 25): speech-band tones keep
// their frequency and level, sound above the new Nyquist frequency is removed, not folded back.
import { describe, expect, test } from 'vitest';
import { resample } from '../../../src/speech/listener/resample.ts';

const tone = (hz: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );

/** The amplitude of the `hz` component (a single-bin DFT over the middle, away from the edges). */
function amplitudeAt(samples: Float32Array, hz: number, rate: number): number {
  const from = Math.floor(samples.length / 4);
  const to = Math.floor((samples.length * 3) / 4);
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    re += (samples[i] ?? 0) * Math.cos((2 * Math.PI * hz * i) / rate);
    im += (samples[i] ?? 0) * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / (to - from);
}

describe('resample', () => {
  test.each([48_000, 44_100, 22_050, 8_000])('%i Hz to 16 kHz: the length follows the ratio', (rate) => {
    const out = resample(new Float32Array(rate), rate, 16_000);
    expect(out.length).toBe(16_000);
  });

  // 47 999 Hz: a ratio that does not reduce, whose kernels are computed per sample.
  test.each([48_000, 44_100, 47_999])(
    'a 1 kHz tone at %i Hz is a 1 kHz tone of the same level at 16 kHz',
    (rate) => {
      const out = resample(tone(1000, rate, 0.5), rate, 16_000);
      expect(amplitudeAt(out, 1000, 16_000)).toBeCloseTo(0.5, 2);
      // Sample by sample it is the tone sampled at 16 kHz (away from the edges).
      const expected = tone(1000, 16_000, 0.5);
      for (let i = 1000; i < 7000; i += 97) expect(out[i]).toBeCloseTo(expected[i] ?? 0, 2);
    },
  );

  test('a 12 kHz tone at 48 kHz is removed rather than folded back to 4 kHz', () => {
    const out = resample(tone(12_000, 48_000, 0.5), 48_000, 16_000);
    expect(amplitudeAt(out, 4000, 16_000)).toBeLessThan(0.005);
  });

  test('silence stays silent, the same rate is a copy, and bad rates are refused', () => {
    expect(Array.from(resample(new Float32Array(480), 48_000, 16_000)).every((s) => s === 0)).toBe(true);
    const samples = Float32Array.from([0.1, -0.2, 0.3]);
    const copy = resample(samples, 16_000, 16_000);
    expect(Array.from(copy)).toEqual(Array.from(samples));
    expect(copy).not.toBe(samples);
    expect(() => resample(samples, 0, 16_000)).toThrow(RangeError);
  });
});
