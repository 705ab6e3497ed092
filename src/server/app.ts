/**
 * The Twinboard server as a library: one HTTP(S) server for the built app and the WebSocket
 * endpoint (/ws), over one SQLite room log. main.ts parses the command line and calls
 * `startTwinboardServer`; tests and the benchmark start it the same way.
 *
 * Per connection: frames are size-checked, rate-limited and parsed before anything else;
 * join/resume failures are counted per IP; every refusal is an `error` reply that changes nothing.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  MAX_MESSAGE_BYTES,
  WS_PATH,
  encodeMessage,
  parseClientMessage,
  type ClientMessage,
  type ErrorCode,
  type Seat,
  type ServerMessage,
} from '../net/protocol.ts';
import { hashToken, makePairingCode, makeToken } from './codes.ts';
import type { RoomEngine } from './engine.ts';
import { FailureLedger, TokenBucket } from './limits.ts';
import { Room, Rooms, type Member } from './rooms.ts';
import { staticHandler } from './static.ts';
import { openStore, type SeatRow, type Store } from './store.ts';

export interface ServerOptions<S> {
  readonly engine: RoomEngine<S>;
  /** SQLite file (or `:memory:`). */
  readonly dbPath: string;
  readonly port: number;
  readonly host: string;
  /** Folder of the built app; omitted = WebSocket only. */
  readonly staticRoot?: string;
  /** TLS certificate and key (PEM) to serve https/wss, needed for voice input on the LAN. */
  readonly tls?: { readonly cert: Buffer; readonly key: Buffer };
  /** Messages per second per connection, and the burst allowed. */
  readonly messagesPerSecond?: number;
  readonly messageBurst?: number;
  /** Failed join/resume attempts allowed per IP per minute. */
  readonly joinFailuresPerMinute?: number;
  /** Server time; a parameter so tests can control it. */
  readonly now?: () => number;
}

export interface RunningTwinboard {
  readonly port: number;
  readonly store: Store;
  /** Rooms currently loaded in memory. */
  residentRooms(): number;
  close(): Promise<void>;
}

/** Frames above this are dropped by the socket layer itself; between 8 kB and this, we reply. */
const HARD_FRAME_LIMIT = 64 * 1024;
const ROOM_SPECTATOR_LIMIT = 32;

class Connection implements Member {
  room: Room<unknown> | null = null;
  seat: SeatRow | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
    readonly bucket: TokenBucket,
  ) {}

  send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(encodeMessage(message));
  }

  deliver(frame: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
  }

  presence(online: readonly Seat[]): void {
    this.send({ t: 'presence', online });
  }
}

function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Starts the server and resolves once it listens. */
export async function startTwinboardServer<S>(options: ServerOptions<S>): Promise<RunningTwinboard> {
  const now = options.now ?? Date.now;
  const store = openStore(options.dbPath);
  const rooms = new Rooms<S>(store, options.engine);
  const joinFailures = new FailureLedger(options.joinFailuresPerMinute ?? 10, 60_000);
  const perSecond = options.messagesPerSecond ?? 20;
  const burst = options.messageBurst ?? 60;

  const handler = options.staticRoot
    ? staticHandler(options.staticRoot)
    : (_req: IncomingMessage, res: import('node:http').ServerResponse) => {
        res.writeHead(404).end();
      };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handler)
    : createHttpServer(handler);
  const wss = new WebSocketServer({ server, path: WS_PATH, maxPayload: HARD_FRAME_LIMIT });

  const typedRoom = (c: Connection) => c.room as Room<S> | null;

  function refuse(c: Connection, code: ErrorCode, message: string, n?: number): void {
    c.send({ t: 'error', code, message, ...(n === undefined ? {} : { n }) });
  }

  function leave(c: Connection): void {
    const room = typedRoom(c);
    if (room) rooms.detach(room, c);
    c.room = null;
    c.seat = null;
  }

  function welcome(c: Connection, room: Room<S>, seat: SeatRow, after: number): void {
    leave(c);
    c.room = room as Room<unknown>;
    c.seat = seat;
    const entries = rooms.entriesFor(room, Math.min(after, room.lastSeq), seat.role);
    c.send({
      t: 'welcome',
      code: room.code,
      role: seat.role,
      config: room.config,
      createdAt: room.createdAt,
      n: rooms.lastCounter(room, seat),
      entries,
    });
    rooms.attach(room, c, seat);
  }

  function take(c: Connection, room: Room<S>, role: Seat, at: number): void {
    if (role === 'spectator' && room.members.size >= ROOM_SPECTATOR_LIMIT) {
      rooms.release(room);
      return refuse(c, 'seatRefused', 'This room is full.');
    }
    const token = makeToken();
    const seated = rooms.seat(room, role, hashToken(token), at);
    if (!seated.ok) {
      rooms.release(room);
      return refuse(c, seated.error.code, seated.error.message);
    }
    c.send({ t: 'seated', code: room.code, role, token });
    welcome(c, room, seated.value, 0);
  }

  function handle(c: Connection, m: ClientMessage, at: number): void {
    switch (m.t) {
      case 'ping':
        return c.send({ t: 'pong' });
      case 'create': {
        const config = options.engine.parseConfig(m.config);
        if (!config.ok) return refuse(c, config.error.code, config.error.message);
        // A collision among 16.7 million codes is rare; a few retries make it negligible.
        for (let i = 0; i < 8; i++) {
          const room = rooms.create(makePairingCode(), config.value, at);
          if (room) return take(c, room, m.role, at);
        }
        return refuse(c, 'serverError', 'Could not allocate a pairing code.');
      }
      case 'join':
      case 'resume': {
        if (!joinFailures.allowed(c.ip, at))
          return refuse(c, 'rateLimited', 'Too many failed attempts; wait a minute.');
        const room = rooms.load(m.code);
        if (!room) {
          joinFailures.fail(c.ip, at);
          return refuse(c, 'noSuchRoom', 'There is no game with that code.');
        }
        if (m.t === 'join') return take(c, room, m.role, at);
        const seat = store.seatByToken(room.code, hashToken(m.token));
        if (!seat) {
          joinFailures.fail(c.ip, at);
          rooms.release(room);
          return refuse(c, 'badToken', 'That token does not belong to this game.');
        }
        return welcome(c, room, seat, m.after);
      }
      case 'intent': {
        const room = typedRoom(c);
        if (!room || !c.seat) return refuse(c, 'notSeated', 'Join or resume a game first.', m.n);
        const result = rooms.submit(room, c.seat, m.n, m.intent, at);
        if (!result.ok) return refuse(c, result.error.code, result.error.message, m.n);
        return c.send({ t: 'ack', n: m.n, seq: result.value.seq });
      }
    }
  }

  wss.on('connection', (socket, req) => {
    const c = new Connection(socket, clientIp(req), new TokenBucket(perSecond, burst, now()));
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const at = now();
      try {
        if (!c.bucket.take(at)) return refuse(c, 'rateLimited', 'Too many messages; slow down.');
        const size = Array.isArray(data)
          ? data.reduce((s, b) => s + b.length, 0)
          : data instanceof ArrayBuffer
            ? data.byteLength
            : data.length;
        if (size > MAX_MESSAGE_BYTES)
          return refuse(c, 'tooLarge', `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`);
        if (isBinary) return refuse(c, 'badMessage', 'Messages are text.');
        const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
        const parsed = parseClientMessage(text);
        if (!parsed.ok) return refuse(c, parsed.error.code, parsed.error.message);
        handle(c, parsed.value, at);
      } catch (e) {
        console.error('twinboard: message failed', e);
        refuse(c, 'serverError', 'The server could not handle that message.');
      }
    });
    socket.on('close', () => leave(c));
    socket.on('error', () => leave(c));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    store,
    residentRooms: () => rooms.residentCount,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => {
          store.close();
          resolve();
        });
      }),
  };
}
