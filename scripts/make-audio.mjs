#!/usr/bin/env node
// Makes Twinboard's earcons (audio/*.wav, copied to public/audio/ where the app serves them) from
// plain math: sine/square tones with short fades, 8-bit mono at 11025 Hz so each file stays tiny.
// No downloads, no randomness: running it again gives byte-identical files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 11025;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A tone: frequency sweeping from f0 to f1 over ms, sine or square, with 4 ms fades. */
function tone({ f0, f1 = f0, ms, wave = 'sine', gain = 0.6 }) {
  const n = Math.round((RATE * ms) / 1000);
  const fade = Math.min(Math.round(RATE * 0.004), Math.floor(n / 2));
  const out = new Float64Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const f = f0 + ((f1 - f0) * i) / n;
    phase += (2 * Math.PI * f) / RATE;
    const s = wave === 'square' ? Math.sign(Math.sin(phase)) * 0.5 : Math.sin(phase);
    const env = Math.min(1, i / fade, (n - 1 - i) / fade);
    out[i] = s * env * gain;
  }
  return out;
}
const silence = (ms) => new Float64Array(Math.round((RATE * ms) / 1000));
const concat = (...parts) => {
  const out = new Float64Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** 8-bit unsigned PCM WAV bytes. */
function wav(samples) {
  const data = Buffer.alloc(samples.length);
  for (let i = 0; i < samples.length; i++) {
    data[i] = Math.max(0, Math.min(255, Math.round(128 + samples[i] * 127)));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// Each sound is distinct in pitch contour so it can be told apart without words.
export const EARCONS = {
  lift: tone({ f0: 520, f1: 880, ms: 70 }),
  place: tone({ f0: 880, f1: 520, ms: 70 }),
  capture: concat(tone({ f0: 740, ms: 50 }), silence(20), tone({ f0: 440, ms: 70 })),
  check: concat(tone({ f0: 988, ms: 80 }), silence(30), tone({ f0: 1319, ms: 110 })),
  illegal: tone({ f0: 180, ms: 180, wave: 'square' }),
  edge: tone({ f0: 300, f1: 240, ms: 45, gain: 0.5 }),
  lowTime: concat(
    tone({ f0: 880, ms: 60 }),
    silence(60),
    tone({ f0: 880, ms: 60 }),
    silence(60),
    tone({ f0: 880, ms: 60 }),
  ),
  flag: concat(tone({ f0: 784, ms: 140 }), tone({ f0: 659, ms: 140 }), tone({ f0: 523, ms: 220 })),
  difference: concat(
    ...Array.from({ length: 6 }, (_, i) => tone({ f0: i % 2 ? 600 : 800, ms: 60, wave: 'square' })),
  ),
};

for (const dir of ['audio', 'public/audio']) mkdirSync(join(root, dir), { recursive: true });
for (const [name, samples] of Object.entries(EARCONS)) {
  const bytes = wav(samples);
  for (const dir of ['audio', 'public/audio']) writeFileSync(join(root, dir, `${name}.wav`), bytes);
  console.log(`${name}.wav  ${bytes.length} bytes`);
}
