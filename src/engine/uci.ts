/**
 * A UCI client over a line channel: the one implementation of the Engine port, whatever carries
 * the lines (a Web Worker's messages, a child process's stdin/stdout). It speaks the protocol as
 * written: `uci` once, `ucinewgame` before a new game's searches, `isready` after the position and
 * options, `go`, and `stop` when a search is called off (a take-back). Searches and new games are
 * queued, so the engine only ever runs one search; `parseInfo` reads the engine's `info` lines.
 */
import type { Engine, EngineLine, EngineScore, EngineSearch, SearchLimits } from '../ports/engine.ts';

/** Lines to and from a UCI engine program. */
export interface LineChannel {
  send(line: string): void;
  /** Registers the one receiver of the engine's output lines, and of its failure (it stopped). */
  listen(onLine: (line: string) => void, onFailure: (error: Error) => void): void;
  close(): void;
}

/** Reads an `info … multipv k score … pv …` line; null for lines without a scored PV. */
export function parseInfo(line: string): EngineLine | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'info') return null;
  const at = (key: string) => words.indexOf(key);
  const pvAt = at('pv');
  const scoreAt = at('score');
  if (pvAt < 0 || scoreAt < 0) return null;
  const kind = words[scoreAt + 1];
  const value = Number(words[scoreAt + 2]);
  if ((kind !== 'cp' && kind !== 'mate') || !Number.isFinite(value)) return null;
  // Bounds are provisional scores reported mid-search; only exact ones describe a line.
  if (words[scoreAt + 3] === 'lowerbound' || words[scoreAt + 3] === 'upperbound') return null;
  const score: EngineScore = { kind, value };
  const rank = at('multipv') >= 0 ? Number(words[at('multipv') + 1]) : 1;
  const depth = at('depth') >= 0 ? Number(words[at('depth') + 1]) : 0;
  const pv = words.slice(pvAt + 1);
  if (pv.length === 0) return null;
  return { rank, depth, score, pv };
}

/** A search called off before it began: no move, no lines. */
const NO_SEARCH: EngineSearch = { bestMove: null, lines: [] };

/** The Engine port over a UCI program. */
export function createUciEngine(channel: LineChannel): Engine {
  return new UciEngine(channel);
}

/** The client's state: the line awaited, the search under way, the queue of searches, the failure. */
class UciEngine implements Engine {
  private waiting: { until: (line: string) => boolean; resolve: () => void } | null = null;
  private onInfo: ((line: string) => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  private broken: Error | null = null;
  private failed: ((error: Error) => void) | null = null;
  private current = { multiPv: 1, skill: 20 };
  /** Settled once the engine has answered `uci`. */
  private readonly ready: Promise<void>;

  constructor(private readonly channel: LineChannel) {
    channel.listen(
      (line) => this.receive(line),
      // The program failed (its WebAssembly could not load, it crashed): every search fails with it.
      (error) => {
        this.broken = error;
        this.failed?.(error);
      },
    );
    this.ready = (async () => {
      const ok = this.until((l) => l === 'uciok');
      channel.send('uci');
      await ok;
    })();
    // A failure before any search is reported by the first search, not as an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  readonly newGame = (): void => {
    if (this.disposed || this.broken) return;
    // In turn, after the searches already asked for; the next search's `isready` waits for it.
    this.queue = this.queue
      .then(() => this.ready)
      .then(() => {
        if (!this.disposed) this.channel.send('ucinewgame');
      })
      .catch(() => undefined);
  };

  readonly search = (fen: string, limits: SearchLimits, signal?: AbortSignal): Promise<EngineSearch> => {
    if (this.disposed || this.broken)
      return Promise.reject(this.broken ?? new Error('The engine has been stopped.'));
    const next = this.queue.then(() => this.run(fen, limits, signal));
    this.queue = next.catch(() => undefined);
    return next;
  };

  readonly dispose = (): void => {
    if (this.disposed) return;
    this.disposed = true;
    this.failed?.(new Error('The engine has been stopped.'));
    this.channel.send('quit');
    this.channel.close();
  };

  /** One line from the engine: to the search under way, and to whoever awaits it. */
  private receive(line: string): void {
    this.onInfo?.(line);
    if (this.waiting?.until(line)) {
      const w = this.waiting;
      this.waiting = null;
      w.resolve();
    }
  }

  /** Resolves at the first line that `predicate` accepts; rejects if the program fails first. */
  private until(predicate: (line: string) => boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      this.waiting = { until: predicate, resolve };
      this.failed = reject;
    });
  }

  private setOption(name: string, value: number): void {
    this.channel.send(`setoption name ${name} value ${value}`);
  }

  /**
   * One search: the options it needs, the position, then `go` until `bestmove`; `stop` if `signal`
   * is aborted meanwhile (none of it if it was aborted before its turn).
   */
  private async run(fen: string, limits: SearchLimits, signal?: AbortSignal): Promise<EngineSearch> {
    const { channel } = this;
    await this.ready;
    if (signal?.aborted) return NO_SEARCH;
    const multiPv = limits.multiPv ?? 1;
    const skill = limits.skill ?? 20;
    if (multiPv !== this.current.multiPv) this.setOption('MultiPV', multiPv);
    if (skill !== this.current.skill) this.setOption('Skill Level', skill);
    this.current = { multiPv, skill };
    const isReady = this.until((l) => l === 'readyok');
    channel.send(`position fen ${fen}`);
    channel.send('isready');
    await isReady;
    if (signal?.aborted) return NO_SEARCH;
    const lines = new Map<number, EngineLine>();
    let bestMove: string | null = null;
    this.onInfo = (line) => {
      const info = parseInfo(line);
      if (info) lines.set(info.rank, info);
      else if (line.startsWith('bestmove')) {
        const move = line.split(/\s+/)[1];
        bestMove = move && move !== '(none)' ? move : null;
      }
    };
    const finished = this.until((l) => l.startsWith('bestmove'));
    const go = ['go'];
    if (limits.depth !== undefined) go.push('depth', String(limits.depth));
    if (limits.movetimeMs !== undefined) go.push('movetime', String(limits.movetimeMs));
    if (go.length === 1) go.push('depth', '12');
    channel.send(go.join(' '));
    // The engine answers `stop` with its `bestmove` so far, which ends the search as usual.
    const stop = () => channel.send('stop');
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await finished;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    this.onInfo = null;
    return { bestMove, lines: [...lines.values()].sort((a, b) => a.rank - b.rank) };
  }
}
