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
 */
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { startTwinboardServer } from './app.ts';
import { matchEngine } from './matchEngine.ts';

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

const running = await startTwinboardServer({
  engine: matchEngine,
  dbPath,
  port,
  host,
  staticRoot: 'dist',
  tls,
});
const shown = host === '0.0.0.0' ? 'localhost' : host;
console.log(`Twinboard is running at ${scheme}://${shown}:${running.port}/ (games in ${dbPath})`);
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
    void running.close().then(() => process.exit(0));
  });
