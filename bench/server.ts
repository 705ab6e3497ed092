/**
 * Server benchmark (`npm run bench:server`). Loopback only, bounded loops, stops by itself.
 *
 *  0. The floor: a bare `ws` relay (this file with `--bare-relay`, in its own process) that
 *     speaks just enough of the protocol for the same clients — it numbers each intent, acks it and
 *     forwards it to the room, with no checks, no rules and no database.
 *  1. The real server as `npm run serve` runs it (the plain JavaScript that scripts/build-server.mjs
 *     bundles from src/server, built first; BENCH_SERVER=source runs src/server/main.ts through tsx
 *     instead), on a temporary SQLite database, with the same clients and the same messages:
 *     200 concurrent games (400 WebSocket clients, blind + sighted) play the first 24 plies of a real
 *     game (McDonnell – La Bourdonnais 1834), each intent sent the way the screens send it. Relay
 *     latency = an intent sent by one player → the log entry received by the opponent's client.
 *     CPU per intent = the server process's user + system time over the play (all its threads:
 *     the JIT compiler, the garbage collector, the checkpointer), divided by intents.
 *     Each server plays the games six times, in new rooms: the first two rounds are its warm-up (a
 *     server in a hall runs for a whole round of a tournament, so what it costs once — compiling
 *     its code, which V8 still does through a first round of 14,400 intents — is not what it costs
 *     per move); latency and CPU are measured over the other four (BENCH_WARM_UP and BENCH_ROUNDS
 *     change the counts). Both servers run side by side, and their measured rounds alternate in
 *     fours (floor, Twinboard, Twinboard, floor): the speed of a shared machine drifts by a third
 *     within minutes, and in this order the drift weighs on both alike. Every round's CPU is
 *     printed, and where it went: the main thread (user and system time) and the other threads.
 *  2. Flood: 100 connections send frames as fast as their sockets take them while 20 games play;
 *     the legitimate games' relay latency is what the players meet.
 *  3. 1,000 idle rooms (both seats taken, game started, both clients connected): resident memory
 *     of the server, from /proc/<pid>/status.
 * Every player device has its own loopback address (127.1.x.y, flooders 127.2.x.y), as at a table
 * in a hall, so the per-address limits apply as they would there. In a hall the server is not the
 * players' devices either: where `taskset` is there and the machine has two CPUs or more, the server
 * under test (the relay, then Twinboard) runs on the last CPU and the clients and the flooders on the
 * others, so that 400 clients do not evict the server's caches on its own CPU (unpinned, the CPU
 * per intent of the same code varied by a third from run to run). Last line: one JSON object.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { type WireIntent } from '../src/net/protocol.ts';
import { moveIntents, sanToUci } from '../tests/helpers/pairedGame.ts';
import { mulberry32 } from '../tests/helpers/prng.ts';

const GAMES = 200;
const FLOOD_GAMES = 20;
const FLOODERS = 100;
const IDLE_ROOMS = 1000;
/** BENCH_PLIES shortens the games while profiling (BENCH_CPU_PROF=dir writes the server's profile). */
const PLIES = Number(process.env.BENCH_PLIES ?? 24);
const FLOOD_PLIES = Math.min(8, PLIES);
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP ?? 2);
/** Per server; an even number (they alternate in fours: floor, Twinboard, Twinboard, floor). */
const MEASURED_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
if (MEASURED_ROUNDS < 2 || MEASURED_ROUNDS % 2 !== 0 || !(WARM_UP_ROUNDS >= 0))
  throw new Error('BENCH_ROUNDS must be an even number of 2 or more, BENCH_WARM_UP 0 or more');
const SANS =
  'e4 e5 f4 exf4 Nf3 g5 Bc4 g4 Nc3 gxf3 O-O c6 Qxf3 Qf6 e5 Qxe5 Bxf7+ Kxf7 d4 Qxd4+ Be3 Qg7 Bxf4 Nf6'.split(
    ' ',
  );
const LINE = sanToUci(SANS);

/** The floor: relays intents between the clients of a room, nothing else. */
function bareRelay(port: number): void {
  const rooms = new Map<string, { seq: number; members: Set<WebSocket> }>();
  let next = 0;
  const wss = new WebSocketServer({ port, host: '127.0.0.1' });
  wss.on('connection', (socket) => {
    let room: { seq: number; members: Set<WebSocket> } | undefined;
    let role = 'blind';
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as {
        t: string;
        code?: string;
        role?: string;
        n?: number;
        intent?: object;
      };
      if (m.t === 'create' || m.t === 'join') {
        const code = m.t === 'create' ? `room-${next++}` : (m.code as string);
        if (m.t === 'create') rooms.set(code, { seq: 0, members: new Set() });
        room = rooms.get(code);
        role = m.role ?? role;
        room?.members.add(socket);
        socket.send(JSON.stringify({ t: 'seated', code, role, token: 'x'.repeat(43) }));
        socket.send(
          JSON.stringify({ t: 'welcome', code, role, config: {}, createdAt: 0, n: 0, entries: [] }),
        );
      } else if (m.t === 'intent' && room) {
        room.seq += 1;
        const entry = { seq: room.seq, at: Date.now(), role, intent: { ...m.intent, by: role } };
        socket.send(JSON.stringify({ t: 'ack', n: m.n, seq: room.seq }));
        const frame = JSON.stringify({ t: 'entry', entry });
        for (const member of room.members) member.send(frame);
      } else if (m.t === 'ping') socket.send('{"t":"pong"}');
    });
    socket.on('close', () => room?.members.delete(socket));
  });
  wss.on('listening', () => console.log('bare relay running at', port));
}

let nextAddress = 0;
/** A fresh loopback address for one device: 127.<block>.x.y. */
function address(block: number): string {
  const i = nextAddress++;
  return `127.${block}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

type Message = {
  t: string;
  n?: number;
  seq?: number;
  code?: string;
  message?: string;
  entry?: { seq: number };
};

class Client {
  readonly socket: WebSocket;
  private waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  onEntry: ((seq: number) => void) | null = null;
  n = 0;

  constructor(url: string, block = 1) {
    this.socket = new WebSocket(url, { localAddress: address(block), perMessageDeflate: false });
    this.socket.on('message', (data) => {
      // The client reads frames as the app does (JSON), cheaply: the server is what is measured.
      const m = JSON.parse(data.toString()) as Message;
      if (m.t === 'entry') this.onEntry?.(m.entry?.seq ?? 0);
      if (m.t === 'welcome') this.n = m.n ?? 0;
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]?.resolve(m);
    });
    this.socket.on('error', () => undefined);
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  wait(t: string, match: (m: Message) => boolean = () => true): Promise<Message> {
    return new Promise((resolve) => this.waiters.push({ match: (m) => m.t === t && match(m), resolve }));
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Sends an intent and resolves with its sequence number once acknowledged. */
  async intent(intent: WireIntent): Promise<number> {
    this.n += 1;
    const n = this.n;
    const answer = Promise.race([this.wait('ack', (m) => m.n === n), this.wait('error', (m) => m.n === n)]);
    this.send({ t: 'intent', n, intent });
    const m = await answer;
    if (m.t === 'error') throw new Error(`intent ${intent.kind} refused: ${m.message}`);
    return m.seq ?? 0;
  }

  close(): void {
    this.socket.terminate();
  }
}

async function table(url: string): Promise<[Client, Client]> {
  const blind = new Client(url);
  const sighted = new Client(url);
  await Promise.all([blind.opened(), sighted.opened()]);
  const seated = blind.wait('seated');
  const welcome = blind.wait('welcome');
  blind.send({ t: 'create', role: 'blind', config: {} });
  const { code } = await seated;
  await welcome;
  const joined = sighted.wait('welcome');
  sighted.send({ t: 'join', code, role: 'sighted' });
  await joined;
  await blind.intent({ kind: 'startGame' });
  return [blind, sighted];
}

async function tables(url: string, count: number, batch: number): Promise<[Client, Client][]> {
  const all: [Client, Client][] = [];
  for (let i = 0; i < count; i += batch)
    all.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => table(url)))));
  return all;
}

/** Plays the line; records, for every intent, send → the opponent's receipt of its entry. */
async function playGame(
  blind: Client,
  sighted: Client,
  plies: number,
  latencies: number[],
  random: () => number,
): Promise<number> {
  const pendingBySeq = new Map<number, (t: number) => void>();
  const receivedAt = new Map<Client, Map<number, number>>([
    [blind, new Map()],
    [sighted, new Map()],
  ]);
  for (const c of [blind, sighted])
    c.onEntry = (seq) => {
      const now = performance.now();
      receivedAt.get(c)?.set(seq, now);
      pendingBySeq.get(seq)?.(now);
    };
  let intents = 0;
  for (let ply = 0; ply < plies; ply++) {
    // Think time before a move, and the spacing of a player's key presses or clicks within it.
    await new Promise((r) => setTimeout(r, 400 + random() * 800));
    const mover = ply % 2 === 0 ? blind : sighted;
    const opponent = mover === blind ? sighted : blind;
    for (const intent of moveIntents(mover === blind ? 'blind' : 'sighted', LINE[ply] as string)) {
      await new Promise((r) => setTimeout(r, 40 + random() * 80));
      const start = performance.now();
      const seq = await mover.intent(intent);
      const got = receivedAt.get(opponent)?.get(seq);
      const arrived = got ?? (await new Promise<number>((resolve) => pendingBySeq.set(seq, resolve)));
      pendingBySeq.delete(seq);
      latencies.push(arrived - start);
      intents += 1;
    }
  }
  return intents;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time of a process or thread so far, in milliseconds. */
interface Cpu {
  readonly user: number;
  readonly system: number;
}

function cpuOf(statPath: string): Cpu {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** The whole process (all its threads), and its main thread alone (where the JavaScript runs). */
function cpuMs(pid: number): { readonly all: Cpu; readonly main: Cpu } {
  return { all: cpuOf(`/proc/${pid}/stat`), main: cpuOf(`/proc/${pid}/task/${pid}/stat`) };
}

/** The CPUs for the server under test and for the clients, or null where nothing can be pinned. */
function cpuSets(): { readonly server: string; readonly clients: string } | null {
  const cpus = availableParallelism();
  if (cpus < 2 || spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  return { server: String(cpus - 1), clients: cpus === 2 ? '0' : `0-${cpus - 2}` };
}
const PINNED = cpuSets();

/** Runs `args` (a script and its arguments) in a Node process; TypeScript goes through tsx. */
async function startChild(args: string[], port: number): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF;
  const node = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const cpus = PINNED && (args.includes('--flood') ? PINNED.clients : PINNED.server);
  // taskset runs node in its own place (exec), so the child's pid is the server's.
  const [command, ...prefix] = cpus ? ['taskset', '-c', cpus, process.execPath] : [process.execPath];
  const child = spawn(command as string, [...prefix, ...node, ...loader, ...args], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

interface PlayFigures {
  readonly sorted: number[];
  readonly intents: number;
  readonly wallMs: number;
  /** All the server's threads, user + system. */
  readonly cpuMs: number;
  readonly cpuPerIntentMs: number;
  /** Where it went: the main thread's user and system time (the rest is the other threads'). */
  readonly mainUserMs: number;
  readonly mainSystemMs: number;
}

/** Two rounds of the same server as one (the measured rounds are folded with it). */
function merged(a: PlayFigures, b: PlayFigures): PlayFigures {
  const intents = a.intents + b.intents;
  const cpu = a.cpuMs + b.cpuMs;
  return {
    sorted: [...a.sorted, ...b.sorted].sort((x, y) => x - y),
    intents,
    wallMs: a.wallMs + b.wallMs,
    cpuMs: cpu,
    cpuPerIntentMs: cpu / intents,
    mainUserMs: a.mainUserMs + b.mainUserMs,
    mainSystemMs: a.mainSystemMs + b.mainSystemMs,
  };
}

/** Plays `games` games on the server at `url` (process `pid`) and measures them. */
async function play(
  url: string,
  pid: number,
  games: number,
  plies: number,
  seed: number,
): Promise<PlayFigures> {
  const seated = await tables(url, games, 20);
  const latencies: number[] = [];
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const counts = await Promise.all(
    seated.map(([b, s], i) => playGame(b, s, plies, latencies, mulberry32(seed + i))),
  );
  const wallMs = performance.now() - started;
  const cpuAfter = cpuMs(pid);
  const total = (c: Cpu) => c.user + c.system;
  const cpu = total(cpuAfter.all) - total(cpuBefore.all);
  for (const [b, s] of seated) {
    b.close();
    s.close();
  }
  const intents = counts.reduce((a, b) => a + b, 0);
  return {
    sorted: [...latencies].sort((a, b) => a - b),
    intents,
    wallMs,
    cpuMs: cpu,
    cpuPerIntentMs: cpu / intents,
    mainUserMs: cpuAfter.main.user - cpuBefore.main.user,
    mainSystemMs: cpuAfter.main.system - cpuBefore.main.system,
  };
}

/**
 * The flooders (`--flood URL COUNT`, in their own process so they do not slow the measuring
 * clients): connections that send frames as fast as their sockets take them and reconnect a second
 * after they are cut off or refused (as a browser's WebSocket would be retried), until SIGTERM;
 * then they print how many frames they sent.
 */
function flood(url: string, count: number): void {
  let sent = 0;
  let reconnects = 0;
  const frames = [
    '{"t":"ping"}',
    '{"t":"intent","n":1,"intent":{"kind":"move","uci":"e2e4"}}',
    '{"t":"join","code":"acorn-acorn-acorn","role":"arbiter"}',
    'not json at all',
  ];
  const connect = (localAddress: string) => {
    const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
    const pump = () => {
      // Keep the socket's buffer full, as a hostile client would, without growing without bound.
      for (
        let i = 0;
        i < 2000 && socket.readyState === socket.OPEN && socket.bufferedAmount < 256 * 1024;
        i++
      ) {
        socket.send(frames[sent % frames.length] as string);
        sent += 1;
      }
      if (socket.readyState === socket.OPEN) setTimeout(pump, 5);
    };
    socket.on('open', pump);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      reconnects += 1;
      setTimeout(() => connect(localAddress), 1000);
    });
  };
  for (let i = 0; i < count; i++) connect(address(2));
  process.on('SIGTERM', () => {
    console.log(JSON.stringify({ sent, reconnects }));
    process.exit(0);
  });
  console.log('flood running at', url);
}

async function main(): Promise<void> {
  // How busy the machine was before this run began (a quiet machine is what the targets assume).
  const loadAtStart = loadavg()[0] ?? 0;
  if (PINNED)
    spawnSync('taskset', ['-a', '-p', '-c', PINNED.clients, String(process.pid)], { stdio: 'ignore' });
  const basePort = 21000 + (process.pid % 20000);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const r2 = (x: number) => Math.round(x * 100) / 100;

  // 0. The floor, and 1. the real server, both started; each plays its warm-up round, then the
  // measured rounds alternate floor, Twinboard, Twinboard, floor, so that a machine that slows down
  // or speeds up during the run weighs on both alike.
  const bare = await startChild(['bench/server.ts', '--bare-relay', String(basePort + 1)], basePort + 1);
  const bareUrl = `ws://127.0.0.1:${basePort + 1}/`;
  const fromSource = process.env.BENCH_SERVER === 'source';
  if (!fromSource) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('could not build the server');
  }
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-bench-'));
  const entry = fromSource ? 'src/server/main.ts' : 'dist-server/main.js';
  const server = await startChild([entry, '--db', join(dir, 'bench.db')], basePort);
  const url = `ws://127.0.0.1:${basePort}/ws`;
  const pid = server.pid as number;
  const baseRss = rssMb(pid);
  const floorWarmUp: PlayFigures[] = [];
  const realWarmUp: PlayFigures[] = [];
  for (let i = 0; i < WARM_UP_ROUNDS; i++) {
    floorWarmUp.push(await play(bareUrl, bare.pid as number, GAMES, PLIES, 1000 + i * 100));
    realWarmUp.push(await play(url, pid, GAMES, PLIES, 1000 + i * 100));
  }
  const floorRounds: PlayFigures[] = [];
  const realRounds: PlayFigures[] = [];
  for (let i = 0; i < MEASURED_ROUNDS; i += 2) {
    const seed = 3000 + i * 100;
    floorRounds.push(await play(bareUrl, bare.pid as number, GAMES, PLIES, seed));
    realRounds.push(await play(url, pid, GAMES, PLIES, seed));
    realRounds.push(await play(url, pid, GAMES, PLIES, seed + 100));
    floorRounds.push(await play(bareUrl, bare.pid as number, GAMES, PLIES, seed + 100));
  }
  await stopChild(bare);
  const floor = floorRounds.reduce(merged);
  const real = realRounds.reduce(merged);
  const playRss = rssMb(pid);

  // 2. Flood.
  const flooders = await startChild(['bench/server.ts', '--flood', url, String(FLOODERS)], basePort);
  const floodReport = new Promise<{ sent: number; reconnects: number }>((resolve) =>
    flooders.stdout?.on('data', (chunk: Buffer) => {
      const line = chunk.toString().trim();
      if (line.startsWith('{')) resolve(JSON.parse(line) as { sent: number; reconnects: number });
    }),
  );
  const flooded = await play(url, pid, FLOOD_GAMES, FLOOD_PLIES, 5000);
  flooders.kill('SIGTERM');
  const floodSent = await floodReport;

  // 3. Idle rooms: seats taken, game started, clients connected, nothing happening.
  const idle = await tables(url, IDLE_ROOMS, 50);
  await new Promise((r) => setTimeout(r, 2000));
  const idleRss = rssMb(pid);
  for (const [b, s] of idle) {
    b.close();
    s.close();
  }
  await new Promise((r) => setTimeout(r, 1000));
  const afterRss = rssMb(pid);
  await stopChild(server);
  rmSync(dir, { recursive: true, force: true });

  const p = (f: PlayFigures, q: number) => r1(percentile(f.sorted, q)).toFixed(1);
  const perRound = (rounds: readonly PlayFigures[]) =>
    rounds.map((f) => f.cpuPerIntentMs.toFixed(3)).join(' ');
  const split = (f: PlayFigures) =>
    [f.mainUserMs, f.mainSystemMs, f.cpuMs - f.mainUserMs - f.mainSystemMs]
      .map((ms) => (ms / f.intents).toFixed(3))
      .join(' ');
  const ratio = real.cpuPerIntentMs / floor.cpuPerIntentMs;
  const floodP99 = percentile(flooded.sorted, 99);
  const rows: [string, string, string][] = [
    ['', 'Twinboard', 'bare ws'],
    ['concurrent games (clients)', `${GAMES} (${GAMES * 2})`, `${GAMES} (${GAMES * 2})`],
    ['intents relayed', String(real.intents), String(floor.intents)],
    [
      'intents per second',
      String(Math.round(real.intents / (real.wallMs / 1000))),
      String(Math.round(floor.intents / (floor.wallMs / 1000))),
    ],
    ['relay latency p50 (ms)', p(real, 50), p(floor, 50)],
    ['relay latency p95 (ms)', p(real, 95), p(floor, 95)],
    ['relay latency p99 (ms)', p(real, 99), p(floor, 99)],
    ['relay latency max (ms)', p(real, 100), p(floor, 100)],
    ['server CPU per intent (ms)', real.cpuPerIntentMs.toFixed(3), floor.cpuPerIntentMs.toFixed(3)],
    ['of which main thread user / system, other threads (ms)', split(real), split(floor)],
    ['server CPU per intent, each measured round (ms)', perRound(realRounds), perRound(floorRounds)],
    ['server CPU per intent, warm-up rounds (ms)', perRound(realWarmUp), perRound(floorWarmUp)],
    [`flood: ${FLOOD_GAMES} games + ${FLOODERS} flooders, p50 (ms)`, p(flooded, 50), ''],
    [
      'flood: relay latency p95 / p99 / max (ms)',
      `${p(flooded, 95)} / ${p(flooded, 99)} / ${p(flooded, 100)}`,
      '',
    ],
    ['flood: frames sent by the flooders', String(floodSent.sent), ''],
    ['flood: flooders cut off or refused', String(floodSent.reconnects), ''],
    ['server RSS at start (MB)', r1(baseRss).toFixed(1), ''],
    ['server RSS after play (MB)', r1(playRss).toFixed(1), ''],
    [`server RSS, ${IDLE_ROOMS} idle rooms, ${IDLE_ROOMS * 2} clients (MB)`, r1(idleRss).toFixed(1), ''],
    ['server RSS after they left (MB)', r1(afterRss).toFixed(1), ''],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    `Twinboard server benchmark (loopback, real server process from ${entry}, SQLite in a temp dir, ` +
      (PINNED ? `server on CPU ${PINNED.server}, clients on CPU ${PINNED.clients}` : 'nothing pinned') +
      `, load average ${loadAtStart.toFixed(2)} at the start)`,
  );
  for (const [k, a, b] of rows) console.log(`  ${k.padEnd(width)}  ${a.padStart(16)}  ${b.padStart(8)}`);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `  targets: p99 ≤ 10 ms ${verdict(percentile(real.sorted, 99) <= 10)}; CPU ≤ 2× bare ${verdict(ratio <= 2)}; ` +
      `${IDLE_ROOMS} idle rooms ≤ 150 MB ${verdict(idleRss <= 150)}; flood p99 ≤ 100 ms ${verdict(floodP99 <= 100)}`,
  );
  console.log(
    JSON.stringify({
      bench: 'server',
      games: GAMES,
      relayP50Ms: r1(percentile(real.sorted, 50)),
      relayP99Ms: r1(percentile(real.sorted, 99)),
      floorP99Ms: r1(percentile(floor.sorted, 99)),
      cpuPerIntentRatio: r2(ratio),
      idleRooms: IDLE_ROOMS,
      idleRssMb: r1(idleRss),
      floodP99Ms: r1(floodP99),
    }),
  );
}

const bareAt = process.argv.indexOf('--bare-relay');
const floodAt = process.argv.indexOf('--flood');
if (bareAt >= 0) bareRelay(Number(process.argv[bareAt + 1]));
else if (floodAt >= 0) flood(process.argv[floodAt + 1] as string, Number(process.argv[floodAt + 2]));
else
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
