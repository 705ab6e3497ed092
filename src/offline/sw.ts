/**
 * The service worker (issue 26), built by vite-plugin-pwa (injectManifest, scripts/serviceWorker.ts)
 * into dist/sw.js with Workbox and the build's precache manifest: every file of the build with a
 * revision (hashed files need none: a new content is a new name), less the files only some players
 * need.
 *
 * - **The app shell** (index.html, every script and style) is precached strictly: a version whose
 *   code cannot all be kept does not install, and the running one stays.
 * - **The extras** (icons, earcons, the web manifest, licence texts) are precached where they
 *   arrive: a file that fails (a 404) is left out, fetched from the network when asked, and kept then.
 * - An update downloads only what changed: both precaches keep a file under its URL and revision,
 *   so a file that did not change is not fetched again; files the new version no longer lists are
 *   deleted when it activates.
 * - **On demand**: the practice engine (Stockfish's script and WebAssembly) and the Vosk recogniser
 *   are listed but not precached. They are kept the first time they are used (cache first: they
 *   are hashed), in a cache bounded by count and by the time since their last use; a new version
 *   drops the copies it no longer lists. "Keep practice available offline" keeps the engine in a
 *   cache of its own that nothing prunes (src/offline/practiceOffline.ts).
 * - Every navigation gets the precached app (it routes by the hash); /api/ and /ws never go
 *   through a cache; anything else of the origin (a speech model the club hosts) is network first.
 * - A new version waits until the player accepts it (the update prompt posts `skipWaiting`), so
 *   nothing changes under a game in progress.
 */
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CACHE_PREFIX, CACHES } from './caches.ts';

// The few service-worker types used here (the WebWorker library clashes with the DOM one).
interface ExtendableEvent extends Event {
  waitUntil(done: Promise<unknown>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** The build's files and revisions, written in by workbox-build (injectManifest). */
  readonly __WB_MANIFEST: readonly BuildFile[];
}
/** A file of the build; `onDemand`: kept on first use, not precached (scripts/serviceWorker.ts). */
interface BuildFile extends PrecacheEntry {
  readonly onDemand?: true;
}
declare const self: ServiceWorkerScope;

const DAY = 24 * 60 * 60;

/** The code the app cannot start without: the page and every script and style of the build. */
const isShell = (entry: PrecacheEntry) =>
  entry.url === 'index.html' || /^assets\/.+\.(?:js|css)$/.test(entry.url);

const manifest: BuildFile[] = [];
const onDemandFiles = new Set<string>();
// One mention of the list: the build writes it in there.
for (const file of self.__WB_MANIFEST)
  if (file.onDemand) onDemandFiles.add(new URL(file.url, self.location.href).href);
  else manifest.push(file);
const shell = new PrecacheController({ cacheName: CACHES.shell });
shell.addToCacheList(manifest.filter(isShell));
const extras = new PrecacheController({ cacheName: CACHES.extras });
extras.addToCacheList(manifest.filter((entry) => !isShell(entry)));

/**
 * Precaches the extras one by one, as the shell's controller would, but a file that fails is left
 * out instead of failing the install: the extras' route fetches it when it is asked for.
 */
async function precacheWhatArrives(event: ExtendableEvent): Promise<void> {
  await Promise.allSettled(
    [...extras.getURLsToCacheKeys()].map(([url, cacheKey]) =>
      Promise.all(
        extras.strategy.handleAll({
          event,
          // Past the HTTP cache: these names carry no hash, so a cached copy may be older.
          request: new Request(url, { cache: 'reload', credentials: 'same-origin' }),
          params: { cacheKey },
        }),
      ),
    ),
  );
}

/**
 * What this version does not use: caches of ours it does not name (earlier releases' and the old
 * unbounded runtime cache) and the copies of on-demand files it no longer lists.
 */
async function dropOldCaches(): Promise<void> {
  const current = new Set<string>(Object.values(CACHES));
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name))
      .map((name) => caches.delete(name)),
  );
  if (!names.includes(CACHES.onDemand)) return;
  const used = await caches.open(CACHES.onDemand);
  for (const request of await used.keys()) if (!onDemandFiles.has(request.url)) await used.delete(request);
}

self.addEventListener('install', (event) => {
  event.waitUntil(Promise.all([shell.install(event), precacheWhatArrives(event)]));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([shell.activate(event), extras.activate(event), dropOldCaches()]).then(() =>
      self.clients.claim(),
    ),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') void self.skipWaiting();
});

// The shell, from its precache (`/` is index.html).
registerRoute(new PrecacheRoute(shell));

// The extras, from their precache; one that did not arrive at install is fetched and kept now.
registerRoute(
  ({ url }) => extras.getCacheKeyForURL(url.href) !== undefined,
  async ({ request, event }) => {
    const cacheKey = extras.getCacheKeyForURL(request.url) as string;
    const cache = await caches.open(CACHES.extras);
    const kept = await cache.match(cacheKey);
    if (kept) return kept;
    const response = await fetch(request.url, { cache: 'reload', credentials: 'same-origin' });
    if (response.status === 200) (event as ExtendableEvent).waitUntil(cache.put(cacheKey, response.clone()));
    return response;
  },
);

/**
 * Runtime copies age from their last use, not from the server's Date header, which the expiration
 * would otherwise read: an engine downloaded 61 days ago and used daily must still start offline.
 */
const agedByUse: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.delete('date');
    return new Response(response.body, { status: 200, statusText: response.statusText, headers });
  },
};

// The on-demand files: the engine kept on purpose, else the copy of their first use.
const onDemand = new CacheFirst({
  cacheName: CACHES.onDemand,
  plugins: [
    agedByUse,
    new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
  ],
});
registerRoute(
  ({ url }) => onDemandFiles.has(url.href),
  async (options) => {
    // Fetched to be kept on purpose (practiceOffline.ts asks with no-store): the page keeps it, and
    // a copy of ours, put after the page had cleared this cache, would hold the engine twice.
    if (options.request.cache === 'no-store') return fetch(options.request);
    return (await caches.match(options.request, { cacheName: CACHES.practice })) ?? onDemand.handle(options);
  },
);

/** The server's live answers: never from a cache (a kept "recogniser available" would mislead). */
const LIVE = [/^\/api\//, /^\/ws(?:\/|$)/];

// The app routes by the hash, so every navigation is the app itself.
registerRoute(new NavigationRoute(shell.createHandlerBoundToURL('index.html'), { denylist: LIVE }));

// Anything else of the origin (a speech model the club hosts): the network, else the kept copy.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && !LIVE.some((live) => live.test(url.pathname)),
  new NetworkFirst({
    cacheName: CACHES.fetched,
    plugins: [
      agedByUse,
      new ExpirationPlugin({ maxEntries: 8, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);
