/**
 * Rules benchmark (`npm run bench:rules`): what the rules adapter (src/core/rules.ts) costs the
 * player, over every position of the 20 real games in shared/data/games/classic-games.pgn.
 *  - legalMoves: a position met for the first time (`inspect`: its legal moves, check, mate,
 *    stalemate), as each new position of a game is;
 *  - ply: playing one move in a new position (`findMove`, then the move's SAN, check and mate
 *    flags and the FEN after it: what the score, the announcement and the next position need);
 *  - allWords: a new position with the SAN, check and mate of every legal move, as the voice
 *    grammar and the phrases of a position ask for them;
 *  - replay: a whole game replayed move by move (`playMoves`) from a start nobody asked before.
 * Positions are new to the adapter's caches in every measure and round: each gives the games' FENs
 * a move number of its own (it changes nothing else). One round warms the JIT and is not counted.
 * Times are the process's CPU time per call (µs; ms for a replay), so that other work on the
 * machine counts less (as in bench/fold.ts); a garbage collection during a call counts. Last line:
 * one JSON object.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createGame,
  findMove,
  importPgnDatabase,
  inspect,
  playMoves,
  positions,
  type Game,
} from '../src/core/index.ts';

const ROOT = join(import.meta.dirname, '..');
const GAMES = join(ROOT, '..', 'shared', 'data', 'games', 'classic-games.pgn');
const ROUNDS = Number(process.env.BENCH_RULES_ROUNDS ?? 5);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The measure under way (0, 1, …): with the round, it makes the FENs new to every cache. */
let measure = 0;

/** The FEN with a move number of this measure's and round's own, so that no cache has seen it. */
function inRound(fen: string, round: number): string {
  const fields = fen.split(' ');
  fields[5] = String(Number(fields[5] ?? 1) + 1000 * (1 + round + (ROUNDS + 1) * measure));
  return fields.join(' ');
}

interface Ply {
  readonly fen: string;
  readonly uci: string;
}

function loadGames(): { games: Game[]; plies: Ply[] } {
  const imported = importPgnDatabase(readFileSync(GAMES, 'utf8'));
  if (!imported.ok) throw new Error(JSON.stringify(imported.error));
  const games = imported.value.map((g) => g.game);
  const plies = games.flatMap((game) => {
    const fens = positions(game);
    return game.moves.map((uci, i) => ({ fen: fens[i] as string, uci }));
  });
  return { games, plies };
}

/** Times `run` once per item and round (in µs), the first round left out. */
function timed<T>(items: readonly T[], run: (item: T, round: number) => void): number[] {
  measure += 1;
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++)
    for (const item of items) {
      const start = process.cpuUsage();
      run(item, round);
      const used = process.cpuUsage(start);
      const took = used.user + used.system;
      if (round > 0) times.push(took);
    }
  return sortedOf(times);
}

let sink = 0;

function legalMovesOnce({ fen }: Ply, round: number): void {
  const r = inspect(inRound(fen, round));
  if (r.ok) sink += r.value.legalMoves.length + (r.value.checkmate ? 1 : 0);
}

function plyOnce({ fen, uci }: Ply, round: number): void {
  const m = findMove(inRound(fen, round), uci);
  if (!m.ok) throw new Error(`${uci} is not legal in ${fen}`);
  sink += m.value.san.length + m.value.fenAfter.length + (m.value.check ? 1 : 0) + (m.value.mate ? 1 : 0);
}

function allWordsOnce({ fen }: Ply, round: number): void {
  const r = inspect(inRound(fen, round));
  if (!r.ok) return;
  for (const m of r.value.legalMoves) sink += m.san.length + (m.check ? 1 : 0) + (m.mate ? 1 : 0);
}

function replayOnce(game: Game, round: number): void {
  const start = createGame(inRound(game.startFen, round));
  if (!start.ok) throw new Error(start.error.message);
  const played = playMoves(start.value, game.moves);
  if (!played.ok) throw new Error(played.error.message);
  sink += played.value.moves.length;
}

function main(): void {
  const { games, plies } = loadGames();
  const figures = {
    legalMoves: timed(plies, legalMovesOnce),
    ply: timed(plies, plyOnce),
    allWords: timed(plies, allWordsOnce),
    replay: timed(games, replayOnce).map((us) => us / 1000),
  };
  console.log(`Rules adapter over ${games.length} games, ${plies.length} positions, ${ROUNDS} rounds`);
  console.log('measure        p50      p95      max');
  for (const [name, sorted] of Object.entries(figures)) {
    const unit = name === 'replay' ? 'ms' : 'µs';
    const cells = [50, 95].map((p) => round1(percentile(sorted, p)).toFixed(1).padStart(8));
    console.log(
      `${name.padEnd(10)} ${cells.join(' ')} ${round1(sorted.at(-1) ?? NaN)
        .toFixed(1)
        .padStart(8)} ${unit}`,
    );
  }
  const summary: Record<string, number | string> = { bench: 'rules', positions: plies.length };
  for (const [name, sorted] of Object.entries(figures)) {
    const unit = name === 'replay' ? 'Ms' : 'Us';
    summary[`${name}${unit}P50`] = round1(percentile(sorted, 50));
    summary[`${name}${unit}P95`] = round1(percentile(sorted, 95));
    summary[`${name}${unit}Max`] = round1(sorted.at(-1) ?? NaN);
  }
  if (sink === 0) console.log('(nothing measured)');
  console.log(JSON.stringify(summary));
}

main();
