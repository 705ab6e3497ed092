/**
 * Loads the browser's engine on demand: the worker adapter and Stockfish's files are fetched only
 * when a practice game or a review starts, never with the app. Resolves once the engine answers.
 */
import type { Engine } from '../ports/engine.ts';

export const loadWorkerEngine = (): Promise<Engine> =>
  import('./worker.ts').then((m) => m.startWorkerEngine());
