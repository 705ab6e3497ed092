/**
 * Vite plugins (production build) that make dist/sw.js: vite-plugin-pwa builds src/offline/sw.ts
 * with Workbox (the injectManifest strategy: our own worker, Workbox's modules) and writes into it
 * the build's precache manifest, each file with a revision.
 *
 * - Hashed files (everything Vite names under assets/, but the engine's licence text) get no
 *   revision: their name changes with their content. Every other file (index.html, the web
 *   manifest, icons, earcons, texts) gets the hash of its content as its revision. An update
 *   therefore downloads only the files whose content changed.
 * - Left out of the manifest: the practice engine (Stockfish's script and WebAssembly, 7.3 MB,
 *   GPL-3.0, needed only by players who practise) and the Vosk recogniser (5.8 MB, useful only with
 *   a speech model the club hosts); the worker keeps them on first use. Also left out: source maps,
 *   speech models under models/ and any precompressed copies.
 * - sw.js starts with a notice of the Workbox modules built into it (MIT).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ENGINE_LICENCE_FILE, isEngineFile } from './engineAssets.ts';

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The notice at the top of sw.js: which MIT-licensed Workbox modules it contains. */
export function serviceWorkerNotice(root = '.'): string {
  const versions = SERVICE_WORKER_PACKAGES.map((name) => {
    const { version } = JSON.parse(
      readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
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
  const onDemand = new Set<string>();
  const findOnDemand: Plugin = {
    name: 'twinboard-on-demand-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      onDemand.clear();
      for (const file of Object.values(bundle))
        if (
          (file.type === 'chunk' &&
            file.moduleIds.some((id) =>
              ON_DEMAND_PACKAGES.some((name) => id.includes(`/node_modules/${name}/`)),
            )) ||
          isEngineFile(file.fileName)
        )
          onDemand.add(file.fileName);
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
    findOnDemand,
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
        // Hashed names need no revision; the engine's licence text keeps one name for every engine.
        dontCacheBustURLsMatching: new RegExp(
          `^assets/(?!${escapeRegExp(ENGINE_LICENCE_FILE.slice('assets/'.length))}$)`,
        ),
        // Above Workbox's 2 MB default: the on-demand files are left out below, not for their size.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !onDemand.has(entry.url)), warnings: [] }),
        ],
      },
    }),
    notice,
  ];
}
