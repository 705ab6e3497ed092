/**
 * The browser's engine: Stockfish (the npm package `stockfish`, lite single-threaded WebAssembly
 * build, GPL-3.0) in its own Web Worker, spoken to over UCI. The engine stays a separate program:
 * its two files are emitted unchanged as build assets (dist/assets/), never bundled into the app's
 * code, and this module is imported only when a practice game or a review starts.
 */
// The script's address; the build emits the WebAssembly file and the licence beside it (files.ts).
import { ENGINE_URLS } from './files.ts';
import type { Engine } from '../ports/engine.ts';
import { createUciEngine } from './uci.ts';

/** Starts Stockfish in a Web Worker. */
export function createWorkerEngine(): Engine {
  // Stockfish.js loads the WebAssembly file beside its script, by the same name (the build names the
  // pair alike, scripts/engineAssets.ts): nothing in the worker's URL, which a service worker drops.
  const worker = new Worker(ENGINE_URLS.script);
  return createUciEngine({
    send: (line) => worker.postMessage(line),
    listen: (onLine, onFailure) => {
      worker.onmessage = (e: MessageEvent<unknown>) => {
        if (typeof e.data === 'string') for (const l of e.data.split('\n')) onLine(l);
      };
      worker.onerror = (e: ErrorEvent) => onFailure(new Error(e.message || 'the engine stopped'));
    },
    close: () => worker.terminate(),
  });
}
