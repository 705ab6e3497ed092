/**
 * Vite plugin (production build): writes dist/sw.js, the service worker of src/offline/
 * serviceWorker.ts, with the list of files it precaches and a version that changes whenever one of
 * their contents does (so the browser sees a new worker and the app offers the update).
 *
 * Precached: every file of the build (the app, its lazy screens, workers and wasm such as the
 * practice engine's, the earcons, the manifest and icons) except the Vosk recogniser, which is
 * useful only with a speech model the club hosts itself (5.8 MB), and any file above 32 MB; they
 * are kept the first time they are used. Source maps are not precached.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';
/** Chunks built from these packages are fetched on demand, not precached. */
const ON_DEMAND_PACKAGES = ['vosk-browser'];
const MAX_PRECACHE_BYTES = 32 * 1024 * 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export function serviceWorker(): Plugin {
  let root = '.';
  let outDir = 'dist';
  const onDemand = new Set<string>();
  return {
    name: 'twinboard-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (
          file.type === 'chunk' &&
          file.moduleIds.some((id) =>
            ON_DEMAND_PACKAGES.some((name) => id.includes(`/node_modules/${name}/`)),
          )
        )
          onDemand.add(file.fileName);
    },
    async closeBundle() {
      const precache = filesUnder(outDir)
        .filter(
          (path) =>
            path !== SERVICE_WORKER_FILE &&
            !path.endsWith('.map') &&
            !onDemand.has(path) &&
            statSync(join(outDir, path)).size <= MAX_PRECACHE_BYTES,
        )
        .sort();
      const version = createHash('sha256');
      let bytes = 0;
      for (const path of precache) {
        const content = readFileSync(join(outDir, path));
        bytes += content.length;
        version.update(path).update(content);
      }
      await build({
        entryPoints: [join(root, 'src/offline/serviceWorker.ts')],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        define: {
          __PRECACHE__: JSON.stringify(precache),
          __VERSION__: JSON.stringify(version.digest('hex').slice(0, 16)),
        },
        outfile: join(outDir, SERVICE_WORKER_FILE),
        logLevel: 'warning',
      });
      const mb = (bytes / 1024 / 1024).toFixed(1);
      console.log(`${SERVICE_WORKER_FILE}: precaches ${precache.length} files (${mb} MB) for offline use`);
    },
  };
}
