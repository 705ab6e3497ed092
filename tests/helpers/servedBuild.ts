/**
 * A built app served over HTTP for the offline tests (issue 26): the server's own static handler on
 * a fixed port, a folder that can be swapped for another build (a new version at the same address),
 * the server stopped and started again (offline and back), and a log of every request with the
 * bytes of the body sent for it. A file that is not there is a 404, as on any static host (the
 * static handler answers index.html for every unknown path).
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { staticHandler } from '../../src/server/static.ts';

export interface ServedRequest {
  readonly path: string;
  readonly status: number;
  /** Bytes of the response body. */
  readonly bytes: number;
}

export interface ServedBuild {
  readonly url: string;
  /** Every request since the start or the last `clearLog`, in order of their ends. */
  readonly log: readonly ServedRequest[];
  clearLog(): void;
  /** Serves another build folder from now on. */
  serve(root: string): void;
  /** Stops answering: the browser finds no server. */
  stop(): Promise<void>;
  /** Answers again, on the same port. */
  start(): Promise<void>;
}

export async function serveBuild(root: string): Promise<ServedBuild> {
  let folder = root;
  let handler = staticHandler(root);
  const log: ServedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let bytes = 0;
    const count = (chunk: unknown) => {
      if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => (count(args[0]), write(...args))) as typeof res.write;
    res.end = ((...args: unknown[]) => (
      typeof args[0] !== 'function' && count(args[0]),
      end(...args)
    )) as typeof res.end;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.on('finish', () => log.push({ path, status: res.statusCode, bytes }));
    if (extname(path) && !existsSync(join(folder, decodeURIComponent(path))))
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    else handler(req, res);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    log,
    clearLog: () => void log.splice(0),
    serve: (next) => {
      folder = next;
      handler = staticHandler(next);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    start: () => listen(port),
  };
}
