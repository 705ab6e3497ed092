/**
 * `npm start`: one Node process serving the built app (dist/) and the game WebSocket (/ws) over an
 * embedded SQLite room log.
 *
 *   node --import tsx src/server/main.ts [--lan] [--db FILE] [--port N] [--cert FILE --key FILE]
 *
 * - Listens on 127.0.0.1:5180 by default (PORT and HOST environment variables, or --port).
 * - --lan listens on every interface and prints the local network addresses, so a tablet or phone at
 *   the table can open the sighted screen. Browsers allow microphone (voice input) only in a secure
 *   context: https, or http://localhost. On the LAN, pass --cert/--key (a PEM certificate for this
 *   machine, e.g. made with mkcert) to serve https and wss; without them voice input works only on
 *   this machine at http://localhost.
 * - The database is ./data/twinboard.db unless TWINBOARD_DB or --db names another file.
 * - --finished-ttl-hours H (default 24) and --idle-ttl-days D (default 30): a finished game's room
 *   is deleted H hours after its last entry, any room D days after its last entry (the players keep
 *   their games in the archive on their own devices).
 * - --durability full: fsync every commit (survives a power cut, not only a killed process).
 * - --connections-per-address N (default 32), --rooms-per-hour N (default 60, after a burst of 10).
 * - --recognitions-per-second N (default 1, after a burst of 10): spoken moves per address.
 * - Voice: POST /api/recognise decodes with Debian's pocketsphinx when it is installed (see
 *   recogniser/), and the start line says whether it is.
 */
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { startTwinboardServer } from './app.ts';
import { matchEngine } from './matchEngine.ts';
import { INSTALL_COMMAND, createRecogniser } from './recogniser/index.ts';

/** The young generation's limit: two 8 MB semi-spaces (V8's default is two of 16 MB). */
const YOUNG_GENERATION_BYTES = 16 * 2 ** 20;
/** How far the old generation may grow past what the last full collection kept: 50 %. */
const OLD_GENERATION_GROWING_PERCENT = 50;

/**
 * Keeps the server's memory close to what it uses (issue 14). The server's garbage is short-lived
 * (frames, intermediate states) and what it keeps is small (about 20 MB for 1,000 rooms), so:
 * - the young generation stays at most YOUNG_GENERATION_BYTES. V8 grows it under play and keeps it
 *   when play stops; half the default costs no measurable CPU and saves about 16 MB (keeping it at
 *   its start-up size, 2 MB semi-spaces, cost some 15 % more CPU per intent). V8 takes the
 *   semi-space limit only from the command line, but reads the growth factor at each growth:
 *   growth is turned off after a collection that finds the limit reached, and on again if V8 has
 *   shrunk it;
 * - the old generation is collected once it has grown by half (V8's own factor, as much as 4 on a
 *   machine with memory to spare, let an idle server hold some 35 MB of garbage from play until a
 *   collection came).
 * Called once the store's checkpointer thread is up, since starting a worker thread resets V8's
 * flags.
 */
function limitHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWING_PERCENT}`);
  let growing = true;
  const observer = new PerformanceObserver(() => {
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
    const grow = young < YOUNG_GENERATION_BYTES;
    if (grow === growing) return;
    growing = grow;
    setFlagsFromString(`--semi-space-growth-factor=${grow ? 2 : 1}`);
  });
  observer.observe({ entryTypes: ['gc'] });
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const lan = process.argv.includes('--lan');
const port = Number(flag('--port') ?? process.env.PORT ?? 5180);
const host = lan ? '0.0.0.0' : (process.env.HOST ?? '127.0.0.1');
const dbPath = flag('--db') ?? process.env.TWINBOARD_DB ?? 'data/twinboard.db';
const certFile = flag('--cert');
const keyFile = flag('--key');
const tls = certFile && keyFile ? { cert: readFileSync(certFile), key: readFileSync(keyFile) } : undefined;
const scheme = tls ? 'https' : 'http';
const HOUR = 3_600_000;
const numberFlag = (name: string, env: string): number | undefined => {
  const text = flag(name) ?? process.env[env];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number, not ${text}`);
  return value;
};
const finishedHours = numberFlag('--finished-ttl-hours', 'TWINBOARD_FINISHED_TTL_HOURS');
const idleDays = numberFlag('--idle-ttl-days', 'TWINBOARD_IDLE_TTL_DAYS');
const connectionsPerAddress = numberFlag('--connections-per-address', 'TWINBOARD_CONNECTIONS_PER_ADDRESS');
const roomsPerHour = numberFlag('--rooms-per-hour', 'TWINBOARD_ROOMS_PER_HOUR');
const recognitionsPerSecond = numberFlag('--recognitions-per-second', 'TWINBOARD_RECOGNITIONS_PER_SECOND');

const recogniser = createRecogniser();
recogniser.warm();
const running = await startTwinboardServer({
  recogniser,
  engine: matchEngine,
  dbPath,
  port,
  host,
  staticRoot: 'dist',
  tls,
  durability: (flag('--durability') ?? process.env.TWINBOARD_DURABILITY) === 'full' ? 'full' : 'normal',
  expiry: {
    ...(finishedHours ? { finishedMs: finishedHours * HOUR } : {}),
    ...(idleDays ? { idleMs: idleDays * 24 * HOUR } : {}),
  },
  ...(connectionsPerAddress ? { connectionsPerAddress } : {}),
  ...(roomsPerHour ? { roomsPerHour } : {}),
  ...(recognitionsPerSecond ? { recognitionsPerSecond } : {}),
});
limitHeap();

const shown = host === '0.0.0.0' ? 'localhost' : host;
console.log(`Twinboard is running at ${scheme}://${shown}:${running.port}/ (games in ${dbPath})`);
console.log(
  recogniser.available
    ? 'Voice recognition: on (pocketsphinx, on this machine; no internet needed).'
    : `Voice recognition: off (pocketsphinx is not installed). To enable it: ${INSTALL_COMMAND}`,
);
if (lan) {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => `${scheme}://${a?.address}:${running.port}/`);
  console.log(`On the local network: ${addresses.join('  ') || '(no network interface found)'}`);
  if (!tls)
    console.log(
      'Voice input needs a secure context: it works at http://localhost on this machine only. ' +
        'For other devices, restart with --cert FILE --key FILE (e.g. a certificate made with mkcert).',
    );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void running.close().then(() => {
      recogniser.close();
      process.exit(0);
    });
  });
