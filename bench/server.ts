/**
 * Server benchmark (`npm run bench:server`). Starts the real server (src/server/main.ts) as a child
 * process on loopback with a temporary database, then:
 *  1. 200 concurrent games (400 WebSocket clients, blind + sighted) play the first 24 plies of a
 *     real game (McDonnell – La Bourdonnais 1834), each intent sent the way the screens send it.
 *     Relay latency = an intent sent by one player → the log entry received by the opponent's
 *     client (the state update his screen folds). Median and p99 over every intent.
 *  2. 1,000 idle rooms (both seats taken, game started, both clients still connected) and the
 *     server's resident memory, read from /proc/<pid>/status.
 * Bounded loops, loopback only; stops by itself. Last line: one JSON object with the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { parseServerMessage, type ServerMessage, type WireIntent } from '../src/net/protocol.ts';
import { moveIntents, sanToUci } from '../tests/helpers/pairedGame.ts';
import { mulberry32 } from '../tests/helpers/prng.ts';

const GAMES = 200;
const IDLE_ROOMS = 1000;
const PLIES = 24;
const PORT = 21000 + (process.pid % 20000);
const SANS =
  'e4 e5 f4 exf4 Nf3 g5 Bc4 g4 Nc3 gxf3 O-O c6 Qxf3 Qf6 e5 Qxe5 Bxf7+ Kxf7 d4 Qxd4+ Be3 Qg7 Bxf4 Nf6'.split(
    ' ',
  );
const LINE = sanToUci(SANS).slice(0, PLIES);

class Client {
  readonly socket: WebSocket;
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  onEntry: ((seq: number) => void) | null = null;
  n = 0;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) return;
      const m = parsed.value;
      if (m.t === 'entry') this.onEntry?.(m.entry.seq);
      if (m.t === 'welcome') this.n = m.n;
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]?.resolve(m);
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  wait<T extends ServerMessage['t']>(
    t: T,
    match: (m: Extract<ServerMessage, { t: T }>) => boolean = () => true,
  ) {
    return new Promise<Extract<ServerMessage, { t: T }>>((resolve) =>
      this.waiters.push({
        match: (m) => m.t === t && match(m as Extract<ServerMessage, { t: T }>),
        resolve: resolve as (m: ServerMessage) => void,
      }),
    );
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
    return m.seq;
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

/** Plays the line; records, for every intent, send → the opponent's receipt of its entry. */
async function playGame(
  blind: Client,
  sighted: Client,
  latencies: number[],
  random: () => number,
): Promise<void> {
  const sentAt = new Map<number, number>();
  const pendingBySeq = new Map<number, (t: number) => void>();
  const receivedAt = new Map<Client, Map<number, number>>([
    [blind, new Map()],
    [sighted, new Map()],
  ]);
  for (const c of [blind, sighted])
    c.onEntry = (seq) => {
      const now = performance.now();
      receivedAt.get(c)?.set(seq, now);
      void sentAt;
      pendingBySeq.get(seq)?.(now);
    };
  for (let ply = 0; ply < LINE.length; ply++) {
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
    }
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'twinboard-bench-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts', '--db', join(dir, 'bench.db')],
    {
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stopChild = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stopChild);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const url = `ws://127.0.0.1:${PORT}/ws`;
  const pid = child.pid as number;
  const baseRss = rssMb(pid);

  // 1. Concurrent games.
  const tables: [Client, Client][] = [];
  for (let i = 0; i < GAMES; i += 20)
    tables.push(...(await Promise.all(Array.from({ length: Math.min(20, GAMES - i) }, () => table(url)))));
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(tables.map(([b, s], i) => playGame(b, s, latencies, mulberry32(1000 + i))));
  const playMs = performance.now() - started;
  const playRss = rssMb(pid);
  for (const [b, s] of tables) {
    b.close();
    s.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);

  // 2. Idle rooms: seats taken, game started, clients connected, nothing happening.
  const idle: [Client, Client][] = [];
  for (let i = 0; i < IDLE_ROOMS; i += 50)
    idle.push(...(await Promise.all(Array.from({ length: Math.min(50, IDLE_ROOMS - i) }, () => table(url)))));
  await new Promise((r) => setTimeout(r, 2000));
  const idleRss = rssMb(pid);
  for (const [b, s] of idle) {
    b.close();
    s.close();
  }
  await new Promise((r) => setTimeout(r, 1000));
  const afterRss = rssMb(pid);

  stopChild();
  rmSync(dir, { recursive: true, force: true });

  const r1 = (x: number) => Math.round(x * 10) / 10;
  const rows: [string, string][] = [
    ['concurrent games', String(GAMES)],
    ['WebSocket clients', String(GAMES * 2)],
    ['plies per game', String(PLIES)],
    ['intents relayed', String(latencies.length)],
    ['wall time of play (s)', (playMs / 1000).toFixed(1)],
    ['intents per second', String(Math.round(latencies.length / (playMs / 1000)))],
    ['relay latency p50 (ms)', r1(p50).toFixed(1)],
    ['relay latency p90 (ms)', r1(percentile(sorted, 90)).toFixed(1)],
    ['relay latency p99 (ms)', r1(p99).toFixed(1)],
    ['relay latency max (ms)', r1(sorted.at(-1) ?? 0).toFixed(1)],
    ['server RSS at start (MB)', r1(baseRss).toFixed(1)],
    ['server RSS after play (MB)', r1(playRss).toFixed(1)],
    [
      `server RSS, ${IDLE_ROOMS} idle rooms, ${IDLE_ROOMS * 2} clients connected (MB)`,
      r1(idleRss).toFixed(1),
    ],
    ['server RSS after they left (MB)', r1(afterRss).toFixed(1)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('Twinboard server benchmark (loopback, real server process, SQLite in a temp dir)');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v.padStart(8)}`);
  console.log(
    `  targets: p99 ≤ 50 ms ${p99 <= 50 ? 'met' : 'MISSED'}; ${IDLE_ROOMS} idle rooms < 200 MB ${idleRss < 200 ? 'met' : 'MISSED'}`,
  );
  console.log(
    JSON.stringify({
      bench: 'server',
      games: GAMES,
      relayP50Ms: r1(p50),
      relayP99Ms: r1(p99),
      idleRooms: IDLE_ROOMS,
      idleRssMb: r1(idleRss),
    }),
  );
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
