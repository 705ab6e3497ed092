// "Keep practice available offline" (issue 26) over a Cache Storage held in memory: the engine's
// files are downloaded once, or moved from the copy its first use left; failures are values with
// their reason and leave nothing behind; a new engine replaces the kept one at the next start.
import { describe, expect, test } from 'vitest';
import { createPracticeOffline } from '../../src/offline/practiceOffline.ts';
import { CACHES } from '../../src/offline/caches.ts';

const BASE = 'https://club.example/';
const FILES = ['/assets/stockfish-1.js', '/assets/stockfish-1.wasm'];

/** A Cache Storage in memory: enough of the browser's for the module. */
function memoryCaches(quota = Infinity) {
  const stores = new Map<string, Map<string, Response>>();
  let used = 0;
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      match: async (url: string) => entries.get(url)?.clone(),
      put: async (url: string, response: Response) => {
        const body = await response.arrayBuffer();
        if (used + body.byteLength > quota)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        used += body.byteLength;
        entries.set(url, new Response(body, { status: response.status, headers: response.headers }));
      },
      delete: async (url: string | Request) => entries.delete(typeof url === 'string' ? url : url.url),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    }) as unknown as Cache;
  const storage = {
    has: async (name: string) => stores.has(name),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name) as Map<string, Response>);
    },
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  const urls = (name: string) => [...(stores.get(name)?.keys() ?? [])].sort();
  return { storage, stores, urls };
}

/** A network that serves the given files and counts what it sent. */
function network(files: readonly string[] = FILES) {
  const sent: string[] = [];
  return {
    sent,
    fetch: async (url: string) => {
      if (!files.some((f) => new URL(f, BASE).href === url)) return new Response('', { status: 404 });
      sent.push(url);
      return new Response(`contents of ${url}`, { status: 200 });
    },
  };
}
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};
const absolute = (files: readonly string[]) => files.map((f) => new URL(f, BASE).href).sort();

describe('keeping practice offline', () => {
  test('downloads each file once, then says it is kept; letting go drops it', async () => {
    const { storage, urls } = memoryCaches();
    const net = network();
    const practice = createPracticeOffline(FILES, storage, net.fetch, BASE);
    await expect(practice.status()).resolves.toBe('notKept');
    await expect(practice.keep()).resolves.toEqual({ ok: true, value: undefined });
    await expect(practice.status()).resolves.toBe('kept');
    expect(urls(CACHES.practice)).toEqual(absolute(FILES));
    await expect(practice.keep()).resolves.toEqual({ ok: true, value: undefined });
    expect(net.sent).toHaveLength(2);
    await practice.release();
    await expect(practice.status()).resolves.toBe('notKept');
  });

  test('moves the copy a first practice game left instead of downloading it, and keeps one copy', async () => {
    const { storage, urls } = memoryCaches();
    const used = await storage.open(CACHES.onDemand);
    for (const url of absolute(FILES)) await used.put(url, new Response('engine', { status: 200 }));
    await used.put(`${BASE}assets/vosk-1.js`, new Response('vosk', { status: 200 }));
    const net = network();
    await expect(createPracticeOffline(FILES, storage, net.fetch, BASE).keep()).resolves.toMatchObject({
      ok: true,
    });
    expect(net.sent).toEqual([]);
    expect(urls(CACHES.practice)).toEqual(absolute(FILES));
    expect(urls(CACHES.onDemand)).toEqual([`${BASE}assets/vosk-1.js`]);
  });

  test('with no network: the reason, and nothing left that would download it later', async () => {
    const { storage, stores } = memoryCaches();
    const practice = createPracticeOffline(FILES, storage, offline, BASE);
    await expect(practice.keep()).resolves.toEqual({ ok: false, error: 'download' });
    expect(stores.has(CACHES.practice)).toBe(false);
    const net = network();
    await createPracticeOffline(FILES, storage, net.fetch, BASE).refresh();
    expect(net.sent).toEqual([]);
  });

  test('a file the server does not have, no room on the device, no caches at all: each its reason', async () => {
    const missing = network([FILES[0] as string]);
    await expect(
      createPracticeOffline(FILES, memoryCaches().storage, missing.fetch, BASE).keep(),
    ).resolves.toEqual({
      ok: false,
      error: 'download',
    });
    const full = memoryCaches(10);
    await expect(createPracticeOffline(FILES, full.storage, network().fetch, BASE).keep()).resolves.toEqual({
      ok: false,
      error: 'storage',
    });
    expect(full.stores.has(CACHES.practice)).toBe(false);
    const none = createPracticeOffline(FILES, undefined, network().fetch, BASE);
    await expect(none.status()).resolves.toBe('unsupported');
    await expect(none.keep()).resolves.toEqual({ ok: false, error: 'unsupported' });
  });

  test('a new version with a new engine: kept at start in place of the old one, once the network is there', async () => {
    const { storage, urls } = memoryCaches();
    await createPracticeOffline(FILES, storage, network().fetch, BASE).keep();
    const next = ['/assets/stockfish-2.js', '/assets/stockfish-2.wasm'];
    await createPracticeOffline(next, storage, offline, BASE).refresh();
    // Tried again at the next start: the old engine stays until the new one is there.
    expect(urls(CACHES.practice)).toEqual(absolute(FILES));
    const net = network(next);
    const practice = createPracticeOffline(next, storage, net.fetch, BASE);
    await expect(practice.status()).resolves.toBe('notKept');
    await practice.refresh();
    await expect(practice.status()).resolves.toBe('kept');
    expect(urls(CACHES.practice)).toEqual(absolute(next));
    expect(net.sent).toHaveLength(2);
  });

  test('a player who does not keep practice downloads nothing at start', async () => {
    const net = network();
    await createPracticeOffline(FILES, memoryCaches().storage, net.fetch, BASE).refresh();
    expect(net.sent).toEqual([]);
  });
});
