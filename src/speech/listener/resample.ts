/**
 * Sample-rate conversion for Twinboard's server recogniser (issue 25): the microphone runs at the
 * audio device's rate (44.1 or 48 kHz, mostly) and the recogniser takes 16 kHz. A windowed-sinc
 * (Blackman) low-pass interpolator, so that sound above the new Nyquist frequency is removed rather
 * than folded back into the speech band, as plain linear interpolation would. Pure.
 */

/** Zero crossings of the sinc on each side, at the lower of the two rates. */
const HALF_TAPS = 16;
/** The pass band ends a little below the lower rate's Nyquist frequency (the filter's roll-off). */
const PASS_BAND = 0.92;

/** Resamples mono `samples` from `fromRate` to `toRate` (Hz); the same rate is a copy. */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!(fromRate > 0 && toRate > 0)) throw new RangeError(`resample: bad rates ${fromRate}, ${toRate}`);
  if (fromRate === toRate) return samples.slice();
  const ratio = toRate / fromRate;
  const out = new Float32Array(Math.floor(samples.length * ratio));
  // Cut-off as a fraction of the input's Nyquist frequency, and the kernel's reach in input samples.
  const cutoff = Math.min(1, ratio) * PASS_BAND;
  const reach = Math.ceil(HALF_TAPS / Math.min(1, ratio));
  for (let i = 0; i < out.length; i++) {
    const t = i / ratio; // the output sample's position in input samples
    const first = Math.max(0, Math.floor(t) - reach + 1);
    const last = Math.min(samples.length - 1, Math.floor(t) + reach);
    let sum = 0;
    let weights = 0;
    for (let j = first; j <= last; j++) {
      const x = t - j;
      const w = sinc(cutoff * x) * blackman(x / reach);
      sum += (samples[j] ?? 0) * w;
      weights += w;
    }
    // Normalised by the weights: unity gain at DC, also where the kernel runs off either end.
    out[i] = weights !== 0 ? sum / weights : 0;
  }
  return out;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** The Blackman window on -1…1 (zero outside). */
function blackman(x: number): number {
  if (x <= -1 || x >= 1) return 0;
  return 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
}
