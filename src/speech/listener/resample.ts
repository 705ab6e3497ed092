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

/** Phases above this are computed per sample rather than tabled (odd rates whose ratio does not reduce). */
const MAX_PHASES = 1024;

/** Resamples mono `samples` from `fromRate` to `toRate` (Hz); the same rate is a copy. */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!(fromRate > 0 && toRate > 0 && Number.isInteger(fromRate) && Number.isInteger(toRate)))
    throw new RangeError(`resample: bad rates ${fromRate}, ${toRate}`);
  if (fromRate === toRate) return samples.slice();
  const ratio = toRate / fromRate;
  const out = new Float32Array(Math.floor(samples.length * ratio));
  // Cut-off as a fraction of the input's Nyquist frequency, and the kernel's reach in input samples.
  const cutoff = Math.min(1, ratio) * PASS_BAND;
  const reach = Math.ceil(HALF_TAPS / Math.min(1, ratio));
  const taps = 2 * reach;
  const weight = (x: number) => sinc(cutoff * x) * blackman(x / reach);
  // Output sample i sits at input position i·from/to: whole part i·P div Q, fraction (i·P mod Q)/Q
  // with P/Q the reduced ratio, so there are only Q distinct kernels (one for 48 → 16 kHz, 160 for
  // 44.1 → 16 kHz): they are computed once, not per sample (the trigonometry is the cost).
  const g = gcd(fromRate, toRate);
  const P = fromRate / g;
  const Q = toRate / g;
  const table = Q <= MAX_PHASES ? new Float64Array(Q * taps) : undefined;
  if (table)
    for (let phase = 0; phase < Q; phase++)
      for (let k = 0; k < taps; k++) table[phase * taps + k] = weight(phase / Q + reach - 1 - k);
  for (let i = 0; i < out.length; i++) {
    const whole = Math.floor((i * P) / Q);
    const phase = (i * P) % Q;
    const first = whole - reach + 1; // kernel tap k reads input sample first + k
    let sum = 0;
    let weights = 0;
    for (let k = Math.max(0, -first); k < taps && first + k < samples.length; k++) {
      const w = table ? (table[phase * taps + k] ?? 0) : weight(phase / Q + reach - 1 - k);
      sum += (samples[first + k] ?? 0) * w;
      weights += w;
    }
    // Normalised by the weights: unity gain at DC, also where the kernel runs off either end.
    out[i] = weights !== 0 ? sum / weights : 0;
  }
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
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
