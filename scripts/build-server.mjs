/**
 * `npm run build`, second step: bundles the server (src/server/main.ts) into one plain JavaScript
 * file, dist-server/main.js, that Node runs with the runtime dependencies only (`npm run serve`).
 * Packages stay outside the bundle; the build fails if the server imports one that is not listed
 * under "dependencies" in package.json, since `npm ci --omit=dev` would not install it.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const OUTFILE = 'dist-server/main.js';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const result = await build({
  entryPoints: ['src/server/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: OUTFILE,
  metafile: true,
  logLevel: 'warning',
});

/** 'ws' → 'ws', '@scope/pkg/sub' → '@scope/pkg'. */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const imported = new Set(
  Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !i.path.startsWith('node:'))
    .map((i) => packageOf(i.path)),
);
const notRuntime = [...imported].filter((name) => !(name in dependencies));
if (notRuntime.length > 0) {
  console.error(`The server imports ${notRuntime.join(', ')}, not listed under "dependencies".`);
  process.exit(1);
}
console.log(`${OUTFILE}: the server as plain JavaScript (imports ${[...imported].sort().join(', ')})`);
