/**
 * Earcons over howler: one short sound per EarconId (lift, place, capture, check, illegal, board
 * edge, low time, flag, board difference). The WAV files are made by scripts/make-audio.mjs into
 * audio/ and public/audio/, from where the built app serves them (no bundle weight).
 */
import { Howl } from 'howler';
import { EARCON_IDS, type EarconId, type Earcons } from '../ports/earcons.ts';

/** What the adapter needs of a Howl. */
export interface HowlLike {
  play(): unknown;
  volume(volume: number): unknown;
}

/** Where the files are, how sounds are made, and the starting volume. */
export interface HowlerEarconsOptions {
  /** Folder URL of the sound files, ending in `/` (defaults to the app's `audio/`). */
  readonly baseUrl?: string;
  /** Makes a sound for a URL (a howler Howl by default; a fake in tests). */
  readonly makeHowl?: (src: string, volume: number) => HowlLike;
  readonly volume?: number;
  readonly enabled?: boolean;
}

/** The URL of an earcon's file under a base folder. */
export function earconUrl(id: EarconId, baseUrl = defaultBaseUrl()): string {
  return `${baseUrl}${id}.wav`;
}

function defaultBaseUrl(): string {
  const base = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/';
  return `${base.endsWith('/') ? base : `${base}/`}audio/`;
}

const makeHowlerSound = (src: string, volume: number): HowlLike =>
  new Howl({ src: [src], format: ['wav'], preload: true, volume });

/** The Earcons port over howler: every sound preloaded once, played on demand. */
export function createHowlerEarcons(options: HowlerEarconsOptions = {}): Earcons {
  const make = options.makeHowl ?? makeHowlerSound;
  let volume = clampVolume(options.volume ?? 0.8);
  let enabled = options.enabled ?? true;
  const sounds = new Map<EarconId, HowlLike>(
    EARCON_IDS.map((id) => [id, make(earconUrl(id, options.baseUrl ?? defaultBaseUrl()), volume)]),
  );
  return {
    play(id) {
      if (!enabled || volume === 0) return;
      sounds.get(id)?.play();
    },
    setVolume(v) {
      volume = clampVolume(v);
      for (const s of sounds.values()) s.volume(volume);
    },
    setEnabled(on) {
      enabled = on;
    },
  };
}

const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.8);
