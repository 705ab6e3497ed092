/**
 * The page's side of the service worker: registers it (production builds, from main.tsx) and keeps
 * whether a new version is installed and waiting. The waiting version takes over only when the
 * player accepts it (`acceptUpdate`), then the page reloads once; until then the running game is
 * untouched.
 */
let waiting: ServiceWorker | null = null;
let accepted = false;
const subscribers = new Set<() => void>();

function offer(worker: ServiceWorker): void {
  // The very first install has no page to update (nothing controlled the page yet).
  if (!navigator.serviceWorker.controller) return;
  waiting = worker;
  for (const notify of subscribers) notify();
}

/** Registers `sw.js`; the browser then checks for a new version at each start and every hour. */
export function registerServiceWorker(url: string): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (accepted) window.location.reload();
  });
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register(url).then((registration) => {
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed') offer(worker);
        });
      });
      setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    });
  });
}

export function subscribeToUpdate(onChange: () => void): () => void {
  subscribers.add(onChange);
  return () => subscribers.delete(onChange);
}

/** Whether a new version is installed and waits for the player. */
export const updateWaiting = (): boolean => waiting !== null;

/** Lets the waiting version take over; the page reloads when it does. */
export function acceptUpdate(): void {
  accepted = true;
  waiting?.postMessage('skipWaiting');
}
