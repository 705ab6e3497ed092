/** Starts the real Twinboard server on a free loopback port for a test, and stops it after. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  port: number;
  dbPath: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerStart {
  port?: number;
  dbPath?: string;
  /**
   * Another way to start it, e.g. `npm run serve` in a production tree: the command gets the port
   * and database as `--port N --db FILE` (the source server gets them from the environment).
   */
  command?: { readonly cmd: string; readonly args: readonly string[]; readonly cwd: string };
  /** More environment for the server (its limits, for example). */
  env?: Readonly<Record<string, string>>;
}

export async function startServer(options: ServerStart = {}): Promise<RunningServer> {
  const port = options.port ?? 20000 + Math.floor(Math.random() * 20000);
  const dbPath = options.dbPath ?? join(mkdtempSync(join(tmpdir(), 'twinboard-')), 'rooms.db');
  const { command } = options;
  const child = command
    ? spawn(command.cmd, [...command.args, '--port', String(port), '--db', dbPath], {
        cwd: command.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', TWINBOARD_DB: dbPath },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    dbPath,
    process: child,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // A command (npm → sh → node) runs in its own process group: stop all of it.
        if (command && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      }),
  };
}
