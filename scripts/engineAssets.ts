/**
 * Build names for the practice engine's files (issue 15). Stockfish.js finds its WebAssembly file
 * beside its script, by the same name with `.wasm`; a worker served by the service worker loses the
 * URL fragment that could say otherwise. So both files get one name, made from their contents
 * together (a new engine is a new name), and every other asset keeps Vite's usual hashed name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const ENGINE = 'stockfish-18-lite-single';
/** The engine's licence (GPL-3.0), beside its files under one name for every engine version. */
export const ENGINE_LICENCE_FILE = `assets/${ENGINE}-COPYING.txt`;
let engineHash: string | undefined;

function hashOfEngine(): string {
  const hash = createHash('sha256');
  for (const ext of ['js', 'wasm'])
    hash.update(readFileSync(createRequire(import.meta.url).resolve(`stockfish/bin/${ENGINE}.${ext}`)));
  return hash.digest('hex').slice(0, 10);
}

/** Vite's `assetFileNames`: the engine's pair under one shared name, the rest as usual. */
export function engineAssetName(asset: { readonly names: readonly string[] }): string {
  if (asset.names.includes('Copying.txt')) return ENGINE_LICENCE_FILE;
  if (asset.names.some((n) => n.startsWith(`${ENGINE}.`))) {
    engineHash ??= hashOfEngine();
    return `assets/${ENGINE}-${engineHash}[extname]`;
  }
  return 'assets/[name]-[hash][extname]';
}

/** Whether a file of the build is the engine program itself (its script or its WebAssembly). */
export const isEngineFile = (fileName: string): boolean =>
  fileName.startsWith(`assets/${ENGINE}-`) && fileName !== ENGINE_LICENCE_FILE;
