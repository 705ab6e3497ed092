// Test helpers: the real server in-process for a test file, a raw WebSocket client that records
// every frame the server sends (for driving it with hand-made and malformed frames), and seats at a
// table that send intents in order and fold the room like a screen.
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import {
  INVITED_SEATS,
  parseServerMessage,
  type InvitedSeat,
  type LogEntry,
  type ServerMessage,
} from '../../src/net/protocol.ts';
import { foldRoom, openRoom, type RoomView } from '../../src/session/room.ts';
import { startTwinboardServer, type RunningTwinboard, type ServerOptions } from '../../src/server/app.ts';
import { matchEngine } from '../../src/server/matchEngine.ts';

/** The in-process server of a test file and its WebSocket address; read them inside tests. */
export interface TestServer {
  readonly server: RunningTwinboard;
  /** `ws://127.0.0.1:<port>/ws` */
  readonly url: string;
}

/**
 * What a test file may change of the server it runs against. The defaults: `:memory:`, and the
 * per-address limits raised, since every test client comes from 127.0.0.1 (they have their own tests).
 */
export type TestServerOptions = Partial<
  Pick<
    ServerOptions<unknown>,
    | 'dbPath'
    | 'messagesPerSecond'
    | 'messageBurst'
    | 'joinFailuresPerMinute'
    | 'connectionsPerAddress'
    | 'roomBurst'
    | 'expiry'
    | 'now'
  >
>;

/**
 * Registers `beforeAll`/`afterAll` hooks that start the real Twinboard server in-process (match
 * engine, real SQLite and WebSockets, a free loopback port) and close it after the file's tests;
 * `beforeClose` runs first (closing the file's own clients). Call it once at the top level of a test file.
 */
export function withTestServer(options: TestServerOptions = {}, beforeClose?: () => unknown): TestServer {
  let server: RunningTwinboard | undefined;
  beforeAll(async () => {
    server = await startTwinboardServer({
      engine: matchEngine,
      dbPath: ':memory:',
      port: 0,
      host: '127.0.0.1',
      connectionsPerAddress: 10_000,
      roomBurst: 10_000,
      ...options,
    });
  });
  afterAll(async () => {
    await beforeClose?.();
    await server?.close();
  });
  const running = (): RunningTwinboard => {
    if (!server) throw new Error('withTestServer: the server is read before beforeAll ran');
    return server;
  };
  return {
    get server() {
      return running();
    },
    get url() {
      return `ws://127.0.0.1:${running().port}/ws`;
    },
  };
}

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

/** One seat at the table: sends intents in order and folds the room like a screen. */
export interface TableSeat {
  readonly wire: Wire;
  readonly role: string;
  readonly token: string;
  readonly code: string;
  /** Sends an intent; resolves to 'ok' or the error code. */
  act(intent: Record<string, unknown>): Promise<string>;
  /** The room as this seat's screen folds it from what it received (welcome replays and live entries). */
  view(): RoomView;
}

/** The seat a wire holds once the server has sent it `seated` and then `welcome`. */
export function tableSeat(
  wire: Wire,
  seated: Extract<ServerMessage, { t: 'seated' }>,
  welcome: Extract<ServerMessage, { t: 'welcome' }>,
): TableSeat {
  let n = welcome.n;
  return {
    wire,
    role: welcome.role,
    token: seated.token,
    code: seated.code,
    async act(intent) {
      n += 1;
      const mine = n;
      const from = wire.received.length;
      wire.send({ t: 'intent', n: mine, intent });
      for (;;) {
        const reply = wire.received
          .slice(from)
          .find((m) => (m.t === 'ack' || m.t === 'error') && 'n' in m && m.n === mine);
        if (reply?.t === 'ack') return 'ok';
        if (reply?.t === 'error') {
          n -= 1;
          return reply.code;
        }
        await wire.count(wire.received.length + 1).catch(() => undefined);
      }
    },
    view() {
      const entries: LogEntry[] = [];
      for (const m of wire.received) {
        if (m.t === 'welcome') entries.push(...m.entries);
        if (m.t === 'entry') entries.push(m.entry);
      }
      const v = openRoom(welcome.code, welcome.role, welcome.config);
      if (!v) throw new Error('bad room');
      return foldRoom(v, entries);
    },
  };
}

/**
 * A room on the server at `url` with the given configuration and the seats taken in order (the
 * first creates it, and invites the assistants and the arbiter); each wire is also pushed to
 * `opened`, for the file to close.
 */
export async function seatRoom(
  url: string,
  config: Record<string, unknown>,
  roles: readonly string[],
  opened: Wire[],
): Promise<TableSeat[]> {
  const seats: TableSeat[] = [];
  let code = '';
  for (const role of roles) {
    const w = await openWire(url);
    opened.push(w);
    const creator = seats[0];
    const invite =
      creator && (INVITED_SEATS as readonly string[]).includes(role)
        ? await invitation(creator.wire, role as InvitedSeat)
        : undefined;
    w.send(code ? { t: 'join', code, role, ...(invite ? { invite } : {}) } : { t: 'create', role, config });
    const seated = await w.next('seated');
    code = seated.code;
    seats.push(tableSeat(w, seated, await w.next('welcome')));
  }
  return seats;
}

/**
 * Resolves once every seat still connected has received its room's log up to the last entry the
 * server holds: what a screen needs before the test reads it (acknowledgements follow the commit, so
 * the log holds every acknowledged intent).
 */
export async function delivered(server: RunningTwinboard, seats: readonly TableSeat[]): Promise<void> {
  for (const seat of seats) {
    const last = server.store.entries(seat.code, 0).at(-1)?.seq ?? 0;
    const has = () =>
      seat.wire.received.some(
        (m) =>
          (m.t === 'entry' && m.entry.seq >= last) ||
          (m.t === 'welcome' && m.entries.some((e) => e.seq >= last)),
      );
    while (seat.wire.socket.readyState === WebSocket.OPEN && last > 0 && !has())
      await seat.wire.count(seat.wire.received.length + 1);
  }
}

/** Asks for an invitation code for `role` on a seated manager's wire. */
export async function invitation(manager: Wire, role: InvitedSeat): Promise<string> {
  manager.send({ t: 'invite', role });
  const answer = await manager.next('invitation');
  if (answer.role !== role) throw new Error(`invitation for ${answer.role}, not ${role}`);
  return answer.invite;
}
