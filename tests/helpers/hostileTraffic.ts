/**
 * Hostile HTTP clients over raw sockets (node:net), for firing malformed requests at the real
 * server as fast as it answers: pipelined requests on kept-alive connections, one-shot requests
 * that end their connection, slow senders and clients that never read. Each reports the status
 * lines it got, so a test can say that nothing was a 5xx.
 */
import { connect, type Socket } from 'node:net';

/** A request as bytes, and whether it is a HEAD (whose answer has no body whatever it declares). */
export interface RawRequest {
  readonly bytes: Buffer;
  readonly head: boolean;
}

export function rawRequest(text: string): RawRequest {
  return { bytes: Buffer.from(text, 'latin1'), head: text.startsWith('HEAD ') };
}

/** Status code → how many answers had it ('closed': the connection ended without an answer). */
export type StatusCounts = Map<number | 'closed', number>;

function count(counts: StatusCounts, status: number | 'closed', n = 1): void {
  counts.set(status, (counts.get(status) ?? 0) + n);
}

function open(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    socket.setNoDelay(true);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Splits the answers to pipelined requests: each has a status line, headers with a
 * Content-Length, and that many body bytes (none for HEAD, 304 or 1xx).
 */
class AnswerReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly heads: boolean[] = [];

  expect(head: boolean): void {
    this.heads.push(head);
  }

  get waiting(): number {
    return this.heads.length;
  }

  /** Feeds bytes; returns the status codes of the answers they completed. */
  feed(chunk: Buffer): number[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const statuses: number[] = [];
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const headText = this.buffer.subarray(0, end).toString('latin1');
      const status = Number(headText.slice(9, 12));
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headText)?.[1] ?? 0);
      const head = this.heads[0] ?? false;
      const bodyBytes = head || status === 304 || status < 200 ? 0 : length;
      if (this.buffer.length < end + 4 + bodyBytes) break;
      this.buffer = this.buffer.subarray(end + 4 + bodyBytes);
      if (status >= 200) {
        this.heads.shift();
        statuses.push(status);
      }
    }
    return statuses;
  }
}

export interface PipelineOptions {
  readonly port: number;
  readonly localAddress: string;
  readonly connections: number;
  /** Requests written at once on a connection before waiting for their answers. */
  readonly batch: number;
  /** Total requests, spread over the connections. */
  readonly total: number;
}

/**
 * Sends `total` requests, cycling through `requests`, pipelined in batches on kept-alive
 * connections; every request must be answered on its connection (one that closes early fails).
 */
export async function pipelined(
  requests: readonly RawRequest[],
  options: PipelineOptions,
): Promise<StatusCounts> {
  const counts: StatusCounts = new Map();
  let next = 0;
  const take = (): RawRequest | null =>
    next < options.total ? (requests[next++ % requests.length] ?? null) : null;
  const worker = async () => {
    const socket = await open(options.port, options.localAddress);
    const reader = new AnswerReader();
    try {
      for (;;) {
        const batch: Buffer[] = [];
        for (let i = 0; i < options.batch; i++) {
          const request = take();
          if (!request) break;
          batch.push(request.bytes);
          reader.expect(request.head);
        }
        if (batch.length === 0) return;
        await new Promise<void>((resolve, reject) => {
          const onData = (chunk: Buffer) => {
            for (const status of reader.feed(chunk)) count(counts, status);
            if (reader.waiting === 0) finish();
          };
          const onClose = () =>
            finish(new Error(`a kept-alive connection closed with ${reader.waiting} answers missing`));
          const finish = (error?: Error) => {
            socket.off('data', onData);
            socket.off('close', onClose);
            socket.off('error', onClose);
            if (error) reject(error);
            else resolve();
          };
          socket.on('data', onData);
          socket.once('close', onClose);
          socket.once('error', onClose);
          socket.write(Buffer.concat(batch));
        });
      }
    } finally {
      socket.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  return counts;
}

/**
 * Sends each of `requests` on a connection of its own, `concurrency` at a time, ends the client's
 * side of it (so a half-sent request stays half-sent), and records the status the server answered
 * with (its first that is not 100 Continue; 'closed' if none) once the server closes the connection.
 */
export async function oneShots(
  requests: readonly Buffer[],
  options: { readonly port: number; readonly localAddress: string; readonly concurrency: number },
): Promise<StatusCounts> {
  const counts: StatusCounts = new Map();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests.length; i = next++) {
      const socket = await open(options.port, options.localAddress);
      const status = await new Promise<number | 'closed'>((resolve) => {
        let answer = '';
        socket.on('data', (chunk: Buffer) => {
          if (answer.length < 512) answer += chunk.toString('latin1', 0, 512);
        });
        const done = () => {
          const statuses = [...answer.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
          resolve(statuses.find((s) => s !== 100) ?? 'closed');
        };
        socket.once('close', done);
        socket.on('error', () => undefined);
        socket.end(requests[i] as Buffer);
      });
      socket.destroy();
      count(counts, status);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return counts;
}

/** Connections held open for as long as the test likes; `stop()` drops them all. */
export interface HeldConnections {
  /** Connections the server has closed so far. */
  closedByServer(): number;
  stop(): void;
}

/**
 * Slow senders: each opens a request and sends one more header byte every `everyMs` (a
 * slowloris), never finishing it.
 */
export async function slowSenders(
  port: number,
  localAddress: string,
  n: number,
  everyMs: number,
): Promise<HeldConnections> {
  let closed = 0;
  let stopped = false;
  const sockets = await Promise.all(Array.from({ length: n }, () => open(port, localAddress)));
  const timers = sockets.map((socket, i) => {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      if (!stopped) closed++;
    });
    socket.write(`GET /slow-${i} HTTP/1.1\r\nHost: x\r\nX-Slow: `);
    return setInterval(() => {
      if (!socket.destroyed) socket.write('a');
    }, everyMs);
  });
  return {
    closedByServer: () => closed,
    stop: () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Clients that ask for a large file and never read it: the server's writes to them back up. */
export async function nonReaders(
  port: number,
  localAddress: string,
  n: number,
  path: string,
): Promise<HeldConnections> {
  let closed = 0;
  let stopped = false;
  const sockets = await Promise.all(Array.from({ length: n }, () => open(port, localAddress)));
  for (const socket of sockets) {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      if (!stopped) closed++;
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(4));
    socket.pause();
  }
  return {
    closedByServer: () => closed,
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
