/**
 * Production install benchmark (`npm run bench:install`, issue 26): what a club's machine installs
 * to run the server. In a temporary folder with this package.json and package-lock.json only,
 * `npm ci --omit=dev` installs the runtime dependencies (better-sqlite3 is compiled there when no
 * prebuilt binary can be fetched); the size of node_modules is what that costs on disk, target
 * ≤ 60 MB. The floor beside it: the same install with no dependencies at all (npm's own files).
 * Then the built server (dist-server/main.js, `npm run build` first) is started against that
 * node_modules, to show the install is enough to serve. Last line: one JSON object.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Bytes on disk under `dir`, as du counts them (allocated blocks, links not followed). */
function diskBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const stat = statSync(join(entry.parentPath, entry.name));
    if (entry.isFile()) total += stat.blocks * 512;
  }
  return total;
}

if (!existsSync(join(ROOT, 'dist-server/main.js'))) {
  console.error('Run npm run build first: the benchmark starts the built server.');
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'twinboard-bench-install-'));
try {
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(work, file));
  const started = performance.now();
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: work, stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const bytes = diskBytes(join(work, 'node_modules'));
  const MB = 2 ** 20;
  const biggest = readdirSync(join(work, 'node_modules'))
    .filter((name) => !name.startsWith('.'))
    .map((name) => ({ name, mb: diskBytes(join(work, 'node_modules', name)) / MB }))
    .sort((a, b) => b.mb - a.mb)
    .slice(0, 5);
  console.log(`npm ci --omit=dev: ${(bytes / MB).toFixed(1)} MB of node_modules in ${seconds.toFixed(0)} s`);
  for (const { name, mb } of biggest) console.log(`  ${name}: ${mb.toFixed(1)} MB`);

  // The built server, run from the install: dist/ and dist-server/ beside that node_modules.
  mkdirSync(join(work, 'dist-server'));
  copyFileSync(join(ROOT, 'dist-server/main.js'), join(work, 'dist-server/main.js'));
  symlinkSync(join(ROOT, 'dist'), join(work, 'dist'));
  const port = 20000 + Math.floor(Math.random() * 9000);
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: work,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TWINBOARD_DB: join(work, 'rooms.db') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serves = await new Promise<boolean>((done) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Twinboard is running')) done(true);
    });
    child.on('exit', () => done(false));
  });
  let status = 0;
  if (serves) status = (await fetch(`http://127.0.0.1:${port}/`)).status;
  // The folder goes only once the server has stopped (its checkpointer thread loads from it).
  const exited = new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)));
  child.kill('SIGTERM');
  await exited;
  console.log(`the built server on that install: ${serves ? `answers ${status}` : 'did not start'}`);
  console.log(
    JSON.stringify({
      bench: 'install',
      productionInstallMb: Number((bytes / MB).toFixed(1)),
      installSeconds: Math.round(seconds),
      serverStarts: serves && status === 200,
    }),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
