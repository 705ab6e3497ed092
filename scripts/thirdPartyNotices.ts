/**
 * Vite plugin (production build): the third-party notices of what Twinboard ships, made from the
 * installed packages at build time, and Twinboard's own licence and source beside them.
 *
 * Shipped means: the packages whose modules end up in the app's JavaScript (the build's module
 * graph, workers included, after tree-shaking), the packages whose files are copied into the build
 * unchanged (Stockfish's engine), and the server's runtime dependencies ("dependencies" in
 * package.json) with every package they pull in, as `npm ci --omit=dev` installs them. For each:
 * name, exact version, licence, author, repository, homepage, where its exact version can be had
 * (the npm registry; for Stockfish also the upstream engine source) and the text of its licence
 * files. The build fails if one of them declares no licence or one that cannot ship with
 * AGPL-3.0-or-later code (scripts/licences.ts).
 *
 * It writes into the build: third-party-notices.json (read by the About screen,
 * src/screens/about/), third-party-notices.txt (the same for people), LICENSE.txt (Twinboard's
 * AGPL text) and twinboard-<version>-source.tar.gz (the source being built, scripts/
 * sourceArchive.ts); and it starts every JavaScript chunk with a `/*!` banner giving its
 * SPDX-License-Identifier (engine files stay unchanged).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { checkLicence, declaredLicence } from './licences.ts';
import { makeSourceArchive, sourceFiles } from './sourceArchive.ts';
// The notices' shape is the About screen's, which reads them.
import {
  LICENCE_FILE,
  NOTICES_JSON,
  NOTICES_TEXT,
  SHIPPED_IN,
  type LicenseFile,
  type Notices,
  type PackageNotice,
  type ShippedIn,
} from '../src/screens/about/notices.ts';

export { NOTICES_JSON, NOTICES_TEXT, LICENCE_FILE };
export type { LicenseFile, Notices, PackageNotice, ShippedIn };

interface PackageJson {
  readonly name?: string;
  readonly version?: string;
  readonly license?: unknown;
  readonly licenses?: unknown;
  readonly author?: unknown;
  readonly repository?: unknown;
  readonly homepage?: unknown;
  readonly buildVersion?: unknown;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

const readJson = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** Packages that are builds of another project: where that project's source for this version is. */
const UPSTREAM: Readonly<Record<string, (pkg: PackageJson) => NonNullable<PackageNotice['upstream']>>> = {
  // Stockfish.js (npm `stockfish`) is Stockfish compiled to WebAssembly; `buildVersion` names the
  // Stockfish release, whose source is tagged sf_<release> in the official repository.
  stockfish: (pkg) => {
    const release = String(pkg.buildVersion ?? pkg.version?.split('.')[0] ?? '');
    return {
      name: 'Stockfish',
      version: release,
      url: `https://github.com/official-stockfish/Stockfish/tree/sf_${release}`,
    };
  },
};

/** A package's directory from a module id or a file name in node_modules; null for our own files. */
export function packageDirOf(id: string, root: string): string | null {
  // Code the bundler adds of its own: Vite's preload helpers, Rolldown's runtime.
  if (id.startsWith('\0vite/')) return findPackageDir('vite', root);
  if (id.startsWith('\0rolldown/')) {
    const vite = findPackageDir('vite', root);
    return vite && findPackageDir('rolldown', vite);
  }
  const path = (isAbsolute(id) ? id : resolve(root, id)).replace(/\\/g, '/').replace(/[?#].*$/, '');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0 || id.startsWith('\0')) return null;
  const rest = path.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  return `${path.slice(0, at)}/node_modules/${name.join('/')}`.split('/').join(sep);
}

/** Where Node finds package `name` from directory `from`: node_modules/name here or in a parent. */
export function findPackageDir(name: string, from: string): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The server's runtime packages: package.json "dependencies" of `root` and, from each installed
 * package, its dependencies, optional dependencies and peer dependencies that are installed.
 */
export function runtimeDependencyDirs(root: string): string[] {
  const seen = new Set<string>();
  const queue: { name: string; from: string; optional: boolean }[] = [];
  const add = (pkg: PackageJson, from: string, top: boolean) => {
    for (const name of Object.keys(pkg.dependencies ?? {})) queue.push({ name, from, optional: false });
    for (const name of Object.keys(pkg.optionalDependencies ?? {}))
      queue.push({ name, from, optional: true });
    if (!top)
      for (const name of Object.keys(pkg.peerDependencies ?? {})) queue.push({ name, from, optional: true });
  };
  add(readJson(join(root, 'package.json')), root, true);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const dir = findPackageDir(next.name, next.from);
    if (!dir) {
      if (next.optional) continue;
      throw new Error(`thirdPartyNotices: ${next.name} (needed from ${next.from}) is not installed`);
    }
    if (seen.has(dir)) continue;
    seen.add(dir);
    add(readJson(join(dir, 'package.json')), dir, false);
  }
  return [...seen];
}

/** A repository field as a web address: git URLs, `owner/repo` and `github:owner/repo` shorthands. */
export function repositoryUrl(repository: unknown): string | null {
  const raw =
    typeof repository === 'string'
      ? repository
      : repository &&
          typeof repository === 'object' &&
          typeof (repository as { url?: unknown }).url === 'string'
        ? (repository as { url: string }).url
        : null;
  if (!raw) return null;
  const directory =
    repository &&
    typeof repository === 'object' &&
    typeof (repository as { directory?: unknown }).directory === 'string'
      ? (repository as { directory: string }).directory
      : null;
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  let url = shorthand
    ? `https://${shorthand[1] === 'gitlab' ? 'gitlab.com' : shorthand[1] === 'bitbucket' ? 'bitbucket.org' : 'github.com'}/${shorthand[2]}`
    : raw
        .replace(/^git\+/, '')
        .replace(/^git:\/\//, 'https://')
        .replace(/^ssh:\/\/git@/, 'https://')
        .replace(/^git@([^:]+):/, 'https://$1/')
        .replace(/\.git$/, '');
  if (!/^https?:\/\//.test(url)) return null;
  if (directory) url += `/tree/HEAD/${directory}`;
  return url;
}

function authorOf(author: unknown): string | null {
  if (typeof author === 'string') return author;
  if (author && typeof author === 'object') {
    const { name, email } = author as { name?: unknown; email?: unknown };
    if (typeof name === 'string') return typeof email === 'string' ? `${name} <${email}>` : name;
  }
  return null;
}

/** A package's licence texts: LICENSE, LICENCE, COPYING and NOTICE files (any case and extension). */
export function licenseFilesOf(dir: string): LicenseFile[] {
  return readdirSync(dir)
    .filter(
      (file) => /^(licen[cs]e|copying|notice)([-_.].*)?$/i.test(file) && statSync(join(dir, file)).isFile(),
    )
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      // Vite's (and Rollup's) LICENSE.md goes on to the licences of the packages bundled into its
      // own Node code, none of which reaches the app: only the tool's own licence applies here.
      const own = text.split(/^#+ Licenses of bundled dependencies/m)[0] ?? text;
      return { file, text: own.trim() };
    });
}

/** The notice of the package installed in `dir`. */
export function packageNotice(
  dir: string,
  shippedIn: readonly ShippedIn[],
  files: readonly string[] = [],
): PackageNotice {
  const pkg = readJson(join(dir, 'package.json'));
  const name = pkg.name ?? dir.split(sep).slice(-1)[0] ?? dir;
  const version = pkg.version ?? '';
  return {
    name,
    version,
    license: declaredLicence(pkg) ?? '',
    author: authorOf(pkg.author),
    repository: repositoryUrl(pkg.repository),
    homepage: typeof pkg.homepage === 'string' ? pkg.homepage : null,
    npm: `https://www.npmjs.com/package/${name}/v/${version}`,
    upstream: UPSTREAM[name]?.(pkg) ?? null,
    shippedIn,
    files,
    licenseFiles: licenseFilesOf(dir),
  };
}

/** What the build ships, by package directory. */
export interface Shipped {
  /** Package directories whose modules are in the app's JavaScript. */
  readonly app: Iterable<string>;
  /** Package directory → files of the build copied from it unchanged. */
  readonly files: ReadonlyMap<string, readonly string[]>;
  /** Package directories installed with the server. */
  readonly server: Iterable<string>;
}

const ORDER: readonly ShippedIn[] = SHIPPED_IN;

/** The notices of everything shipped, and each package directory's notice. */
export interface MadeNotices {
  readonly notices: Notices;
  readonly byDir: ReadonlyMap<string, PackageNotice>;
}

/** The notices of everything shipped; throws, naming each, if a package's licence is refused. */
export function makeNotices(
  root: string,
  shipped: Shipped,
  archive: { readonly name: string; readonly bytes: number },
): MadeNotices {
  const where = new Map<string, Set<ShippedIn>>();
  const mark = (dir: string, how: ShippedIn) => where.set(dir, (where.get(dir) ?? new Set()).add(how));
  for (const dir of shipped.files.keys()) mark(dir, 'files');
  for (const dir of shipped.app) mark(dir, 'app');
  for (const dir of shipped.server) mark(dir, 'server');
  const byDir = new Map(
    [...where].map(([dir, how]) => [
      dir,
      packageNotice(
        dir,
        ORDER.filter((h) => how.has(h)),
        shipped.files.get(dir) ?? [],
      ),
    ]),
  );
  const packages = [...byDir.values()].sort(
    (a, b) =>
      ORDER.indexOf(a.shippedIn[0] ?? 'server') - ORDER.indexOf(b.shippedIn[0] ?? 'server') ||
      a.name.localeCompare(b.name) ||
      a.version.localeCompare(b.version),
  );
  const refused = packages.flatMap((p) => {
    const verdict = checkLicence(p.license);
    if (verdict.ok) return [];
    const why =
      verdict.reason === 'missing'
        ? 'declares no licence'
        : verdict.reason === 'unreadable'
          ? `licence "${p.license}" is not an SPDX expression`
          : `licence "${p.license}" is not compatible with AGPL-3.0-or-later`;
    return [`${p.name}@${p.version} (${p.shippedIn.join(', ')}): ${why}`];
  });
  if (refused.length > 0)
    throw new Error(
      `These packages cannot ship with Twinboard (AGPL-3.0-or-later; allowed licences in scripts/licences.ts):\n  ${refused.join('\n  ')}`,
    );
  const app = readJson(join(root, 'package.json'));
  return {
    notices: {
      app: {
        name: app.name ?? 'twinboard',
        version: app.version ?? '',
        license: declaredLicence(app) ?? '',
        repository: repositoryUrl(app.repository),
        sourceArchive: archive.name,
        sourceArchiveBytes: archive.bytes,
        licenseFile: LICENCE_FILE,
        licenseText: readFileSync(join(root, 'LICENSE'), 'utf8'),
      },
      packages,
    },
    byDir,
  };
}

const HOW: Readonly<Record<ShippedIn, string>> = {
  files: 'files copied unchanged into the app',
  app: "part of the app's JavaScript",
  server: 'installed with the server',
};

/** The notices as plain text. */
export function noticesText(notices: Notices): string {
  const { app } = notices;
  const rule = '='.repeat(72);
  const head = [
    `Twinboard ${app.version}: free software under ${app.license} (${app.licenseFile}).`,
    `Its source: ${app.sourceArchive}${app.repository ? ` and ${app.repository}` : ''}.`,
    '',
    `Twinboard ships the following ${notices.packages.length} packages, each under its own licence.`,
  ];
  const blocks = notices.packages.map((p) =>
    [
      rule,
      `${p.name} ${p.version}`,
      `Licence: ${p.license}`,
      `Shipped: ${p.shippedIn.map((h) => HOW[h]).join('; ')}${p.files.length > 0 ? ` (${p.files.join(', ')})` : ''}`,
      ...(p.author ? [`Author: ${p.author}`] : []),
      ...(p.repository ? [`Repository: ${p.repository}`] : []),
      ...(p.homepage && p.homepage !== p.repository ? [`Homepage: ${p.homepage}`] : []),
      `This version: ${p.npm}`,
      ...(p.upstream ? [`Built from ${p.upstream.name} ${p.upstream.version}: ${p.upstream.url}`] : []),
      '',
      ...(p.licenseFiles.length > 0
        ? p.licenseFiles.flatMap((f) => [`--- ${f.file} ---`, f.text, ''])
        : [`(The package has no licence file; it declares ${p.license}.)`, '']),
    ].join('\n'),
  );
  return `${[...head, '', ...blocks].join('\n')}\n`;
}

/** An SPDX expression for several licences together, as a banner states it. */
const together = (licences: Iterable<string>): string =>
  [...new Set(licences)].map((l) => (/\s/.test(l) ? `(${l})` : l)).join(' AND ');

interface Rendered {
  readonly moduleIds: readonly string[];
  readonly modules?: Readonly<Record<string, { readonly renderedLength: number }>>;
}

/** The module ids of a chunk that have code in it (tree-shaking can leave a module empty). */
const renderedIds = (chunk: Rendered): string[] =>
  chunk.moduleIds.filter((id) => (chunk.modules?.[id]?.renderedLength ?? 1) > 0);

/**
 * A `?url` import of a package's file puts only the file's address in the app (the file itself is
 * copied into the build, and counted there), so it does not make the package part of the app's code.
 */
const isAddressOnly = (id: string) => /[?&]url(&|$)/.test(id);

export interface ThirdPartyNoticesOptions {
  /**
   * Packages shipped by a build step this plugin does not see (a service worker bundled by another
   * tool), with their dependencies: they get notices too and their licences are checked.
   */
  readonly alsoShipped?: readonly string[];
}

/** The plugin: notices, licence check, Twinboard's licence and source, and the chunks' banners. */
export function thirdPartyNotices(options: ThirdPartyNoticesOptions = {}): Plugin {
  let root = process.cwd();
  // Modules of the worker builds (their outputs reach the main build as finished files).
  const workerModules = new Set<string>();
  const packagesOf = (ids: Iterable<string>) => {
    const dirs = new Set<string>();
    for (const id of ids) {
      const dir = isAddressOnly(id) ? null : packageDirOf(id, root);
      if (dir) dirs.add(dir);
    }
    return dirs;
  };
  /**
   * A chunk's banner: its SPDX-License-Identifier and the packages whose code it holds. The entry
   * chunk also names Twinboard's version and where the notices are; the others stay short, since
   * the start of the app loads a dozen of them.
   */
  const banner = (
    ids: readonly string[],
    entry: boolean,
    noticeOf: (dir: string) => PackageNotice | undefined,
  ) => {
    const app = readJson(join(root, 'package.json'));
    const own = ids.some((id) => !id.startsWith('\0') && packageDirOf(id, root) === null);
    const used = [...packagesOf(ids)].map(noticeOf).filter((p): p is PackageNotice => p !== undefined);
    if (!own && used.length === 0) return '';
    const spdx = together([...(own ? [declaredLicence(app) ?? ''] : []), ...used.map((p) => p.license)]);
    const parts = [
      ...(entry ? [`Twinboard ${app.version ?? ''}`] : []),
      `SPDX-License-Identifier: ${spdx}`,
      ...(used.length > 0 ? [used.map((p) => `${p.name}@${p.version}`).join(', ')] : []),
      ...(entry ? [`notices: ${NOTICES_TEXT}`] : []),
    ];
    return `/*! ${parts.join(' | ')} */\n`;
  };
  return {
    name: 'twinboard-third-party-notices',
    apply: 'build',
    config: () => ({
      worker: {
        plugins: () => [
          {
            name: 'twinboard-third-party-notices:worker',
            generateBundle: {
              order: 'post',
              handler(_options, bundle) {
                for (const file of Object.values(bundle))
                  if (file.type === 'chunk') {
                    const ids = renderedIds(file);
                    for (const id of ids) workerModules.add(id);
                    // The main build's notices are not made yet: the worker's packages are read here.
                    file.code = banner(ids, false, (dir) => packageNotice(dir, ['app'])) + file.code;
                  }
              },
            },
          },
        ],
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    // After the other plugins (Vite's preload map is put at the top of a chunk in this hook), so
    // the banner stays the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const app = packagesOf(workerModules);
        const files = new Map<string, string[]>();
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') for (const dir of packagesOf(renderedIds(file))) app.add(dir);
          else
            for (const original of file.originalFileNames) {
              const dir = packageDirOf(original, root);
              if (dir) files.set(dir, [...(files.get(dir) ?? []), file.fileName].sort());
            }
        }
        for (const name of options.alsoShipped ?? []) {
          const dir = findPackageDir(name, root);
          if (!dir) return this.error(`thirdPartyNotices: ${name} (alsoShipped) is not installed`);
          app.add(dir);
          for (const dep of runtimeDependencyDirs(dir)) app.add(dep);
        }
        const pkg = readJson(join(root, 'package.json'));
        const archive = `${pkg.name ?? 'twinboard'}-${pkg.version ?? '0'}-source.tar.gz`;
        const source = makeSourceArchive(root, sourceFiles(root), archive.replace(/-source\.tar\.gz$/, ''));
        let made: MadeNotices;
        try {
          made = makeNotices(
            root,
            { app, files, server: runtimeDependencyDirs(root) },
            { name: archive, bytes: source.length },
          );
        } catch (error) {
          return this.error((error as Error).message);
        }
        const { notices } = made;
        for (const file of Object.values(bundle))
          if (file.type === 'chunk')
            file.code = banner(renderedIds(file), file.isEntry, (dir) => made.byDir.get(dir)) + file.code;
        this.emitFile({ type: 'asset', fileName: NOTICES_JSON, source: JSON.stringify(notices) });
        this.emitFile({ type: 'asset', fileName: NOTICES_TEXT, source: noticesText(notices) });
        this.emitFile({ type: 'asset', fileName: LICENCE_FILE, source: notices.app.licenseText });
        this.emitFile({ type: 'asset', fileName: archive, source });
        const counts = ORDER.map(
          (h) => `${notices.packages.filter((p) => p.shippedIn.includes(h)).length} ${h}`,
        );
        console.log(
          `${NOTICES_JSON}: ${notices.packages.length} packages (${counts.join(', ')}), licences checked`,
        );
      },
    },
  };
}
