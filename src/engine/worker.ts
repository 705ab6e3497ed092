/**
 * The browser's engine: Stockfish (the npm package `stockfish`, lite single-threaded WebAssembly
 * build, GPL-3.0) in its own Web Worker, spoken to over UCI. The engine stays a separate program:
 * its two files are emitted unchanged as build assets (dist/assets/), never bundled into the app's
 * code, and this module is imported only when a practice game or a review starts.
 */
// The script's address; the build emits the WebAssembly file and the licence beside it (files.ts).
import { ENGINE_URLS } from './files.ts';
import { ENGINE_UNAVAILABLE, type Engine } from '../ports/engine.ts';
import { createUciEngine } from './uci.ts';

/**
 * Starts Stockfish in a Web Worker: resolves once the program answers, and rejects with an
 * `ENGINE_UNAVAILABLE` error when it cannot start (offline, its files neither kept on the device
 * nor reachable), so the screen says so at once rather than at the first search.
 */
export function startWorkerEngine(): Promise<Engine> {
  // Stockfish.js loads the WebAssembly file beside its script, by the same name (the build names the
  // pair alike, scripts/engineAssets.ts): nothing in the worker's URL, which a service worker drops.
  const worker = new Worker(ENGINE_URLS.script);
  return new Promise((resolve, reject) => {
    let started = false;
    const engine: Engine = createUciEngine({
      send: (line) => worker.postMessage(line),
      listen: (onLine, onFailure) => {
        worker.onmessage = (e: MessageEvent<unknown>) => {
          if (!started) {
            started = true;
            resolve(engine);
          }
          if (typeof e.data === 'string') for (const l of e.data.split('\n')) onLine(l);
        };
        // A script that cannot be loaded fails with a plain Event; a crash with an ErrorEvent.
        worker.onerror = (e: Event) => {
          const message = e instanceof ErrorEvent ? e.message : '';
          if (started) return onFailure(new Error(message || 'the engine stopped'));
          const error = new Error(`the computer’s files could not be loaded${message ? `: ${message}` : ''}`);
          error.name = ENGINE_UNAVAILABLE;
          onFailure(error);
          worker.terminate();
          reject(error);
        };
      },
      close: () => worker.terminate(),
    });
  });
}
