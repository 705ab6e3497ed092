/**
 * The Twinboard server as a library: one HTTP(S) server for the built app and the WebSocket
 * endpoint (/ws), over one SQLite room log. main.ts parses the command line and calls
 * `startTwinboardServer`; tests and the benchmark start it the same way.
 *
 * Per connection: frames are size-checked, rate-limited and parsed before anything else;
 * join/resume failures are counted per IP; every refusal is an `error` reply that changes nothing.
 * The intents accepted in one turn of the event loop are committed together right after it, or
 * within 2 ms in a long turn (Rooms.commit), and each connection's frames from a commit go out in
 * one write.
 *
 * Over HTTP: /api/recognise (recogniser/endpoint.ts), /ws (the WebSocket upgrade) and the built app
 * (static.ts). Nothing a client sends may throw out of a handler or stop the server: a malformed
 * request (one Node's parser refuses, or a handler's fault) is answered and logged, and is that
 * request's alone. Every request gets an access log line, every WebSocket one line when it opens
 * and one when it closes (log.ts).
 */
import {
  STATUS_CODES,
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  MAX_MESSAGE_BYTES,
  WS_PATH,
  encodeMessage,
  parseClientMessage,
  type ClientMessage,
  type ProtocolError,
  type Seat,
  type ServerMessage,
} from '../net/protocol.ts';
import { hashToken, makePairingCode, makeToken } from './codes.ts';
import { REFUSALS } from './refusals.ts';
import type { RoomEngine } from './engine.ts';
import { parseRequestTarget } from './httpRequest.ts';
import { AddressLimits, FailureLedger, TokenBucket } from './limits.ts';
import { logAccess, silentLogger, type Logger } from './log.ts';
import { Room, Rooms, isManager, type Member } from './rooms.ts';
import { refuse as refuseRequest, staticHandler } from './static.ts';
import { RECOGNISE_PATH, recogniseEndpoint } from './recogniser/endpoint.ts';
import type { Recogniser } from './recogniser/index.ts';
import { openStore, type Expiry, type SeatRow, type Store } from './store.ts';

export interface ServerOptions<S> {
  readonly engine: RoomEngine<S>;
  /** SQLite file (or `:memory:`). */
  readonly dbPath: string;
  /** `full` fsyncs every commit (survives a power cut); `normal` survives a killed process. */
  readonly durability?: 'normal' | 'full';
  readonly port: number;
  readonly host: string;
  /** Folder of the built app; omitted = WebSocket only. */
  readonly staticRoot?: string;
  /** TLS certificate and key (PEM) to serve https/wss, needed for voice input on the LAN. */
  readonly tls?: { readonly cert: Buffer; readonly key: Buffer };
  /** Messages per second per connection, and the burst allowed. */
  readonly messagesPerSecond?: number;
  readonly messageBurst?: number;
  /** Failed join/resume attempts allowed per IP in a window (default 10 a minute). */
  readonly joinFailuresPerMinute?: number;
  readonly joinFailureWindowMs?: number;
  /** Open connections per address (default 32). */
  readonly connectionsPerAddress?: number;
  /** Rooms one address may create at once (default 10) and per hour after that (default 60). */
  readonly roomBurst?: number;
  readonly roomsPerHour?: number;
  /** How long finished and idle rooms are kept (defaults in DEFAULT_EXPIRY). */
  readonly expiry?: Partial<Expiry>;
  /** Server time; a parameter so tests can control it. */
  readonly now?: () => number;
  /** The speech recogniser behind POST /api/recognise (issue 25); omitted = none (503). */
  readonly recogniser?: Recogniser;
  /** Recognitions per second per address, and the burst allowed (default 1 a second, 10 at once). */
  readonly recognitionsPerSecond?: number;
  readonly recognitionBurst?: number;
  /** Where the access log and faults go (log.ts); silent by default. */
  readonly logger?: Logger;
}

/** Finished games are kept a day after their last entry, any room 30 days after its last entry. */
export const DEFAULT_EXPIRY: Expiry = { finishedMs: 24 * 3_600_000, idleMs: 30 * 24 * 3_600_000 };

export interface RunningTwinboard {
  readonly port: number;
  readonly store: Store;
  /** Rooms currently loaded in memory. */
  residentRooms(): number;
  /** Deletes the rooms past their time now (it also runs by itself); returns their codes. */
  expireRooms(): string[];
  close(): Promise<void>;
}

/** Frames above this are dropped by the socket layer itself; between 8 kB and this, we reply. */
const HARD_FRAME_LIMIT = 64 * 1024;
const ROOM_SPECTATOR_LIMIT = 32;
/** Close codes: the seat moved to another connection, or the creator removed it. */
const CLOSE_TAKEN_OVER = 4001;
const CLOSE_REMOVED = 4002;
const CLOSE_TOO_MANY = 4003;
/** The standard close code for a server fault; the client reconnects and resumes. */
const CLOSE_SERVER_ERROR = 1011;
/** A connection that sends this many frames after being told to wait is cut off, and its address
 * refused for FLOOD_BAN_MS: reading a flood costs the server more than anything it does (issue 14). */
const FLOOD_TOLERANCE = 100;
const FLOOD_BAN_MS = 30_000;
/** An accepted intent waits at most this long for the end of the loop's turn to be committed. */
const COMMIT_WITHIN_MS = 2;
/**
 * A client has this long to send a request's headers, and the whole request (Node's defaults are
 * 60 s and 5 min): slow clients hold a socket each, and no request of Twinboard's takes longer
 * (the largest, a 15-second recording, is 480 kB).
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const IDLE_SOCKET_MS = 120_000;
/** The path's segments of the recogniser's endpoint and of the WebSocket. */
const RECOGNISE_SEGMENTS = RECOGNISE_PATH.split('/').filter(Boolean).join('/');
const WS_SEGMENTS = WS_PATH.split('/').filter(Boolean).join('/');

/** Connections written to during a commit: corked until it is over, so each gets one write. */
interface Corks {
  held: Set<Connection> | null;
}

class Connection implements Member {
  room: Room<unknown> | null = null;
  seat: SeatRow | null = null;
  /** Until then, frames beyond the rate are dropped unanswered (the client was told when to retry). */
  quietUntil = 0;
  /** Frames dropped since the client was told to wait; too many and it is cut off. */
  dropped = 0;

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket under the WebSocket (the upgrade request's). */
    readonly tcp: Socket,
    readonly ip: string,
    readonly bucket: TokenBucket,
    private readonly corks: Corks,
  ) {}

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(message: ServerMessage): void {
    this.deliver(encodeMessage(message));
  }

  deliver(frame: string): void {
    if (!this.open) return;
    const held = this.corks.held;
    if (held && !held.has(this)) {
      this.tcp.cork();
      held.add(this);
    }
    this.socket.send(frame);
  }

  drop(): void {
    this.room = null;
    this.seat = null;
    this.socket.close(CLOSE_SERVER_ERROR, 'resume from the log');
  }
}

function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Node's parser refused what a client sent: the status it gets (as Node's own default would). */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

/** Starts the server and resolves once it listens. */
export async function startTwinboardServer<S>(options: ServerOptions<S>): Promise<RunningTwinboard> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const store = openStore(options.dbPath, options.durability, logger);
  const corks: Corks = { held: null };
  let commitQueued = false;
  /** Commits what this turn of the event loop accepted; each connection gets its frames in one write. */
  const commitTurn = () => {
    commitQueued = false;
    const held = new Set<Connection>();
    corks.held = held;
    try {
      rooms.commit();
    } finally {
      corks.held = null;
      for (const c of held) c.tcp.uncork();
    }
  };
  const rooms: Rooms<S> = new Rooms<S>(
    store,
    options.engine,
    () => {
      if (commitQueued) return;
      commitQueued = true;
      setImmediate(commitTurn);
    },
    logger,
  );
  const joinFailures = new FailureLedger(
    options.joinFailuresPerMinute ?? 10,
    options.joinFailureWindowMs ?? 60_000,
  );
  const addresses = new AddressLimits({
    connections: options.connectionsPerAddress ?? 32,
    roomBurst: options.roomBurst ?? 10,
    roomsPerHour: options.roomsPerHour ?? 60,
  });
  const expiry: Expiry = { ...DEFAULT_EXPIRY, ...options.expiry };
  const perSecond = options.messagesPerSecond ?? 20;
  const burst = options.messageBurst ?? 60;

  const files = options.staticRoot ? staticHandler(options.staticRoot) : null;
  const recognise = recogniseEndpoint({
    logger,
    recogniser: options.recogniser ?? {
      available: false,
      recognise: () => Promise.reject(new Error('unavailable')),
      warm: () => undefined,
      close: () => undefined,
    },
    now,
    ...(options.recognitionsPerSecond ? { perSecond: options.recognitionsPerSecond } : {}),
    ...(options.recognitionBurst ? { burst: options.recognitionBurst } : {}),
  });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    logAccess(logger, req, res);
    try {
      const target = parseRequestTarget(req.url);
      const path = target.ok ? target.value.segments.join('/') : null;
      if (target.ok && path === RECOGNISE_SEGMENTS) recognise(req, res, target.value.query);
      else if (path === WS_SEGMENTS)
        refuseRequest(req, res, 426, 'not-upgrade', 'This address takes WebSocket connections only.');
      else if (target.ok && target.value.segments[0] === 'api')
        refuseRequest(req, res, 404, 'no-such-api', 'Not found.');
      else if (files) files(req, res, target);
      else refuseRequest(req, res, 404, 'no-app', 'Not found: this server serves no app.');
    } catch (error) {
      // Nothing a client sends may stop the server: a fault in a handler is this request's alone.
      logger.error({ err: error, method: req.method, path: req.url?.slice(0, 200) }, 'request failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', connection: 'close' });
      res.end();
    }
  };
  const timeouts = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // How often those timeouts are checked (Node's default, 30 s, would let a slow sender hold
    // its socket for 40 s).
    connectionsCheckingInterval: 2_000,
  };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key, ...timeouts }, handler)
    : createHttpServer(timeouts, handler);
  // A connection with nothing moving either way for this long (a client that stopped reading its
  // download) is closed; WebSocket connections are exempt (ws turns the timeout off).
  server.timeout = IDLE_SOCKET_MS;
  // What Node's parser refuses (garbage, oversized headers, a smuggling attempt, a timeout) is
  // answered as Node would, and logged; a reset connection needs no answer.
  server.on('clientError', (error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Duplex) => {
    const code = error.code;
    if (code === 'ECONNRESET' || code === 'EPIPE' || !socket.writable) {
      logger.debug({ code, address: (socket as Socket).remoteAddress }, 'http connection dropped');
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(code);
    logger.warn(
      { status, code, address: (socket as Socket).remoteAddress },
      'http request refused by the parser',
    );
    // A response already on its way cannot be followed by another.
    const inProgress = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    // A client that does not read its answer is not waited for.
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  const wss = new WebSocketServer({
    server,
    path: WS_PATH,
    maxPayload: HARD_FRAME_LIMIT,
    // Frames are small JSON; compressing them would cost more CPU than it saves on a LAN.
    perMessageDeflate: false,
    // An address cut off for flooding is refused before the WebSocket handshake, which costs little.
    verifyClient: (info, done) => {
      const wait = addresses.bannedFor(info.req.socket.remoteAddress ?? 'unknown', now());
      if (wait === 0) return done(true);
      logger.warn({ address: info.req.socket.remoteAddress, waitMs: wait }, 'ws refused: flooding');
      done(false, 429, 'Too Many Requests', { 'Retry-After': String(Math.ceil(wait / 1000)) });
    },
  });
  // Errors of the listening socket after it listens (e.g. out of file descriptors while accepting)
  // are reported on the server and again on the WebSocket server: logged, never thrown.
  wss.on('error', (error) => logger.error({ err: error }, 'websocket server error'));

  const typedRoom = (c: Connection) => c.room as Room<S> | null;

  /** A refusal as its code (and case) for the client to word; the message is for the log. */
  function refuse(c: Connection, failure: ProtocolError, n?: number): void {
    c.send({ t: 'error', ...failure, ...(n === undefined ? {} : { n }) });
  }

  function rateLimited(c: Connection, failure: ProtocolError, retryAfterMs: number): void {
    c.send({ t: 'error', ...failure, retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)) });
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
    // A second connection on the same seat takes it over, saying so to both (issue 14); one
    // already closing (a reload) is let go without a word.
    const replaced = rooms.attach(room, c, seat) as Connection[];
    let tookOver = false;
    for (const old of replaced) {
      old.room = null;
      old.seat = null;
      if (!old.open) continue;
      tookOver = true;
      old.send({ t: 'takeover', role: seat.role, here: false });
      old.socket.close(CLOSE_TAKEN_OVER, 'seat taken over');
    }
    if (tookOver) c.send({ t: 'takeover', role: seat.role, here: true });
  }

  /** Seats `c` in `room` as `role`: as its creator, or joining with an invitation code or none. */
  function take(
    c: Connection,
    room: Room<S>,
    role: Seat,
    at: number,
    by: { readonly creator: true } | { readonly creator: false; readonly invite: string | null },
  ): void {
    if (role === 'spectator' && room.members.size >= ROOM_SPECTATOR_LIMIT) {
      rooms.release(room);
      return refuse(c, REFUSALS.roomFull);
    }
    const token = makeToken();
    const seated = rooms.seat(
      room,
      role,
      hashToken(token),
      at,
      by.creator ? by : { creator: false, inviteHash: by.invite === null ? null : hashToken(by.invite) },
    );
    if (!seated.ok) {
      // A wrong invitation is a guess like a wrong code: it counts against the address.
      if (seated.error.code === 'inviteNeeded' && !by.creator && by.invite !== null)
        joinFailures.fail(c.ip, at);
      rooms.release(room);
      return refuse(c, seated.error);
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
        if (!config.ok) return refuse(c, config.error);
        const wait = addresses.createRoom(c.ip, at);
        if (wait > 0) return rateLimited(c, REFUSALS.tooManyRooms, wait);
        // A collision among 16.7 million codes is rare; a few retries make it negligible.
        for (let i = 0; i < 8; i++) {
          const room = rooms.create(makePairingCode(), config.value, at);
          if (room) return take(c, room, m.role, at, { creator: true });
        }
        return refuse(c, REFUSALS.noPairingCode);
      }
      case 'join':
      case 'resume': {
        if (!joinFailures.allowed(c.ip, at))
          return rateLimited(c, REFUSALS.tooManyFailures, joinFailures.retryAfter(c.ip, at));
        const room = rooms.load(m.code);
        if (!room) {
          joinFailures.fail(c.ip, at);
          return refuse(c, REFUSALS.noSuchRoom);
        }
        if (m.t === 'join') return take(c, room, m.role, at, { creator: false, invite: m.invite ?? null });
        const seat = store.seatByToken(room.code, hashToken(m.token));
        if (!seat) {
          joinFailures.fail(c.ip, at);
          rooms.release(room);
          return refuse(c, REFUSALS.badToken);
        }
        return welcome(c, room, seat, m.after);
      }
      case 'intent': {
        const room = typedRoom(c);
        if (!room || !c.seat) return refuse(c, REFUSALS.notSeated, m.n);
        // Acknowledged by the commit, once the intent is in the log.
        const result = rooms.submit(room, c.seat, m.n, m.intent, at, c);
        if (!result.ok) return refuse(c, result.error, m.n);
        return;
      }
      case 'invite': {
        const room = typedRoom(c);
        if (!room || !c.seat) return refuse(c, REFUSALS.notSeated);
        if (!isManager(c.seat)) return refuse(c, REFUSALS.notManager);
        const invite = makePairingCode();
        store.putInvitation(room.code, m.role, hashToken(invite), at);
        return c.send({ t: 'invitation', role: m.role, invite });
      }
      case 'removeSeat': {
        const room = typedRoom(c);
        if (!room || !c.seat) return refuse(c, REFUSALS.notSeated);
        if (!c.seat.creator) return refuse(c, REFUSALS.notCreator);
        if (m.seat === c.seat.id) return refuse(c, REFUSALS.ownSeat);
        for (const gone of rooms.removeSeat(room, m.seat, at) as Connection[]) {
          gone.room = null;
          gone.seat = null;
          gone.send({ t: 'error', ...REFUSALS.seatRemoved });
          gone.socket.close(CLOSE_REMOVED, 'seat removed');
        }
        // The creator hears the new seat list (also when the seat was already gone).
        return c.send({ t: 'seats', seats: rooms.seatsOf(room) });
      }
    }
  }

  wss.on('connection', (socket, req) => {
    const ip = clientIp(req);
    const opened = performance.now();
    const c = new Connection(socket, req.socket, ip, new TokenBucket(perSecond, burst, now()), corks);
    if (!addresses.connect(ip)) {
      logger.warn({ address: ip }, 'ws refused: too many connections');
      rateLimited(c, REFUSALS.tooManyConnections, 5000);
      socket.close(CLOSE_TOO_MANY, 'too many connections');
      return;
    }
    logger.info({ address: ip }, 'ws open');
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const at = now();
      // A long turn (a flood being read) does not hold back what was accepted early in it.
      if (at - rooms.pendingSince >= COMMIT_WITHIN_MS) commitTurn();
      try {
        if (!c.bucket.take(at)) {
          // Answer once, then stop reading until the client may send again: a flooding
          // connection costs the server next to nothing (issue 14).
          if (at < c.quietUntil) {
            if (++c.dropped > FLOOD_TOLERANCE) {
              addresses.ban(ip, at + FLOOD_BAN_MS);
              socket.terminate();
            }
            return;
          }
          const wait = c.bucket.retryAfter(at);
          c.quietUntil = at + wait;
          c.dropped = 0;
          rateLimited(c, REFUSALS.tooManyMessages, wait);
          socket.pause();
          setTimeout(() => socket.resume(), wait).unref();
          return;
        }
        const size = Array.isArray(data)
          ? data.reduce((s, b) => s + b.length, 0)
          : data instanceof ArrayBuffer
            ? data.byteLength
            : data.length;
        if (size > MAX_MESSAGE_BYTES)
          return refuse(c, {
            code: 'tooLarge',
            message: `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`,
          });
        if (isBinary) return refuse(c, REFUSALS.binary);
        const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
        const parsed = parseClientMessage(text);
        if (!parsed.ok) return refuse(c, parsed.error);
        handle(c, parsed.value, at);
      } catch (e) {
        logger.error({ err: e, address: ip }, 'message failed');
        refuse(c, REFUSALS.serverError);
      }
    });
    socket.on('close', (code: number) => {
      addresses.disconnect(ip);
      logger.info({ address: ip, code, ms: Math.round(performance.now() - opened) }, 'ws close');
      // Sockets terminated by close() report after the store is shut: nobody is left to tell.
      if (!closing) leave(c);
    });
    socket.on('error', () => {
      if (!closing) leave(c);
    });
  });

  let closing = false;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Not listening (the port taken, the address not this machine's): nothing stays open.
    wss.close();
    await store.close();
    throw error;
  }
  server.on('error', (error) => logger.error({ err: error }, 'http server error'));
  const port = (server.address() as AddressInfo).port;

  const expireRooms = () => {
    rooms.commit();
    return store.expire(now(), expiry, (code) => rooms.isLoaded(code));
  };
  expireRooms();
  const sweep = setInterval(expireRooms, Math.min(expiry.finishedMs / 4, 10 * 60_000));
  sweep.unref();

  return {
    port,
    store,
    residentRooms: () => rooms.residentCount,
    expireRooms,
    close: () =>
      new Promise<void>((resolve) => {
        // What was accepted is logged before the sockets go.
        rooms.commit();
        closing = true;
        clearInterval(sweep);
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => {
          void store.close().then(resolve);
        });
      }),
  };
}
