/**
 * The names of Twinboard's caches on the device (issue 26), shared by the service worker
 * (src/offline/sw.ts) and the page (src/offline/practiceOffline.ts). Every cache of ours starts
 * with `twinboard-`; the service worker deletes any other one of that prefix when a version
 * activates (the caches of earlier releases: `twinboard-<version>`, the unbounded
 * `twinboard-runtime`).
 */
export const CACHE_PREFIX = 'twinboard-';

export const CACHES = {
  /** The app itself, precached strictly: index.html and every script and style of the build. */
  shell: `${CACHE_PREFIX}shell`,
  /** The rest of the build, precached where it arrives (icons, earcons, the manifest, texts). */
  extras: `${CACHE_PREFIX}extras`,
  /** Hashed files left out of the precache (the engine, the Vosk recogniser): kept on first use, bounded. */
  onDemand: `${CACHE_PREFIX}on-demand`,
  /** Anything else of the origin (a speech model the club hosts): network first, bounded. */
  fetched: `${CACHE_PREFIX}fetched`,
  /** The practice engine, kept because the player asked ("Keep practice available offline"). */
  practice: `${CACHE_PREFIX}practice`,
} as const;
