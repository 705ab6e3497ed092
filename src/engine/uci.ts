/**
 * A UCI client over a line channel: the one implementation of the Engine port, whatever carries
 * the lines (a Web Worker's messages, a child process's stdin/stdout). Searches are queued, so the
 * engine only ever runs one; `parseInfo` reads the engine's `info` lines.
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

/** The Engine port over a UCI program. */
export function createUciEngine(channel: LineChannel): Engine {
  let waiting: { until: (line: string) => boolean; resolve: () => void } | null = null;
  let onInfo: ((line: string) => void) | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  let broken: Error | null = null;
  let failed: ((error: Error) => void) | null = null;

  channel.listen(
    (line) => {
      onInfo?.(line);
      if (waiting?.until(line)) {
        const w = waiting;
        waiting = null;
        w.resolve();
      }
    },
    // The program failed (its WebAssembly could not load, it crashed): every search fails with it.
    (error) => {
      broken = error;
      failed?.(error);
    },
  );

  const until = (predicate: (line: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (broken) return reject(broken);
      waiting = { until: predicate, resolve };
      failed = reject;
    });

  const ready = (async () => {
    const ok = until((l) => l === 'uciok');
    channel.send('uci');
    await ok;
  })();
  // A failure before any search is reported by the first search, not as an unhandled rejection.
  ready.catch(() => undefined);

  let current = { multiPv: 1, skill: 20 };
  const setOption = (name: string, value: number) => channel.send(`setoption name ${name} value ${value}`);

  const run = async (fen: string, limits: SearchLimits): Promise<EngineSearch> => {
    await ready;
    const multiPv = limits.multiPv ?? 1;
    const skill = limits.skill ?? 20;
    if (multiPv !== current.multiPv) setOption('MultiPV', multiPv);
    if (skill !== current.skill) setOption('Skill Level', skill);
    current = { multiPv, skill };
    const isReady = until((l) => l === 'readyok');
    channel.send(`position fen ${fen}`);
    channel.send('isready');
    await isReady;
    const lines = new Map<number, EngineLine>();
    let bestMove: string | null = null;
    onInfo = (line) => {
      const info = parseInfo(line);
      if (info) lines.set(info.rank, info);
      else if (line.startsWith('bestmove')) {
        const move = line.split(/\s+/)[1];
        bestMove = move && move !== '(none)' ? move : null;
      }
    };
    const finished = until((l) => l.startsWith('bestmove'));
    const go = ['go'];
    if (limits.depth !== undefined) go.push('depth', String(limits.depth));
    if (limits.movetimeMs !== undefined) go.push('movetime', String(limits.movetimeMs));
    if (go.length === 1) go.push('depth', '12');
    channel.send(go.join(' '));
    await finished;
    onInfo = null;
    return { bestMove, lines: [...lines.values()].sort((a, b) => a.rank - b.rank) };
  };

  return {
    search(fen, limits) {
      if (disposed || broken) return Promise.reject(broken ?? new Error('The engine has been stopped.'));
      const next = queue.then(() => run(fen, limits));
      queue = next.catch(() => undefined);
      return next;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      failed?.(new Error('The engine has been stopped.'));
      channel.send('quit');
      channel.close();
    },
  };
}
