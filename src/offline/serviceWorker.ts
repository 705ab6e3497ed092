/**
 * The service worker, built into dist/sw.js by scripts/serviceWorker.ts with the list of files to
 * precache and a version (a hash of their contents). Once installed, Twinboard starts with no
 * network and no server: every navigation gets the precached app, every precached file comes from
 * the cache, anything else (the Vosk recogniser, a speech model) from the network and is kept for
 * the next time it is needed offline. A new version waits until the player accepts it (the update
 * prompt posts `skipWaiting`), so nothing changes under a game in progress.
 */

// The few service-worker types used here (the WebWorker library clashes with the DOM one).
interface ExtendableEvent extends Event {
  waitUntil(done: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: ServiceWorkerScope;
export {}; // a module, so `self` above is this file's own
/** Paths relative to the scope, and the version; defined by the build. */
declare const __PRECACHE__: readonly string[];
declare const __VERSION__: string;

const PREFIX = 'twinboard-';
const PRECACHE = `${PREFIX}${__VERSION__}`;
const RUNTIME = `${PREFIX}runtime`;
const scoped = (path: string) => new URL(path, self.registration.scope).href;
const SHELL = scoped('index.html');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PRECACHE)
      // `reload`: past the HTTP cache, where unhashed files (index.html, audio) may be old.
      .then((cache) =>
        cache.addAll(__PRECACHE__.map((path) => new Request(scoped(path), { cache: 'reload' }))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== PRECACHE && name !== RUNTIME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') void self.skipWaiting();
});

/** From the network, kept for offline use; from that copy when the network or the server is gone. */
async function networkThenKept(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const copy = response.clone();
      void caches.open(RUNTIME).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: RUNTIME });
    if (kept) return kept;
    throw error;
  }
}

/**
 * A worker reads its own address, fragment included (Stockfish finds its wasm file there). A cached
 * response carries the address it was stored under, without the fragment; a new response takes
 * the request's.
 */
const asRequested = (response: Response) =>
  new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The server's answers (GET /api/recognise: is its recogniser there?) are live, never kept: a
  // kept "available" would send the offline app's voice to a server that is gone.
  if (url.pathname.startsWith('/api/')) return;
  // The app routes by the hash, so every navigation is the app itself.
  const key = request.mode === 'navigate' ? SHELL : request;
  const worker = request.destination === 'worker';
  event.respondWith(
    caches
      .match(key, { cacheName: PRECACHE })
      .then((cached) => (cached ? (worker ? asRequested(cached) : cached) : networkThenKept(request))),
  );
});
