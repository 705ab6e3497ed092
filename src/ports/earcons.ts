/**
 * The Earcons port: short sounds for lift, place, capture, check, illegal, board edge, low time,
 * flag and board difference. The adapter is src/sound/earcons.ts (howler); tests use a fake.
 */
import type { EarconId } from '../speech/announce.ts';

export type { EarconId };
export { EARCON_IDS } from '../speech/announce.ts';

/** Short sounds by id. */
export interface Earcons {
  play(id: EarconId): void;
  /** 0–1. */
  setVolume(volume: number): void;
  setEnabled(enabled: boolean): void;
}
