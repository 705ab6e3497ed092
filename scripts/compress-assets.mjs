/**
 * `npm run build`, after `vite build`: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every
 * text file of dist/ (HTML, scripts, styles, JSON, SVG, text, WebAssembly, manifests), at the
 * strongest settings, once, so the server never compresses while it serves (src/server/static.ts
 * picks one by the request's Accept-Encoding). It runs after Vite, so the service worker's
 * precache list, made during `vite build`, never holds them.
 *
 * A copy is kept only if it is smaller than its file, and gets its file's modification time: the
 * server sends a copy only while it is at least as new as its file, so a file edited after the
 * build is never answered with a stale copy.
 *
 *   node scripts/compress-assets.mjs [DIR]   (default dist)
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The kinds of file compressed: the list the server reads too (src/server/compressible.json). */
const COMPRESSIBLE_EXTENSIONS = JSON.parse(
  readFileSync(new URL('../src/server/compressible.json', import.meta.url), 'utf8'),
);

const brotli = promisify(brotliCompress);
const BIG_FILE_BYTES = 1024 * 1024;
const gzipAsync = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `path + suffix` if `compressed` is smaller than the file, else removes a stale copy. */
async function keepIfSmaller(path, suffix, compressed, source) {
  const target = path + suffix;
  if (compressed.length >= source.size) {
    await rm(target, { force: true });
    return 0;
  }
  await writeFile(target, compressed);
  await utimes(target, source.atimeMs / 1000, source.mtimeMs / 1000);
  return compressed.length;
}

async function compressFile(path) {
  const [content, source] = await Promise.all([readFile(path), stat(path)]);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        // Quality 10 on the few large files (the engine, the Vosk recogniser) is within 4 % of 11
        // in size (smaller on the engine, with the larger window) in half the time.
        [constants.BROTLI_PARAM_QUALITY]: content.length > BIG_FILE_BYTES ? 10 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]:
          extname(path) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    path,
    size: content.length,
    br: await keepIfSmaller(path, '.br', br, source),
    gzip: await keepIfSmaller(path, '.gz', gz, source),
  };
}

/** Compresses every text file under `dir`; resolves to one record per file. */
export async function compressAssets(dir) {
  const paths = [];
  for await (const path of filesUnder(dir))
    if (COMPRESSIBLE_EXTENSIONS.includes(extname(path))) paths.push(path);
  // Largest first, a few at a time (zlib works on libuv's threads): the engine's WebAssembly
  // alone takes most of the time, and starting it first keeps the other cores busy meanwhile.
  const sizes = new Map(await Promise.all(paths.map(async (p) => [p, (await stat(p)).size])));
  paths.sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
  const results = [];
  const workers = Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, async () => {
    for (let path = paths.shift(); path !== undefined; path = paths.shift())
      results.push(await compressFile(path));
  });
  await Promise.all(workers);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist';
  const started = performance.now();
  const results = await compressAssets(dir);
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(
    `${relative(process.cwd(), dir) || dir}: ${results.length} text files, ${kb(total('size'))} → ` +
      `${kb(total('br'))} Brotli, ${kb(total('gzip'))} gzip (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
