/**
 * Fold benchmark (`node --import tsx bench/fold.ts [--rooms] [--kinds] [--games N] [--plies N]
 * [--rounds N]`): the CPU the server spends on one intent apart from its sockets, measured
 * in-process (process CPU time, so that other work on the machine counts less), so that it can be
 * profiled (`node --cpu-prof`, or bundled with esbuild and run under `perf`).
 *
 * The games are played as bench/server.ts plays them — the same 24 plies of McDonnell –
 * La Bourdonnais 1834, each move as the screens send it — and as many games at once as there
 * (200), one intent of each game in turn, so that the bounded caches of the core see the same
 * interleaving as the server does. Then the 20 classic games (classic-games.pgn), to the end.
 * `--kinds` adds the wall time per intent kind and seat.
 *  - engine: `matchEngine.complete` + `step` (what Rooms.submit asks of the match domain);
 *  - --rooms: the whole of Rooms.submit and Rooms.commit over a SQLite file in a temporary
 *    folder, with members that only count the frames they are given (no sockets).
 * Then one more round of the bench games, and one of the classic games (longer: what grows with a
 * game shows there), under V8's sampling heap profiler (objects collected by the young and the old
 * generation included): the bytes the engine allocates per intent, the
 * frames of this file (the bench's own copying and looping) left out — the allocation is what the
 * server meets again as garbage collection and as cold caches.
 * Last line: one JSON object (microseconds and bytes allocated per intent, heap after the play).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { importPgnFile } from '../src/record/index.ts';
import type { ServerMessage, WireIntent } from '../src/net/protocol.ts';
import { matchEngine } from '../src/server/matchEngine.ts';
import { Rooms, type Member } from '../src/server/rooms.ts';
import { openStore, type SeatRow } from '../src/server/store.ts';
import type { MatchState } from '../src/match/types.ts';
import { moveIntents, sanToUci } from '../tests/helpers/pairedGame.ts';

const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const GAMES = Number(flag('--games') ?? 200);
const PLIES = Number(flag('--plies') ?? 24);
const ROUNDS = Number(flag('--rounds') ?? 3);
const withRooms = process.argv.includes('--rooms');
const SANS =
  'e4 e5 f4 exf4 Nf3 g5 Bc4 g4 Nc3 gxf3 O-O c6 Qxf3 Qf6 e5 Qxe5 Bxf7+ Kxf7 d4 Qxd4+ Be3 Qg7 Bxf4 Nf6'.split(
    ' ',
  );

type Step = { readonly role: 'blind' | 'sighted'; readonly intent: WireIntent };

/** The intents of a game, as the bench's clients send them: start, then each ply's intents. */
function script(line: readonly string[]): Step[] {
  const steps: Step[] = [{ role: 'blind', intent: { kind: 'startGame' } }];
  line.forEach((uci, ply) => {
    const role = ply % 2 === 0 ? 'blind' : 'sighted';
    for (const intent of moveIntents(role, uci)) steps.push({ role, intent });
  });
  return steps;
}

/** A member that only counts what it is given. */
class CountingMember implements Member {
  frames = 0;
  readonly open = true;
  deliver(): void {
    this.frames += 1;
  }
  send(_message: ServerMessage): void {
    this.frames += 1;
  }
  drop(): void {}
}

interface Table {
  readonly steps: readonly Step[];
  next: number;
  state: MatchState;
  readonly seats?: { readonly blind: SeatRow; readonly sighted: SeatRow };
  readonly n: { blind: number; sighted: number };
}

const byKind = new Map<string, number>();
const countByKind = new Map<string, number>();

/** Every table's next step, one table after another, round after round (as the server meets them). */
function* interleaved<T extends { readonly steps: readonly Step[]; next: number }>(tables: readonly T[]) {
  for (let active = tables.length; active > 0;) {
    active = 0;
    for (const t of tables) {
      const step = t.steps[t.next];
      if (!step) continue;
      active += 1;
      t.next += 1;
      yield [t, step] as const;
    }
  }
}

/** Plays every table's script, one intent of each table in turn; returns intents and refusals. */
function foldEngine(tables: Table[], at: () => number): { intents: number; refused: number } {
  let intents = 0;
  let refused = 0;
  for (const [t, step] of interleaved(tables)) {
    const now = at();
    const t0 = performance.now();
    const stamped = matchEngine.complete(t.state, { ...step.intent, by: step.role }, now);
    const r = matchEngine.step(t.state, step.role, stamped, now);
    const kind = `${step.role}:${step.intent.kind}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + performance.now() - t0);
    countByKind.set(kind, (countByKind.get(kind) ?? 0) + 1);
    intents += 1;
    if (r.ok) t.state = r.value;
    else refused += 1;
  }
  return { intents, refused };
}

function foldRooms(scripts: readonly (readonly Step[])[], at: () => number) {
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-fold-'));
  const store = openStore(join(dir, 'fold.db'));
  const rooms = new Rooms<MatchState>(store, matchEngine);
  const config = matchEngine.parseConfig({});
  if (!config.ok) throw new Error(config.error.message);
  const tables = scripts.map((steps, i) => {
    const code = `fold-${i}-${Math.floor(at())}`;
    const room = rooms.create(code, config.value, at());
    if (!room) throw new Error('no room');
    const seat = (role: 'blind' | 'sighted', creator: boolean) => {
      const r = rooms.seat(
        room,
        role,
        `${code}-${role}`,
        at(),
        creator ? { creator } : { creator, inviteHash: null },
      );
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    const seats = { blind: seat('blind', true), sighted: seat('sighted', false) };
    const members = { blind: new CountingMember(), sighted: new CountingMember() };
    rooms.attach(room, members.blind, seats.blind);
    rooms.attach(room, members.sighted, seats.sighted);
    return {
      room,
      steps,
      next: 0,
      seats,
      members,
      n: { blind: seats.blind.lastN, sighted: seats.sighted.lastN },
    };
  });
  rooms.commit();
  let intents = 0;
  let refused = 0;
  const started = process.cpuUsage();
  for (const [t, step] of interleaved(tables)) {
    t.n[step.role] += 1;
    const r = rooms.submit(
      t.room,
      t.seats[step.role],
      t.n[step.role],
      step.intent,
      at(),
      t.members[step.role],
    );
    intents += 1;
    if (!r.ok) {
      refused += 1;
      t.n[step.role] -= 1;
    }
    // The server commits after each turn of its loop; one intent per turn is what the bench meets.
    rooms.commit();
  }
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  void store.close().then(() => rmSync(dir, { recursive: true, force: true }));
  return { intents, refused, ms };
}

interface SampledNode {
  readonly callFrame: { readonly url: string };
  readonly selfSize: number;
  readonly children: readonly SampledNode[];
}

/** Bytes allocated per intent by one round of `scripts`, sampled, this file's frames left out. */
async function allocationPerIntent(tables: Table[], at: () => number): Promise<number> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const r = foldEngine(tables, at);
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as {
    profile: { head: SampledNode };
  };
  session.disconnect();
  let bytes = 0;
  const walk = (node: SampledNode): void => {
    if (!node.callFrame.url.endsWith('/bench/fold.ts')) bytes += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  return bytes / r.intents;
}

async function main(): Promise<void> {
  const line = sanToUci(SANS).slice(0, PLIES);
  const pgn = readFileSync(join(process.cwd(), '../shared/data/games/classic-games.pgn'), 'utf8');
  const imported = importPgnFile(pgn);
  if (!imported.ok) throw new Error(JSON.stringify(imported.error));
  const classic = imported.value.map((r) => script(r.game.moves));
  const bench = Array.from({ length: GAMES }, () => script(line));
  let clock = 1_800_000_000_000;
  const at = () => (clock += 7);
  const initial = () => {
    const config = matchEngine.parseConfig({});
    if (!config.ok) throw new Error(config.error.message);
    return matchEngine.initial(config.value, at());
  };
  const figures: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, scripts] of [
      ['bench', bench],
      ['classic', classic],
    ] as const) {
      const tables: Table[] = scripts.map((steps) => ({
        steps,
        next: 0,
        state: initial(),
        n: { blind: 0, sighted: 0 },
      }));
      const started = process.cpuUsage();
      const r = foldEngine(tables, at);
      const used = process.cpuUsage(started);
      const us = (used.user + used.system) / r.intents;
      console.log(
        `round ${round + 1} engine ${name}: ${r.intents} intents, ${r.refused} refused, ${us.toFixed(1)} µs per intent`,
      );
      figures[`engine${name === 'bench' ? 'Bench' : 'Classic'}Us`] = Math.round(us * 10) / 10;
    }
    if (withRooms) {
      const r = foldRooms(bench, at);
      const us = (r.ms * 1000) / r.intents;
      console.log(
        `round ${round + 1} rooms bench: ${r.intents} intents, ${r.refused} refused, ${us.toFixed(1)} µs per intent`,
      );
      figures['roomsBenchUs'] = Math.round(us * 10) / 10;
    }
  }
  const sampled = bench.map((steps) => ({ steps, next: 0, state: initial(), n: { blind: 0, sighted: 0 } }));
  const allocBytes = await allocationPerIntent(sampled, at);
  console.log(`engine bench: ${allocBytes.toFixed(0)} bytes allocated per intent (sampled)`);
  figures['engineBenchAllocBytes'] = Math.round(allocBytes);
  const classicSampled = classic.map((steps) => ({
    steps,
    next: 0,
    state: initial(),
    n: { blind: 0, sighted: 0 },
  }));
  const classicAllocBytes = await allocationPerIntent(classicSampled, at);
  console.log(`engine classic: ${classicAllocBytes.toFixed(0)} bytes allocated per intent (sampled)`);
  figures['engineClassicAllocBytes'] = Math.round(classicAllocBytes);
  if (process.argv.includes('--kinds'))
    for (const [k, ms] of byKind) console.log(k, ((ms * 1000) / (countByKind.get(k) ?? 1)).toFixed(1), 'µs');
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(
    JSON.stringify({
      bench: 'fold',
      games: GAMES,
      plies: PLIES,
      ...figures,
      heapUsedMb: Math.round(heapMb * 10) / 10,
    }),
  );
}

void main();
