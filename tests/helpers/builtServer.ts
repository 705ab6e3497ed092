/**
 * The production server (dist-server/main.js, made by `npm run build`) in a process of its own, on
 * a free loopback port, with its log lines counted as they come: what `npm run serve` runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const BUILT_SERVER = resolve('dist-server/main.js');

export interface BuiltServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly process: ChildProcess;
  /** The plain lines printed for people (not JSON). */
  readonly plainLines: string[];
  /** The JSON log lines seen so far, counted by their `msg`, and by `level`. */
  readonly logCounts: Map<string, number>;
  /** The last JSON log lines (at most 2,000), parsed. */
  readonly recentLog: Record<string, unknown>[];
  stderr(): string;
  /** Stops it (SIGTERM) and resolves with its exit code. */
  stop(): Promise<number | null>;
}

export async function startBuiltServer(options: {
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<BuiltServer> {
  const child = spawn(process.execPath, [BUILT_SERVER, '--port', '0', ...(options.args ?? [])], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const plainLines: string[] = [];
  const logCounts = new Map<string, number>();
  const recentLog: Record<string, unknown>[] = [];
  let partial = '';
  let stderr = '';
  const onLine = (line: string) => {
    if (!line.startsWith('{')) {
      plainLines.push(line);
      return;
    }
    // Counted from the text: parsing 100,000 lines would cost the test more than the server.
    const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? '';
    const level = /"level":"([a-z]+)"/.exec(line)?.[1] ?? '';
    logCounts.set(msg, (logCounts.get(msg) ?? 0) + 1);
    logCounts.set(`level:${level}`, (logCounts.get(`level:${level}`) ?? 0) + 1);
    if (recentLog.length >= 2000) recentLog.shift();
    recentLog.push(JSON.parse(line) as Record<string, unknown>);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line) onLine(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${stderr}`)), 30_000);
    const check = () => {
      const line = plainLines.find((l) => l.includes('running at'));
      const found = line && /:(\d+)\//.exec(line)?.[1];
      if (!found) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolvePort(Number(found));
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}: ${stderr}`));
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    process: child,
    plainLines,
    logCounts,
    recentLog,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolveExit) => {
        if (child.exitCode !== null) return resolveExit(child.exitCode);
        child.once('exit', (code) => resolveExit(code));
        child.kill('SIGTERM');
      }),
  };
}
