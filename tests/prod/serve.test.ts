// Production install (issue 14), as the README's "Production" section describes it: `npm run build`
// in a copy of the project, `npm ci --omit=dev` there (the devDependencies are gone: no vite, no
// tsx, no TypeScript), then `npm run serve -- --port N --db FILE` serves the built app, and a move is
// played through it by the paired screens' client transport over a real WebSocket.
// The copy runs `npm ci` with --ignore-scripts and gets better-sqlite3's native addon from this
// machine's own install: compiling it again takes minutes and tests SQLite's build, not Twinboard.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer } from '../helpers/appServer.ts';
import { moveIntents, nodeTransport, until, when } from '../helpers/pairedGame.ts';
import { foldRoom, openRoom, type RoomView } from '../../src/session/room.ts';
import type { TransportEvent } from '../../src/ports/transport.ts';

const run = promisify(execFile);
const ROOT = process.cwd();
/** What `npm run build` reads. */
const SOURCES = [
  'LICENSE',
  'package.json',
  'package-lock.json',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'src',
  'public',
  'scripts',
];
const ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const INSTALL_MS = 600_000;

let tree = '';
beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'twinboard-prod-'));
  for (const source of SOURCES) cpSync(join(ROOT, source), join(tree, source), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  await run('npm', ['run', 'build'], { cwd: tree });
  rmSync(join(tree, 'node_modules'));
  await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline'], {
    cwd: tree,
    timeout: INSTALL_MS,
  });
  cpSync(join(ROOT, ADDON), join(tree, ADDON));
}, INSTALL_MS + 120_000);
afterAll(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
}, 120_000);

test('after npm ci --omit=dev the tree has the runtime dependencies only', () => {
  for (const dev of ['vite', 'tsx', 'typescript', 'esbuild', 'vitest'])
    expect(existsSync(join(tree, 'node_modules', dev)), dev).toBe(false);
  for (const runtime of ['better-sqlite3', 'ws', 'chess.js'])
    expect(existsSync(join(tree, 'node_modules', runtime)), runtime).toBe(true);
  expect(existsSync(join(tree, 'dist-server/main.js'))).toBe(true);
});

test('npm run serve -- --port N --db FILE serves the built app and relays a move over a WebSocket', async () => {
  const dbPath = join(tree, 'data', 'tournament.db');
  const server = await startServer({
    dbPath,
    command: { cmd: 'npm', args: ['run', 'serve', '--'], cwd: tree },
  });
  const seats: ReturnType<typeof nodeTransport>[] = [];
  try {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    for (const file of ['sw.js', 'manifest.json'])
      expect((await fetch(`${server.url}${file}`)).status, file).toBe(200);
    // The licence and the notices, made in a tree that is not a git checkout.
    expect(await (await fetch(`${server.url}LICENSE.txt`)).text()).toContain(
      'GNU AFFERO GENERAL PUBLIC LICENSE',
    );
    const notices = (await (await fetch(`${server.url}third-party-notices.json`)).json()) as {
      packages: { name: string }[];
    };
    expect(notices.packages.map((p) => p.name)).toEqual(expect.arrayContaining(['stockfish', 'ws']));

    const url = `ws://127.0.0.1:${server.port}/ws`;
    const seated = (e: TransportEvent): e is Extract<TransportEvent, { kind: 'seated' }> =>
      e.kind === 'seated';
    const blind = nodeTransport(url);
    seats.push(blind);
    blind.start({ create: { role: 'blind', config: {} } });
    const { session } = await when(blind, seated);
    const sighted = nodeTransport(url);
    seats.push(sighted);
    let view: RoomView | null = null;
    sighted.subscribe((e) => {
      if (e.kind === 'room' && !view) view = openRoom(e.code, e.role, e.config);
      if (e.kind === 'entries' && view) view = foldRoom(view, e.entries);
    });
    sighted.start({ join: { code: session.code, role: 'sighted' } });
    await when(sighted, seated);
    const plies = () => (view as RoomView | null)?.state.plies ?? [];

    blind.send({ kind: 'startGame' });
    for (const intent of moveIntents('blind', 'e2e4')) blind.send(intent);
    await until(() => plies().length === 1, 10_000, "the blind player's move on the sighted screen");
    expect(plies()[0]?.san).toBe('e4');
    expect(existsSync(dbPath)).toBe(true);
  } finally {
    for (const seat of seats) seat.close();
    await server.stop();
  }
}, 60_000);
