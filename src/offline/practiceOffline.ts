/**
 * "Keep practice available offline" (issue 26): the practice engine is not precached (7.3 MB, and
 * most players never practise); the service worker keeps it on first use in a bounded cache, which
 * may let it go. Kept on purpose, its files go into a cache of their own that nothing prunes
 * (CACHES.practice), which the service worker answers from first (src/offline/sw.ts).
 *
 * Keeping takes the copy the device already has, if any (moved, not downloaded again), else
 * downloads it; a copy of an earlier engine is dropped. `refresh` runs at start: when the player
 * keeps practice and a new version brought a new engine, the new one is kept (and the old dropped)
 * while the network is there.
 */
import { CACHES } from './caches.ts';
import type { KeepFailure, PracticeKept, PracticeOffline } from '../ports/offline.ts';
import type { Result } from '../core/result.ts';

export interface KeptPractice extends PracticeOffline {
  /** Keeps the current engine if the player keeps practice and it is not kept yet; never throws. */
  refresh(): Promise<void>;
}

/**
 * The engine's files (addresses relative to the page) kept in the browser's Cache Storage.
 * `cacheStorage` and `fetchFile` are the browser's (given in tests).
 */
export function createPracticeOffline(
  files: readonly string[],
  cacheStorage: CacheStorage | undefined = globalThis.caches,
  // no-store: past the HTTP cache and the service worker's own copy (src/offline/sw.ts).
  fetchFile: (url: string) => Promise<Response> = (url) =>
    fetch(url, { cache: 'no-store', credentials: 'same-origin' }),
  base: string = globalThis.location?.href ?? 'http://localhost/',
): KeptPractice {
  const urls = files.map((file) => new URL(file, base).href);

  const status = async (): Promise<PracticeKept> => {
    if (!cacheStorage) return 'unsupported';
    if (!(await cacheStorage.has(CACHES.practice))) return 'notKept';
    const kept = await cacheStorage.open(CACHES.practice);
    const found = await Promise.all(urls.map((url) => kept.match(url)));
    return found.every(Boolean) ? 'kept' : 'notKept';
  };

  const keep = async (): Promise<Result<void, KeepFailure>> => {
    if (!cacheStorage) return { ok: false, error: 'unsupported' };
    // A cache of ours that exists says the player keeps practice (`refresh` goes on from there).
    let keptBefore = true;
    try {
      keptBefore = await cacheStorage.has(CACHES.practice);
      const kept = await cacheStorage.open(CACHES.practice);
      const onDemand = async () =>
        (await cacheStorage.has(CACHES.onDemand)) ? cacheStorage.open(CACHES.onDemand) : undefined;
      const usedBefore = await onDemand();
      for (const url of urls) {
        if (await kept.match(url)) continue;
        const response = (await usedBefore?.match(url)) ?? (await fetchFile(url));
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        await kept.put(url, response);
      }
      // One copy is enough (the kept one answers first): the first use's copy goes, and the one
      // the service worker made of the download, and an older engine's.
      const used = await onDemand();
      for (const url of urls) await used?.delete(url);
      for (const request of await kept.keys()) if (!urls.includes(request.url)) await kept.delete(request);
      return { ok: true, value: undefined };
    } catch (error) {
      if (!keptBefore) await cacheStorage.delete(CACHES.practice).catch(() => false);
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      return { ok: false, error: name === 'QuotaExceededError' ? 'storage' : 'download' };
    }
  };

  const release = async (): Promise<void> => {
    await cacheStorage?.delete(CACHES.practice);
  };

  const refresh = async (): Promise<void> => {
    try {
      if (cacheStorage && (await cacheStorage.has(CACHES.practice)) && (await status()) === 'notKept')
        await keep();
    } catch {
      // Tried again at the next start.
    }
  };

  return { status, keep, release, refresh };
}
