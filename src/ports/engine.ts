/**
 * The Engine port: a chess engine that searches a position and reports its best lines. Behind it
 * the browser runs Stockfish in a Web Worker over UCI (src/engine/worker.ts); tests and the
 * benchmark run the same engine in a Node child process (src/engine/node.ts).
 */

/** An evaluation from the point of view of the side to move: centipawns or mate in n (n < 0: mated). */
export type EngineScore =
  { readonly kind: 'cp'; readonly value: number } | { readonly kind: 'mate'; readonly value: number };

/** One principal variation as the engine reported it last. */
export interface EngineLine {
  /** 1-based rank (UCI MultiPV). */
  readonly rank: number;
  readonly depth: number;
  readonly score: EngineScore;
  /** UCI moves, the first being the move this line recommends. */
  readonly pv: readonly string[];
}

/** How long and how wide to search, and how well to play. */
export interface SearchLimits {
  readonly depth?: number;
  readonly movetimeMs?: number;
  /** How many lines to report (UCI MultiPV, default 1). */
  readonly multiPv?: number;
  /** Stockfish's `Skill Level`, 0–20 (default 20, full strength). */
  readonly skill?: number;
}

export interface EngineSearch {
  /** The move the engine plays (with a skill below 20 it may not be the first line's); null: none. */
  readonly bestMove: string | null;
  /** The lines, best first. */
  readonly lines: readonly EngineLine[];
}

/**
 * The name of the error an engine's start fails with when its program cannot be loaded (in the
 * browser: its files are not on the device, and the server that has them cannot be reached).
 */
export const ENGINE_UNAVAILABLE = 'engineUnavailable';

export interface Engine {
  /**
   * The searches after this one are from a new game (UCI `ucinewgame`, sent in turn after the
   * searches already asked for): the engine forgets what it learnt from the last game.
   */
  newGame(): void;
  /**
   * Searches `fen`; calls are answered one after another, in order. Rejects once disposed. Aborting
   * `signal` ends the search at once (UCI `stop`): it resolves with the best move found so far, or
   * with no move and no lines when it had not started yet.
   */
  search(fen: string, limits: SearchLimits, signal?: AbortSignal): Promise<EngineSearch>;
  /** Stops the engine program (the worker or process ends). */
  dispose(): void;
}
