// The third-party notices (scripts/thirdPartyNotices.ts), on a real production build of the app
// made here into a temporary directory: every package whose code or files the build ships, and every
// runtime package npm's lockfile installs for the server, is listed with its installed version and
// a licence that may ship with AGPL-3.0-or-later; Stockfish with its version, licence text, files
// and source; each chunk carries its SPDX banner, the engine's files stay unchanged; and the build
// refuses a package whose licence is missing or incompatible.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from 'vite';
import type { OutputAsset, OutputChunk, RolldownOutput } from 'rolldown';
import { checkLicence } from '../../scripts/licences.ts';
import { makeNotices, runtimeDependencyDirs } from '../../scripts/thirdPartyNotices.ts';
import { readNotices, type Notices } from '../../src/screens/about/notices.ts';

const ROOT = process.cwd();
const installed = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
  };

/** The package a path in node_modules belongs to ('…/node_modules/@scope/name/…' → '@scope/name'). */
const packageName = (path: string) => {
  const rest = path.replace(/\\/g, '/').split('/node_modules/').slice(-1)[0]?.split('/') ?? [];
  return (rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1)).join('/');
};

describe('on a production build', () => {
  let outDir = '';
  let output: RolldownOutput['output'] = [] as unknown as RolldownOutput['output'];
  let notices: Notices;
  const chunks = () => output.filter((f): f is OutputChunk => f.type === 'chunk');
  const assets = () => output.filter((f): f is OutputAsset => f.type === 'asset');
  const noticeOf = (name: string) => notices.packages.filter((p) => p.name === name);

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'twinboard-notices-'));
    // Vitest runs with NODE_ENV=test; the build under test is the production one.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const result = await build({
        root: ROOT,
        logLevel: 'silent',
        mode: 'production',
        build: { outDir, emptyOutDir: true },
      });
      const first = Array.isArray(result) ? result[0] : (result as RolldownOutput);
      if (!first) throw new Error('the build gave no output');
      output = first.output;
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const read = readNotices(JSON.parse(readFileSync(join(outDir, 'third-party-notices.json'), 'utf8')));
    if (!read) throw new Error('third-party-notices.json is not what the About screen reads');
    notices = read;
  }, 180_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test("every package whose modules are in the app's chunks, or whose files are copied, has a notice at its installed version", () => {
    const bundled = new Set([
      ...chunks().flatMap((c) => c.moduleIds.filter((id) => id.includes('/node_modules/')).map(packageName)),
      ...assets().flatMap((a) =>
        a.originalFileNames.filter((f) => f.includes('node_modules/')).map((f) => packageName(`/${f}`)),
      ),
    ]);
    // The app does bundle packages (React at least) and copies the engine: the list is not empty by accident.
    expect(bundled).toContain('react');
    expect(bundled).toContain('stockfish');
    for (const name of bundled) {
      const found = noticeOf(name);
      expect(
        found.map((p) => p.version),
        name,
      ).toContain(installed(name).version);
    }
  });

  test("every runtime package npm's lockfile installs for the server has a notice at its locked version", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<
        string,
        { version?: string; dev?: boolean; optional?: boolean; devOptional?: boolean }
      >;
    };
    // What `npm ci --omit=dev` installs (optional packages only where the platform has them).
    const runtime = Object.entries(lock.packages).filter(
      ([path, p]) => path !== '' && !p.dev && !p.optional && !p.devOptional,
    );
    expect(runtime.map(([path]) => packageName(`/${path}`))).toEqual(
      expect.arrayContaining(['better-sqlite3', 'chess.js', 'pino', 'ws']),
    );
    for (const [path, p] of runtime) {
      const name = packageName(`/${path}`);
      const found = noticeOf(name).filter((n) => n.shippedIn.includes('server'));
      expect(
        found.map((n) => n.version),
        name,
      ).toContain(p.version);
    }
  });

  test('every notice has a licence that may ship with AGPL-3.0-or-later, and its licence text or says it has none', () => {
    expect(notices.packages.length).toBeGreaterThan(10);
    for (const p of notices.packages) {
      expect(checkLicence(p.license), `${p.name}: ${p.license}`).toEqual({ ok: true });
      expect(p.npm).toBe(`https://www.npmjs.com/package/${p.name}/v/${p.version}`);
      for (const f of p.licenseFiles) expect(f.text.length, `${p.name} ${f.file}`).toBeGreaterThan(100);
    }
    const text = readFileSync(join(outDir, 'third-party-notices.txt'), 'utf8');
    for (const p of notices.packages.filter((n) => n.licenseFiles.length === 0))
      expect(text).toContain(`${p.name} ${p.version}\nLicence: ${p.license}`);
  });

  test('Stockfish comes first: its version, GPL-3.0 and its text, the files the build copies, and the source of its engine', () => {
    const stockfish = installed('stockfish');
    const first = notices.packages[0];
    expect(first?.name).toBe('stockfish');
    expect(first?.version).toBe(stockfish.version);
    expect(first?.license).toBe(stockfish.license);
    expect(first?.shippedIn).toEqual(['files']);
    expect(first?.licenseFiles[0]?.text).toMatch(/^GNU GENERAL PUBLIC LICENSE\s+Version 3/);
    expect(first?.repository).toBe('https://github.com/nmrugg/stockfish.js');
    expect(first?.upstream).toEqual({
      name: 'Stockfish',
      version: stockfish.version.split('.')[0],
      url: `https://github.com/official-stockfish/Stockfish/tree/sf_${stockfish.version.split('.')[0]}`,
    });
    const engineFiles = assets()
      .filter((a) => a.originalFileNames.some((f) => f.startsWith('node_modules/stockfish/')))
      .map((a) => a.fileName)
      .sort();
    expect(engineFiles.some((f) => f.endsWith('.wasm'))).toBe(true);
    expect(first?.files).toEqual(engineFiles);
    // The engine ships unchanged: no banner, byte for byte the package's file.
    const script = engineFiles.find((f) => f.endsWith('.js')) ?? '';
    expect(readFileSync(join(outDir, script))).toEqual(
      readFileSync(join(ROOT, 'node_modules/stockfish/bin/stockfish-18-lite-single.js')),
    );
  });

  test("each chunk starts with its SPDX banner: Twinboard's licence and the packages it includes", () => {
    for (const chunk of chunks()) {
      const text = readFileSync(join(outDir, chunk.fileName), 'utf8');
      expect(text.split('\n')[0], chunk.fileName).toMatch(/^\/\*! .*SPDX-License-Identifier: \S.* \*\/$/);
    }
    const firstLine = (chunk: OutputChunk | undefined) =>
      readFileSync(join(outDir, chunk?.fileName ?? ''), 'utf8').split('\n')[0] ?? '';
    // The chunk holding chess.js: Twinboard's licence and chess.js's, and chess.js named.
    const chess = chunks().find((c) => c.moduleIds.some((id) => id.includes('/node_modules/chess.js/')));
    const version = installed('chess.js').version.replace(/\./g, '\\.');
    expect(firstLine(chess)).toMatch(
      new RegExp(
        `^/\\*! SPDX-License-Identifier: AGPL-3\\.0-or-later AND .*BSD-2-Clause.* \\| .*chess\\.js@${version}.* \\*/$`,
      ),
    );
    // The entry chunk also names the version and the notices.
    const entry = firstLine(chunks().find((c) => c.isEntry));
    expect(entry).toMatch(
      new RegExp(
        `^/\\*! Twinboard ${notices.app.version} \\| SPDX-License-Identifier: AGPL-3\\.0-or-later AND `,
      ),
    );
    expect(entry).toContain(`react-dom@${installed('react-dom').version}`);
    expect(entry).toContain('| notices: third-party-notices.txt */');
  });

  test("Twinboard's own licence and the source of this version are in the build", () => {
    expect(notices.app.license).toBe('AGPL-3.0-or-later');
    expect(readFileSync(join(outDir, 'LICENSE.txt'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'LICENSE'), 'utf8'),
    );
    const archive = readFileSync(join(outDir, notices.app.sourceArchive));
    expect(archive.length).toBe(notices.app.sourceArchiveBytes);
    const tar = gunzipSync(archive).toString('latin1');
    const top = `twinboard-${notices.app.version}`;
    for (const file of [
      'package.json',
      'package-lock.json',
      'LICENSE',
      'src/main.tsx',
      'scripts/thirdPartyNotices.ts',
    ])
      expect(tar, file).toContain(`${top}/${file}\0`);
    expect(tar).not.toContain(`${top}/node_modules/`);
    expect(tar).not.toContain(`${top}/dist/`);
  });
});

describe('the licence check', () => {
  const roots: string[] = [];
  /** A project whose runtime dependency `dep` (and what it needs) is installed as given. */
  function project(packages: Record<string, Record<string, unknown>>) {
    const root = mkdtempSync(join(tmpdir(), 'twinboard-licences-'));
    roots.push(root);
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        name: 'app',
        version: '1.0.0',
        license: 'AGPL-3.0-or-later',
        dependencies: { dep: '1' },
      }),
    );
    writeFileSync(join(root, 'LICENSE'), 'AGPL');
    for (const [path, pkg] of Object.entries(packages)) {
      mkdirSync(join(root, path), { recursive: true });
      writeFileSync(join(root, path, 'package.json'), JSON.stringify({ version: '1.0.0', ...pkg }));
    }
    return root;
  }
  const notices = (dir: string) =>
    makeNotices(
      dir,
      { app: [], files: new Map(), server: runtimeDependencyDirs(dir) },
      { name: 'a.tar.gz', bytes: 1 },
    );
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  test('a transitive dependency under an incompatible licence fails the build, named', () => {
    const dir = project({
      'node_modules/dep': { name: 'dep', license: 'MIT', dependencies: { inner: '1' } },
      // Installed under dep (another version is hoisted): found where Node would find it.
      'node_modules/dep/node_modules/inner': { name: 'inner', version: '2.0.0', license: 'SSPL-1.0' },
      'node_modules/inner': { name: 'inner', license: 'MIT' },
    });
    expect(() => notices(dir)).toThrow(/inner@2\.0\.0 \(server\): licence "SSPL-1\.0" is not compatible/);
  });

  test('a package with no licence fails the build; a dual licence with one allowed side passes', () => {
    expect(() => notices(project({ 'node_modules/dep': { name: 'dep' } }))).toThrow(
      /dep@1\.0\.0 \(server\): declares no licence/,
    );
    const made = notices(project({ 'node_modules/dep': { name: 'dep', license: '(SSPL-1.0 OR MIT)' } }));
    expect(made.notices.packages.map((p) => `${p.name} ${p.license}`)).toEqual(['dep (SSPL-1.0 OR MIT)']);
  });
});
