/**
 * The HTTP side of the server: each request's target read once and routed (/api/recognise, /ws
 * without an upgrade, other /api/ paths, else the built app), a fault in a handler answered as
 * that request's alone, and the HTTP(S) server whose timeouts bound slow clients and which answers
 * what Node's parser refuses as Node would, logged.
 */
import {
  STATUS_CODES,
  createServer as createHttpServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WS_PATH } from '../net/protocol.ts';
import { parseRequestTarget } from './httpRequest.ts';
import { logAccess, type Logger } from './log.ts';
import { RECOGNISE_PATH, type recogniseEndpoint } from './recogniser/endpoint.ts';
import { refuse as refuseRequest, type staticHandler } from './static.ts';

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

/** What the routes lead to. */
export interface Routes {
  /** The recogniser's endpoint (recogniser/endpoint.ts). */
  readonly recognise: ReturnType<typeof recogniseEndpoint>;
  /** The built app (static.ts); null when the server serves none. */
  readonly files: ReturnType<typeof staticHandler> | null;
  readonly logger: Logger;
}

/** The request handler: an access log line for each request, then its route. */
export function routeRequests({ recognise, files, logger }: Routes): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
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
}

/** The HTTP server, or HTTPS with `tls`, with its timeouts and its answer to what the parser refuses. */
export function createWebServer(
  tls: { readonly cert: Buffer; readonly key: Buffer } | undefined,
  handler: RequestListener,
  logger: Logger,
): Server {
  const timeouts = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // How often those timeouts are checked (Node's default, 30 s, would let a slow sender hold
    // its socket for 40 s).
    connectionsCheckingInterval: 2_000,
  };
  const server: Server = tls
    ? createHttpsServer({ cert: tls.cert, key: tls.key, ...timeouts }, handler)
    : createHttpServer(timeouts, handler);
  // A connection with nothing moving either way for this long (a client that stopped reading its
  // download) is closed; WebSocket connections are exempt (ws turns the timeout off).
  server.timeout = IDLE_SOCKET_MS;
  server.on('clientError', answerClientError(logger));
  return server;
}

/** Node's parser refused what a client sent: the status it gets (as Node's own default would). */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

/**
 * What Node's parser refuses (garbage, oversized headers, a smuggling attempt, a timeout) is
 * answered as Node would, and logged; a reset connection needs no answer.
 */
function answerClientError(logger: Logger) {
  return (error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Duplex): void => {
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
  };
}
