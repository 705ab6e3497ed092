/**
 * The same engine in Node, for tests and the benchmark: the very Stockfish JavaScript and
 * WebAssembly files the browser runs, started as a child process that speaks UCI on stdin/stdout.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import type { Engine } from '../ports/engine.ts';
import { createUciEngine, type LineChannel } from './uci.ts';

/** The engine program's files (the browser's worker loads the same two). */
export const ENGINE_FILES = ['stockfish-18-lite-single.js', 'stockfish-18-lite-single.wasm'].map((f) =>
  createRequire(import.meta.url).resolve(`stockfish/bin/${f}`),
);

/** Starts Stockfish as a child process. */
export function createNodeEngine(): Engine {
  return createUciEngine(startNodeProgram());
}

/** Starts the engine program as a child process: its UCI lines (tests read what is sent). */
export function startNodeProgram(): LineChannel {
  const child = spawn(process.execPath, [ENGINE_FILES[0] as string], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  return {
    send: (line) => {
      if (child.stdin.writable) child.stdin.write(`${line}\n`);
    },
    listen: (onLine, onFailure) => {
      lines.on('line', onLine);
      child.on('error', onFailure);
      child.on('exit', (code) => {
        if (code !== 0 && code !== null) onFailure(new Error(`The engine exited with ${code}.`));
      });
    },
    close: () => {
      lines.close();
      child.stdin.end();
      child.kill();
    },
  };
}
