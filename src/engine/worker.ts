/**
 * The browser's engine: Stockfish (the npm package `stockfish`, lite single-threaded WebAssembly
 * build, GPL-3.0) in its own Web Worker, spoken to over UCI. The engine stays a separate program:
 * its two files are emitted unchanged as build assets (dist/assets/), never bundled into the app's
 * code, and this module is imported only when a practice game or a review starts.
 */
import engineScript from 'stockfish/bin/stockfish-18-lite-single.js?url';
import engineWasm from 'stockfish/bin/stockfish-18-lite-single.wasm?url';
import type { Engine } from '../ports/engine.ts';
import { createUciEngine } from './uci.ts';

/** Starts Stockfish in a Web Worker. */
export function createWorkerEngine(): Engine {
  // Stockfish.js reads the WebAssembly file's address from the worker's URL fragment (a second
  // part `,worker` would mark a helper thread, which then waits for orders and never starts).
  const wasm = new URL(engineWasm, window.location.href).href;
  const worker = new Worker(`${engineScript}#${encodeURIComponent(wasm)}`);
  return createUciEngine({
    send: (line) => worker.postMessage(line),
    listen: (onLine) => {
      worker.onmessage = (e: MessageEvent<unknown>) => {
        if (typeof e.data === 'string') for (const l of e.data.split('\n')) onLine(l);
      };
    },
    close: () => worker.terminate(),
  });
}
