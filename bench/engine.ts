/**
 * Engine benchmark (`npm run bench:engine`): the time a player waits for the computer's first move
 * at each of the eight levels. Each level starts a fresh engine (the same Stockfish JavaScript and
 * WebAssembly the browser's worker runs, here in a Node child process) as a practice game does,
 * then for several games the player makes a first move and the time from his clock press to the
 * computer's move on the board is taken, through the real practice session and engine opponent.
 * The floor is the engine's shallowest search (depth 1) from the same positions. Also prints the
 * engine start-up time and the gzip size of the engine files. Ends with one JSON line.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Square } from '../src/core/index.ts';
import { createNodeEngine, ENGINE_FILES } from '../src/engine/node.ts';
import { LEVELS } from '../src/engine/levels.ts';
import { startEngineOpponent } from '../src/practice/opponent.ts';
import { startPracticeSession } from '../src/practice/session.ts';
import { systemClock } from '../src/ports/clock.ts';
import type { MatchSession } from '../src/session/local.ts';

/** The player's first moves, one per game: each game is a new position for the engine. */
const OPENINGS = ['e2e4', 'd2d4', 'c2c4', 'g1f3', 'b2b3', 'e2e3', 'g2g3'] as const;
const SETTINGS = { edition: 'fide1993-ibca1985', rookPlacement: 'auto', captureRemoval: 'onDrop' } as const;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const round = (ms: number) => Math.round(ms);

/** The player's whole first move but the clock press. */
function playerMoves(session: MatchSession, uci: string) {
  session.dispatch({ kind: 'lift', square: uci.slice(0, 2) as Square, by: 'blind' });
  session.dispatch({ kind: 'place', square: uci.slice(2, 4) as Square, by: 'blind' });
  session.dispatch({ kind: 'announce', by: 'blind' });
}

async function main(): Promise<void> {
  const files = ENGINE_FILES.map((f) => readFileSync(f));
  const engineKbGzip = Math.round(files.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0) / 1024);
  const engineKbRaw = Math.round(files.reduce((s, b) => s + b.length, 0) / 1024);

  const starts: number[] = [];
  const floors: number[] = [];
  const byLevel: number[][] = [];
  for (const level of LEVELS) {
    const t0 = performance.now();
    const engine = createNodeEngine();
    // Started: the first answer to a search (the engine loads its WebAssembly and network first).
    await engine.search('8/8/8/8/8/8/8/K6k w - - 0 1', { depth: 1 });
    starts.push(performance.now() - t0);
    const times: number[] = [];
    for (const opening of OPENINGS) {
      const session = startPracticeSession(
        SETTINGS,
        { level, color: 'w', timeControl: 0, relay: 'automatic' },
        systemClock,
      );
      const opponent = startEngineOpponent(session, engine, { level, random: Math.random });
      playerMoves(session, opening);
      const answered = new Promise<void>((resolve) =>
        session.onEvents(() => {
          if (session.getState().plies.length >= 2) resolve();
        }),
      );
      const pressed = performance.now();
      session.dispatch({ kind: 'pressClock', by: 'blind' });
      await answered;
      times.push(performance.now() - pressed);
      opponent.stop();
      if (level === 1) {
        const f0 = performance.now();
        await engine.search(session.getState().boards.blind.aperture.fen, { depth: 1 });
        floors.push(performance.now() - f0);
      }
    }
    engine.dispose();
    byLevel.push(sortedOf(times));
  }

  const floorP95 = percentile(sortedOf(floors), 95);
  console.log(`Engine: Stockfish 18 lite, single-threaded WebAssembly (npm "stockfish")`);
  console.log(`Engine files: ${engineKbRaw} KB, ${engineKbGzip} KB gzip`);
  const s = sortedOf(starts);
  console.log(
    `Engine start-up: p95 ${round(percentile(s, 95))} ms, max ${round(s.at(-1) ?? NaN)} ms (${s.length} starts)`,
  );
  console.log(`Floor (a depth-1 search): p95 ${floorP95.toFixed(1)} ms\n`);
  console.log(
    'level   p95 ms   max ms   p95/floor   (time from the player’s clock press to the computer’s move)',
  );
  for (const [i, times] of byLevel.entries()) {
    const p95 = percentile(times, 95);
    console.log(
      `${String(i + 1).padStart(5)}  ${String(round(p95)).padStart(7)}  ${String(round(times.at(-1) ?? NaN)).padStart(7)}  ${(p95 / floorP95).toFixed(1).padStart(10)}`,
    );
  }
  console.log(`(${OPENINGS.length} games per level)`);
  console.log(
    JSON.stringify({
      bench: 'engine',
      levels: LEVELS.length,
      firstMoveMsP95ByLevel: byLevel.map((t) => round(percentile(t, 95))),
      engineKbGzip,
    }),
  );
}

await main();
