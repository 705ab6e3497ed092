/**
 * The Storage port: a small key–value store for settings and other per-device data. The browser
 * adapter wraps localStorage and turns its failures (private mode, quota, disabled) into a
 * memory fallback, so saving a setting never throws; tests use the memory store.
 */

/** A string key–value store. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** A store held in memory (tests, and the fallback when localStorage is unavailable). */
export function memoryStore(initial: Readonly<Record<string, string>> = {}): KeyValueStore {
  const data = new Map(Object.entries(initial));
  return {
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

/** The browser's localStorage, falling back to memory when it is missing or refuses to write. */
export function localStore(): KeyValueStore {
  const fallback = memoryStore();
  const ls = (): Storage | undefined => {
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      try {
        return ls()?.getItem(key) ?? fallback.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    set(key, value) {
      fallback.set(key, value);
      try {
        ls()?.setItem(key, value);
      } catch {
        // Quota or private mode: the memory copy keeps the setting for this session.
      }
    },
    remove(key) {
      fallback.remove(key);
      try {
        ls()?.removeItem(key);
      } catch {
        // Nothing to undo: the memory copy is already gone.
      }
    },
  };
}
