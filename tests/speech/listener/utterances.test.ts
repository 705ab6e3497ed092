// Where utterances begin and end in the microphone's stream (issue 25): speech after silence starts
// one, a silence after speech ends it (a toggled microphone hears move after move), the talk key's
// release ends it at once, 15 s is the most, and clicks or a noisy room are no speech.
import { describe, expect, test } from 'vitest';
import { createUtteranceSegmenter, levelDb } from '../../../src/speech/listener/utterances.ts';
import { mulberry32 } from '../../helpers/prng.ts';

const RATE = 16_000;
const CHUNK = 320; // 20 ms
const ms = (n: number) => Math.round((n / 1000) * RATE);

/** Chunks of `duration` ms: a 300 Hz "voice" at `amplitude`, or silence (0), or noise. */
function chunks(duration: number, amplitude: number, noise = 0, seed = 1): Float32Array[] {
  const random = mulberry32(seed);
  const out: Float32Array[] = [];
  for (let at = 0; at < ms(duration); at += CHUNK)
    out.push(
      Float32Array.from(
        { length: CHUNK },
        (_, i) => amplitude * Math.sin((2 * Math.PI * 300 * (at + i)) / RATE) + noise * (random() * 2 - 1),
      ),
    );
  return out;
}

/** Feeds chunks; returns the lengths (ms) of the utterances completed. */
function feed(segmenter: ReturnType<typeof createUtteranceSegmenter>, parts: Float32Array[]): number[] {
  const done: number[] = [];
  for (const c of parts) {
    const u = segmenter.push(c);
    if (u) done.push((u.length / RATE) * 1000);
  }
  return done;
}

describe('levelDb', () => {
  test('full-scale square is 0 dBFS, a half-scale sine about -9 dBFS, silence -100', () => {
    expect(levelDb(new Float32Array(320).fill(1))).toBeCloseTo(0, 5);
    expect(levelDb(chunks(20, 0.5)[0]!)).toBeCloseTo(-9.03, 1);
    expect(levelDb(new Float32Array(320))).toBe(-100);
  });
});

describe('the utterance segmenter', () => {
  test('speech between silences is one utterance, with 300 ms kept before and after it', () => {
    const s = createUtteranceSegmenter({ sampleRate: RATE });
    expect(feed(s, chunks(1000, 0))).toEqual([]);
    expect(s.speaking).toBe(false);
    expect(feed(s, chunks(800, 0.3))).toEqual([]);
    expect(s.speaking).toBe(true);
    // Ends once 900 ms of silence followed the speech.
    expect(feed(s, chunks(880, 0))).toEqual([]);
    expect(feed(s, chunks(20, 0))).toEqual([300 + 800 + 300]);
    expect(s.speaking).toBe(false);
  });

  test('a toggled microphone hears one utterance after another; pauses within one do not split it', () => {
    const s = createUtteranceSegmenter({ sampleRate: RATE });
    const parts = [
      ...chunks(500, 0),
      ...chunks(400, 0.3),
      ...chunks(500, 0), // a pause between words
      ...chunks(400, 0.3),
      ...chunks(1500, 0),
      ...chunks(600, 0.2),
      ...chunks(1000, 0),
    ];
    expect(feed(s, parts)).toEqual([300 + 400 + 500 + 400 + 300, 300 + 600 + 300]);
  });

  test("the talk key's release ends the utterance at once; a release with no speech sends nothing", () => {
    const s = createUtteranceSegmenter({ sampleRate: RATE });
    feed(s, [...chunks(100, 0), ...chunks(600, 0.3), ...chunks(100, 0)]);
    expect(s.flush()?.length).toBe(ms(100 + 600 + 100));
    expect(s.flush()).toBeUndefined();
    feed(s, chunks(2000, 0));
    expect(s.flush()).toBeUndefined();
  });

  test('a click is no utterance', () => {
    const s = createUtteranceSegmenter({ sampleRate: RATE });
    expect(feed(s, [...chunks(500, 0), ...chunks(40, 0.8), ...chunks(2000, 0)])).toEqual([]);
    feed(s, [...chunks(500, 0), ...chunks(40, 0.8)]);
    expect(s.flush()).toBeUndefined();
  });

  test('15 seconds is the most: a longer utterance is cut there', () => {
    const s = createUtteranceSegmenter({ sampleRate: RATE });
    // Syllables of 200 ms with quieter 100 ms between them, as speech goes on.
    const talk = Array.from({ length: 54 }, () => [...chunks(200, 0.3), ...chunks(100, 0.02)]).flat();
    expect(feed(s, talk)).toEqual([15_000]);
  });

  test('a steady noisy room is not speech for long; speech above it still is', () => {
    const s = createUtteranceSegmenter({ sampleRate: RATE });
    // Noise at about -35 dBFS, above the absolute threshold: the floor rises to it within seconds.
    const noise = chunks(12_000, 0, 0.03, 7);
    const heard = feed(s, noise);
    expect(heard.length).toBeLessThanOrEqual(1);
    expect(s.speaking).toBe(false);
    const voice = chunks(800, 0.3, 0.03, 8);
    const after = feed(s, [...voice, ...chunks(1200, 0, 0.03, 9)]);
    expect(after).toHaveLength(1);
    expect(after[0]).toBeGreaterThanOrEqual(800);
  });
});
