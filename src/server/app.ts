/**
 * The Twinboard server as a library: one HTTP(S) server for the built app and the WebSocket
 * endpoint (/ws), over one SQLite room log. main.ts parses the command line and calls
 * `startTwinboardServer`; tests and the benchmark start it the same way. This file composes the
 * parts: the store, the rooms and the commit of each turn (connection.ts), the limits, the HTTP
 * routes and server (http.ts) and the WebSocket endpoint (sockets.ts, clientMessages.ts).
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
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ClientMessages } from './clientMessages.ts';
import { TurnCommits } from './connection.ts';
import type { RoomEngine } from './engine.ts';
import { createWebServer, routeRequests } from './http.ts';
import { AddressLimits, FailureLedger } from './limits.ts';
import { silentLogger, type Logger } from './log.ts';
import { Rooms } from './rooms.ts';
import { Sockets } from './sockets.ts';
import { staticHandler } from './static.ts';
import { recogniseEndpoint } from './recogniser/endpoint.ts';
import { UNAVAILABLE_RECOGNISER, type Recogniser } from './recogniser/index.ts';
import { openStore, type Expiry, type Store } from './store.ts';

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

/** Starts the server and resolves once it listens. */
export async function startTwinboardServer<S>(options: ServerOptions<S>): Promise<RunningTwinboard> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const store = openStore(options.dbPath, options.durability, logger);
  const turns = new TurnCommits(() => rooms.commit());
  const rooms: Rooms<S> = new Rooms<S>(store, options.engine, turns.queue, logger);
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

  const server = createWebServer(options.tls, httpRoutes(options, logger, now), logger);
  const messages = new ClientMessages<S>(rooms, store, options.engine, joinFailures, addresses);
  const sockets = new Sockets<S>(server, rooms, turns, messages, {
    now,
    logger,
    perSecond: options.messagesPerSecond ?? 20,
    burst: options.messageBurst ?? 60,
    addresses,
  });

  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    // Not listening (the port taken, the address not this machine's): nothing stays open.
    sockets.wss.close();
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
        clearInterval(sweep);
        sockets.close();
        server.close(() => {
          void store.close().then(resolve);
        });
      }),
  };
}

/** The HTTP routes: the recogniser's endpoint (a stand-in answering 503 when there is none) and the built app. */
function httpRoutes(options: ServerOptions<unknown>, logger: Logger, now: () => number) {
  const recognise = recogniseEndpoint({
    logger,
    recogniser: options.recogniser ?? UNAVAILABLE_RECOGNISER,
    now,
    ...(options.recognitionsPerSecond ? { perSecond: options.recognitionsPerSecond } : {}),
    ...(options.recognitionBurst ? { burst: options.recognitionBurst } : {}),
  });
  const files = options.staticRoot ? staticHandler(options.staticRoot) : null;
  return routeRequests({ recognise, files, logger });
}

/** Resolves once `server` listens on `port` and `host`; rejects if it cannot. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
