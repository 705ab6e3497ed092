/**
 * The Offline port (issue 26): keeping the practice engine on the device on purpose, so practice
 * against the computer works with no network ("Keep practice available offline"). Behind it the
 * browser keeps the engine's files in a cache the service worker answers from
 * (src/offline/practiceOffline.ts); a device without such caches says so.
 */
import type { Result } from '../core/result.ts';

/** Whether this version's engine is kept on the device. */
export type PracticeKept = 'kept' | 'notKept' | 'unsupported';

/**
 * Why the engine could not be kept: the browser keeps no files for offline use (no secure
 * context), its files could not be downloaded (no network, no server), or the device has no room.
 */
export const KEEP_FAILURES = ['unsupported', 'download', 'storage'] as const;
export type KeepFailure = (typeof KEEP_FAILURES)[number];

export interface PracticeOffline {
  /** Whether the engine of this version is kept. */
  status(): Promise<PracticeKept>;
  /** Keeps the engine's files (downloading what the device does not have yet). */
  keep(): Promise<Result<void, KeepFailure>>;
  /** Stops keeping them; practice then needs the network again, or a recent practice game. */
  release(): Promise<void>;
}
