/**
 * The server's logs: pino, one JSON object per line on stdout, with a level and an ISO time, and
 * the access log (one line per HTTP request, written when its response is over). Modules take a
 * `Logger` as an option; `silentLogger` is their default, so tests stay quiet unless they listen.
 * Nothing is logged per WebSocket frame: the relay's hot path stays free of it (bench:server).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/** Log lines waiting for a slow stdout are kept up to this size; the rest are dropped. */
const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024;

/** Logs nothing; the default of every module that takes a logger. */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * A logger writing JSON lines at `level` and above to `destination` (stdout by default).
 * Stdout is written asynchronously: a synchronous write blocks the event loop, and so every game,
 * whenever the reader of the pipe (a terminal, journald, a test) is slow, which showed as relay
 * latency in bench:server. What is buffered is written out when the process exits (pino flushes it
 * then), and the buffer is bounded: past MAX_BUFFERED_LOG_BYTES, lines are dropped rather than
 * memory spent on them.
 */
export function makeLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // The process and host are the same on every line; they are left out.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED_LOG_BYTES }),
  );
}

/** Paths in log lines are cut here: a hostile request's path is not worth 16 kB of log. */
export const LOGGED_PATH_CHARS = 200;

const reasons = new WeakMap<ServerResponse, string>();

/** Records why a request was refused; the access log line carries it as `reason`. */
export function noteRefusal(res: ServerResponse, reason: string): void {
  reasons.set(res, reason);
}

/** The body bytes a response carried: its Content-Length, when it had a body. */
function bodyBytes(req: IncomingMessage, res: ServerResponse): number {
  if (req.method === 'HEAD' || res.statusCode === 304 || res.statusCode === 204) return 0;
  const length = Number(res.getHeader('content-length'));
  return Number.isFinite(length) ? length : 0;
}

/**
 * Writes the access log line of `req` once its response is over (sent, or cut off by the client):
 * method, path (cut to LOGGED_PATH_CHARS), status, body bytes, milliseconds and the client's
 * address; refusals (4xx) at `warn` with their reason, server faults (5xx) at `error`.
 */
export function logAccess(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('error')) return;
  const started = performance.now();
  // A header set before writeHead() makes Node keep the ones writeHead() is given as well, so
  // that the Content-Length can be read back for the log line (and every answer is nosniff).
  res.setHeader('x-content-type-options', 'nosniff');
  res.once('close', () => {
    const status = res.statusCode;
    const line = {
      method: (req.method ?? '').slice(0, 16),
      path: (req.url ?? '').slice(0, LOGGED_PATH_CHARS),
      status,
      bytes: bodyBytes(req, res),
      ms: Math.round((performance.now() - started) * 10) / 10,
      address: req.socket.remoteAddress ?? 'unknown',
      ...(reasons.has(res) ? { reason: reasons.get(res) } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (status >= 500) logger.error(line, 'http');
    else if (status >= 400) logger.warn(line, 'http');
    else logger.info(line, 'http');
  });
}
