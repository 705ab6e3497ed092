/** The seeded pseudo-random generator shared by fuzz tests and benchmarks, so every run is the same and a failure can be replayed. */

/**
 * mulberry32: a small, fast 32-bit seeded generator. Returns a function giving numbers in [0, 1);
 * the same seed always gives the same sequence.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
