/**
 * Vite plugins (production build) that make dist/sw.js: vite-plugin-pwa builds src/offline/sw.ts
 * with Workbox (the injectManifest strategy: our own worker, Workbox's modules) and writes into it
 * the build's precache manifest, each file with a revision.
 *
 * - Files whose name carries a hash of their content (every chunk, and every asset named by a
 *   pattern with `[hash]`) get no revision: a new content is a new name. Every other file
 *   (index.html, the web manifest, icons, earcons, the engine's licence, files emitted under a fixed
 *   name) gets the hash of its content as its revision. An update therefore downloads only the
 *   files whose content changed.
 * - Listed `onDemand`, not precached: the practice engine (Stockfish's script and WebAssembly,
 *   7.3 MB, GPL-3.0, needed only by players who practise) and the Vosk recogniser (5.8 MB, useful
 *   only with a speech model the club hosts); the worker keeps them on first use. Left out: source
 *   maps, speech models under models/ and any precompressed copies.
 * - sw.js starts with a notice of the Workbox modules built into it (MIT).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isEngineFile } from './engineAssets.ts';

export const SERVICE_WORKER_FILE = 'sw.js';
/** Chunks built from these packages are fetched on demand, not precached. */
const ON_DEMAND_PACKAGES = ['vosk-browser'];
/** The Workbox modules src/offline/sw.ts bundles, for the notice at the top of sw.js. */
export const SERVICE_WORKER_PACKAGES = [
  'workbox-core',
  'workbox-precaching',
  'workbox-routing',
  'workbox-strategies',
  'workbox-expiration',
] as const;
/** Vite's own pattern for assets when the build names none. */
const DEFAULT_ASSET_NAMES = 'assets/[name]-[hash][extname]';

/** The notice at the top of sw.js: which MIT-licensed Workbox modules it contains. */
export function serviceWorkerNotice(root = '.'): string {
  const versions = SERVICE_WORKER_PACKAGES.map((name) => {
    const path = join(root, 'node_modules', name, 'package.json');
    const { version } = JSON.parse(readFileSync(path, 'utf8')) as { version: string };
    return `${name}@${version}`;
  });
  return [
    '/*!',
    ` * Twinboard's service worker. It contains ${versions.join(', ')}:`,
    ' * Workbox, Copyright 2018 Google LLC, MIT licence (https://opensource.org/licenses/MIT),',
    ' * https://github.com/GoogleChrome/workbox',
    ' */',
    '',
  ].join('\n');
}

export function serviceWorker(): PluginOption[] {
  let root = '.';
  let outDir = 'dist';
  /** Files the worker keeps on first use instead. */
  const onDemand = new Set<string>();
  /** Files whose name changes with their content. */
  const hashed = new Set<string>();
  const sortFiles: Plugin = {
    name: 'twinboard-precache-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
    },
    generateBundle(output, bundle) {
      onDemand.clear();
      hashed.clear();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') {
          hashed.add(file.fileName);
          if (file.moduleIds.some((id) => ON_DEMAND_PACKAGES.some((p) => id.includes(`/node_modules/${p}/`))))
            onDemand.add(file.fileName);
        } else {
          // An asset emitted under a fixed name has no names; others are named by the pattern.
          const names = output.assetFileNames ?? DEFAULT_ASSET_NAMES;
          const pattern =
            typeof names === 'function'
              ? names({ ...file, originalFileName: file.originalFileName ?? undefined })
              : names;
          if (file.names.length > 0 && pattern.includes('[hash]')) hashed.add(file.fileName);
        }
        if (isEngineFile(file.fileName)) onDemand.add(file.fileName);
      }
    },
  };
  const notice: Plugin = {
    name: 'twinboard-service-worker-notice',
    apply: 'build',
    // After vite-plugin-pwa has written sw.js (its closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = join(outDir, SERVICE_WORKER_FILE);
        writeFileSync(file, serviceWorkerNotice(root) + readFileSync(file, 'utf8'));
      },
    },
  };
  return [
    sortFiles,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      // The app registers it itself (src/offline/updates.ts) and keeps its own public/manifest.json.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*'],
        globIgnores: ['**/*.map', 'models/**', '**/*.br', '**/*.gz'],
        // Which names carry a hash is known from the bundle (below), not from the folder.
        dontCacheBustURLsMatching: undefined,
        // Above Workbox's 2 MB default: the on-demand files are marked below, not left out.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) =>
              onDemand.has(entry.url)
                ? // Counted as no precache bytes in the build's report.
                  { url: entry.url, revision: null, size: 0, onDemand: true }
                : hashed.has(entry.url)
                  ? { ...entry, revision: null }
                  : entry,
            ),
            warnings: [],
          }),
        ],
      },
    }),
    notice,
  ];
}
