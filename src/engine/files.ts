/**
 * The practice engine's files as the build names them (scripts/engineAssets.ts): Stockfish's script
 * and its WebAssembly, emitted unchanged beside each other, and its licence (GPL-3.0), which goes
 * with them wherever the build is copied. Importing this module loads none of them.
 */
import script from 'stockfish/bin/stockfish-18-lite-single.js?url';
import wasm from 'stockfish/bin/stockfish-18-lite-single.wasm?url';
import licence from 'stockfish/Copying.txt?url';

export const ENGINE_URLS = { script, wasm, licence } as const;

/** What practice needs to run: the program and its WebAssembly. */
export const ENGINE_PROGRAM_URLS: readonly string[] = [script, wasm];
