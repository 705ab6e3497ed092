/**
 * The WebSocket endpoint (/ws): the upgrade (an address cut off for flooding is refused before the
 * handshake), each connection's open and close (one log line each, the connections per address
 * counted), and each frame, rate-limited, size-checked and parsed before clientMessages.ts does
 * what it asks. A flooding connection is answered once, then not read until it may send again.
 */
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type RawData, type VerifyClientCallbackAsync, type WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES, WS_PATH, parseClientMessage } from '../net/protocol.ts';
import type { ClientMessages } from './clientMessages.ts';
import { CLOSE_TOO_MANY, Connection, rateLimited, refuse, type TurnCommits } from './connection.ts';
import { TokenBucket, type AddressLimits } from './limits.ts';
import type { Logger } from './log.ts';
import { REFUSALS } from './refusals.ts';
import type { Rooms } from './rooms.ts';

/** Frames above this are dropped by the socket layer itself; between 8 kB and this, we reply. */
const HARD_FRAME_LIMIT = 64 * 1024;
/** A connection that sends this many frames after being told to wait is cut off, and its address
 * refused for FLOOD_BAN_MS: reading a flood costs the server more than anything it does (issue 14). */
const FLOOD_TOLERANCE = 100;
const FLOOD_BAN_MS = 30_000;
/** An accepted intent waits at most this long for the end of the loop's turn to be committed. */
const COMMIT_WITHIN_MS = 2;

export interface SocketOptions {
  readonly now: () => number;
  readonly logger: Logger;
  /** Messages per second per connection, and the burst allowed. */
  readonly perSecond: number;
  readonly burst: number;
  /** Open connections, created rooms and flood bans per address. */
  readonly addresses: AddressLimits;
}

function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** A frame's size in bytes, whichever form ws gives it in. */
function frameSize(data: RawData): number {
  return Array.isArray(data)
    ? data.reduce((s, b) => s + b.length, 0)
    : data instanceof ArrayBuffer
      ? data.byteLength
      : data.length;
}

/** The WebSocket server on `server`'s /ws and its connections. */
export class Sockets<S> {
  readonly wss: WebSocketServer;
  /** Set by `close`: sockets terminated then report after the store is shut. */
  private closing = false;

  constructor(
    server: Server,
    private readonly rooms: Rooms<S>,
    private readonly turns: TurnCommits,
    private readonly messages: ClientMessages<S>,
    private readonly options: SocketOptions,
  ) {
    this.wss = new WebSocketServer({
      server,
      path: WS_PATH,
      maxPayload: HARD_FRAME_LIMIT,
      // Frames are small JSON; compressing them would cost more CPU than it saves on a LAN.
      perMessageDeflate: false,
      // An address cut off for flooding is refused before the WebSocket handshake, which costs little.
      verifyClient: this.verify,
    });
    // Errors of the listening socket after it listens (e.g. out of file descriptors while accepting)
    // are reported on the server and again on the WebSocket server: logged, never thrown.
    this.wss.on('error', (error) => options.logger.error({ err: error }, 'websocket server error'));
    this.wss.on('connection', (socket, req) => this.open(socket, req));
  }

  /** Ends every connection and stops taking new ones. */
  close(): void {
    this.closing = true;
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  /** The upgrade: refused (429) while the address is banned for flooding. */
  private readonly verify: VerifyClientCallbackAsync = (info, done) => {
    const { addresses, logger, now } = this.options;
    const wait = addresses.bannedFor(info.req.socket.remoteAddress ?? 'unknown', now());
    if (wait === 0) return done(true);
    logger.warn({ address: info.req.socket.remoteAddress, waitMs: wait }, 'ws refused: flooding');
    done(false, 429, 'Too Many Requests', { 'Retry-After': String(Math.ceil(wait / 1000)) });
  };

  /** A new connection: counted against its address (too many are closed at once), then read. */
  private open(socket: WebSocket, req: IncomingMessage): void {
    const { addresses, logger, now, perSecond, burst } = this.options;
    const ip = clientIp(req);
    const opened = performance.now();
    const bucket = new TokenBucket(perSecond, burst, now());
    const c = new Connection(socket, req.socket, ip, bucket, this.turns.corks);
    if (!addresses.connect(ip)) {
      logger.warn({ address: ip }, 'ws refused: too many connections');
      rateLimited(c, REFUSALS.tooManyConnections, 5000);
      socket.close(CLOSE_TOO_MANY, 'too many connections');
      return;
    }
    logger.info({ address: ip }, 'ws open');
    socket.on('message', (data: RawData, isBinary: boolean) => this.receive(c, data, isBinary));
    socket.on('close', (code: number) => {
      addresses.disconnect(ip);
      logger.info({ address: ip, code, ms: Math.round(performance.now() - opened) }, 'ws close');
      // Sockets terminated by close() report after the store is shut: nobody is left to tell.
      if (!this.closing) this.messages.leave(c);
    });
    socket.on('error', () => {
      if (!this.closing) this.messages.leave(c);
    });
  }

  /** One frame: within the rate, small enough, text, and a client message, or refused. */
  private receive(c: Connection, data: RawData, isBinary: boolean): void {
    const at = this.options.now();
    // A long turn (a flood being read) does not hold back what was accepted early in it.
    if (at - this.rooms.pendingSince >= COMMIT_WITHIN_MS) this.turns.commitNow();
    try {
      if (!c.bucket.take(at)) return this.overRate(c, at);
      if (frameSize(data) > MAX_MESSAGE_BYTES)
        return refuse(c, {
          code: 'tooLarge',
          message: `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`,
        });
      if (isBinary) return refuse(c, REFUSALS.binary);
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
      const parsed = parseClientMessage(text);
      if (!parsed.ok) return refuse(c, parsed.error);
      this.messages.handle(c, parsed.value, at);
    } catch (e) {
      this.options.logger.error({ err: e, address: c.ip }, 'message failed');
      refuse(c, REFUSALS.serverError);
    }
  }

  /**
   * A frame beyond the rate. Answer once, then stop reading until the client may send again: a
   * flooding connection costs the server next to nothing (issue 14).
   */
  private overRate(c: Connection, at: number): void {
    if (at < c.quietUntil) {
      if (++c.dropped > FLOOD_TOLERANCE) {
        this.options.addresses.ban(c.ip, at + FLOOD_BAN_MS);
        c.socket.terminate();
      }
      return;
    }
    const wait = c.bucket.retryAfter(at);
    c.quietUntil = at + wait;
    c.dropped = 0;
    rateLimited(c, REFUSALS.tooManyMessages, wait);
    c.socket.pause();
    setTimeout(() => c.socket.resume(), wait).unref();
  }
}
