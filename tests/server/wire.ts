// Test helper: a raw WebSocket client that records every frame the server sends, for driving the
// real server with hand-made (and malformed) frames.
import WebSocket from 'ws';
import { parseServerMessage, type ServerMessage } from '../../src/net/protocol.ts';

export interface Wire {
  readonly socket: WebSocket;
  readonly received: ServerMessage[];
  send(message: unknown): void;
  sendRaw(text: string | Buffer): void;
  /** Resolves with the earliest received message of type `t` not returned before. */
  next<T extends ServerMessage['t']>(t: T, timeoutMs?: number): Promise<Extract<ServerMessage, { t: T }>>;
  /** Resolves once `count` messages have arrived in total. */
  count(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function openWire(url: string): Promise<Wire> {
  const socket = new WebSocket(url);
  const received: ServerMessage[] = [];
  const consumed = new Set<number>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const parsed = parseServerMessage(data.toString());
    if (!parsed.ok) throw new Error(`server sent an unparseable frame: ${data.toString()}`);
    received.push(parsed.value);
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });
  return {
    socket,
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (text) => socket.send(text),
    async next(t, timeoutMs = 5000) {
      let index = -1;
      await waitFor(
        () => {
          index = received.findIndex((m, i) => m.t === t && !consumed.has(i));
          return index >= 0;
        },
        timeoutMs,
        t,
      );
      consumed.add(index);
      return received[index] as Extract<ServerMessage, { t: typeof t }>;
    },
    count: (n, timeoutMs = 10_000) => waitFor(() => received.length >= n, timeoutMs, `${n} messages`),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}
