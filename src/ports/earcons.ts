/**
 * The Earcons port: short sounds for lift, place, capture, check, illegal, board edge, low time,
 * flag and board difference. The adapter is src/sound/earcons.ts (howler); tests use a fake.
 */

/** The short sounds that accompany utterances (or stand alone). */
export const EARCON_IDS = [
  'lift',
  'place',
  'capture',
  'check',
  'illegal',
  'edge',
  'lowTime',
  'flag',
  'difference',
] as const;
/** One of the earcon sounds. */
export type EarconId = (typeof EARCON_IDS)[number];

/** Short sounds by id. */
export interface Earcons {
  play(id: EarconId): void;
  /** 0–1. */
  setVolume(volume: number): void;
  setEnabled(enabled: boolean): void;
}
