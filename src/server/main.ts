/**
 * `npm start` and `npm run serve`: one Node process serving the built app (dist/) and the game
 * WebSocket (/ws) over an embedded SQLite room log.
 *
 *   node dist-server/main.js [--lan] [--port N] [--db FILE] [--cert FILE --key FILE] … (--help)
 *
 * It checks the Node version against package.json's `engines`, reads the settings (config.ts: flags
 * or TWINBOARD_* variables; a bad one stops it here with exit code 2), starts the server and
 * prints where it runs, plainly, for people; the logs are JSON lines on stdout (log.ts). The
 * built app and the default database are found from the installed package, not the working
 * directory. The rest is imported only once the Node version is known to be enough.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { fileURLToPath } from 'node:url';
import {
  describeConfigError,
  findPackageRoot,
  loadTls,
  parseConfig,
  satisfiesNodeRange,
  usage,
  type ConfigError,
} from './config.ts';

const EXIT_BAD_CONFIG = 2;

function stop(error: ConfigError): never {
  console.error(describeConfigError(error));
  process.exit(EXIT_BAD_CONFIG);
}

function readPackage(dir: string): { name?: string; engines?: { node?: string } } | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    return null;
  }
}

// src/server/main.ts through tsx, or dist-server/main.js: the package root is above either.
const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = findPackageRoot(here, (dir) => readPackage(dir)?.name === 'twinboard') ?? dirname(here);
const needed = readPackage(packageRoot)?.engines?.node;
if (needed && !satisfiesNodeRange(process.version, needed))
  stop({ setting: `Node.js ${process.version}`, message: `is too old: Twinboard needs Node.js ${needed}` });

const request = parseConfig({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  packageRoot,
});
if (!request.ok) stop(request.error);
if (request.value.kind === 'help') {
  process.stdout.write(usage());
  process.exit(0);
}
const { config } = request.value;
const tls = loadTls(config, (path) => readFileSync(path));
if (!tls.ok) stop(tls.error);
if (tls.value) {
  try {
    createSecureContext({ cert: tls.value.cert, key: tls.value.key });
  } catch (e) {
    stop({
      setting: '--cert/--key',
      message: `are not a usable PEM certificate and key (${(e as Error).message})`,
    });
  }
}
const dbSetting = `${config.sources.db ?? 'the database'} ${JSON.stringify(config.dbPath)}`;
if (config.dbPath !== ':memory:') {
  try {
    mkdirSync(dirname(config.dbPath), { recursive: true });
    accessSync(dirname(config.dbPath), constants.W_OK);
  } catch (e) {
    stop({
      setting: dbSetting,
      message: `cannot be written (${(e as NodeJS.ErrnoException).code}): it needs a writable folder`,
    });
  }
}

const { startTwinboardServer } = await import('./app.ts');
const { matchEngine } = await import('./matchEngine.ts');
const { createRecogniser, INSTALL_COMMAND } = await import('./recogniser/index.ts');
const { makeLogger } = await import('./log.ts');
const { limitHeap } = await import('./heap.ts');

const logger = makeLogger(config.logLevel);
const recogniser = createRecogniser({ logger });
recogniser.warm();
const HOUR = 3_600_000;
const running = await startTwinboardServer({
  logger,
  recogniser,
  engine: matchEngine,
  dbPath: config.dbPath,
  durability: config.durability,
  port: config.port,
  host: config.host,
  staticRoot: config.staticRoot,
  ...(tls.value ? { tls: tls.value } : {}),
  expiry: {
    ...(config.finishedTtlHours ? { finishedMs: config.finishedTtlHours * HOUR } : {}),
    ...(config.idleTtlDays ? { idleMs: config.idleTtlDays * 24 * HOUR } : {}),
  },
  ...(config.connectionsPerAddress ? { connectionsPerAddress: config.connectionsPerAddress } : {}),
  ...(config.roomsPerHour ? { roomsPerHour: config.roomsPerHour } : {}),
  ...(config.recognitionsPerSecond ? { recognitionsPerSecond: config.recognitionsPerSecond } : {}),
}).catch((e: NodeJS.ErrnoException) => {
  recogniser.close();
  const port = `${config.sources.port ?? 'the port'} ${config.port}`;
  if (e.code === 'EADDRINUSE')
    stop({ setting: port, message: `is taken on ${config.host} by another program` });
  if (e.code === 'EACCES')
    stop({ setting: port, message: 'may not be opened by this user (ports below 1024 need root)' });
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND')
    stop({
      setting: `${config.sources.host ?? 'the host'} ${config.host}`,
      message: 'is not an address of this machine',
    });
  if (e.name === 'SqliteError')
    stop({ setting: dbSetting, message: `cannot be used as the database (${e.message})` });
  throw e;
});
limitHeap();
// Before the start lines: whoever reads them may stop the server at once, and it closes cleanly.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    logger.info({ signal }, 'stopping');
    void running.close().then(() => {
      recogniser.close();
      logger.flush();
      process.exit(0);
    });
  });

const scheme = tls.value ? 'https' : 'http';
const shownHost =
  config.host === '0.0.0.0' || config.host === '::'
    ? 'localhost'
    : isIP(config.host) === 6
      ? `[${config.host}]`
      : config.host;
console.log(`Twinboard is running at ${scheme}://${shownHost}:${running.port}/ (games in ${config.dbPath})`);
console.log(
  recogniser.available
    ? 'Voice recognition: on (pocketsphinx, on this machine; no internet needed).'
    : `Voice recognition: off (pocketsphinx is not installed). To enable it: ${INSTALL_COMMAND}`,
);
if (!existsSync(join(config.staticRoot, 'index.html')))
  console.log(`The app is not built (no ${join(config.staticRoot, 'index.html')}): run npm run build.`);
if (config.lan) {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => `${scheme}://${a?.address}:${running.port}/`);
  console.log(`On the local network: ${addresses.join('  ') || '(no network interface found)'}`);
  if (!tls.value)
    console.log(
      'Voice input needs a secure context: it works at http://localhost on this machine only. ' +
        'For other devices, restart with --cert FILE --key FILE (e.g. a certificate made with mkcert).',
    );
}
logger.info(
  {
    port: running.port,
    host: config.host,
    tls: Boolean(tls.value),
    db: config.dbPath,
    voice: recogniser.available,
  },
  'started',
);
