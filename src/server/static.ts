/**
 * Serves the built app (dist/): GET and HEAD only, every request's target and headers read by
 * httpRequest.ts before any file is touched.
 *
 * - A path with an extension, or under /assets/, is a file: served if the build has it, else 404.
 *   A path without one asking for HTML is a client-side route: index.html.
 * - Text files are sent precompressed when the client accepts it (Brotli, then gzip; made at build
 *   time by scripts/compress-assets.mjs), a variant used only if it is at least as new as its file.
 * - Caching: hashed files under /assets/ are immutable for a year; everything else (index.html,
 *   sw.js, manifest.json, …) is `no-cache`, revalidated with its ETag or Last-Modified (304).
 * - One byte range (206, or 416 outside the file); several ranges or a malformed Range: the whole file.
 * - Files are opened before they are answered for, and streamed from the open descriptor, so a file
 *   that vanishes meanwhile is still sent whole; a read error ends that response alone.
 * Every refusal is a short text/plain 4xx whose reason goes in the access log (log.ts).
 */
import { closeSync, constants, createReadStream, fstatSync, openSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import {
  acceptedEncodings,
  acceptsHtml,
  declaresBody,
  hasUnreadBody,
  noneMatchHits,
  notModifiedSince,
  parseRange,
  parseRequestTarget,
  type Encoding,
  type RequestTarget,
  type TargetError,
} from './httpRequest.ts';
import type { Result } from '../core/result.ts';
import { noteRefusal } from './log.ts';
import compressible from './compressible.json';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.woff2': 'font/woff2',
  '.gz': 'application/gzip',
  '.br': 'application/octet-stream',
};

/**
 * Files sent precompressed when a variant exists: the kinds scripts/compress-assets.mjs compresses,
 * listed once in compressible.json for both.
 */
const COMPRESSIBLE: ReadonlySet<string> = new Set(compressible);
const VARIANT_SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Vite's content-hashed names (`assets/index-C3x_9aQe.js`: eight characters of base64url), and the
 * practice engine's (`assets/stockfish-…-0a1b2c3d4e.wasm`, ten hex digits, scripts/engineAssets.ts).
 * Eight characters of one kind only (a word like `-COPYING`) are not taken for a hash: calling a
 * hashed file revalidated costs a 304, calling a plain one immutable would serve it stale for a year.
 */
export function isContentHashed(segments: readonly string[]): boolean {
  if (segments.length !== 2 || segments[0] !== 'assets') return false;
  const name = segments[1] ?? '';
  const hash = /-([A-Za-z0-9_-]{8}|[0-9a-f]{10})\.[A-Za-z0-9]+$/.exec(name)?.[1];
  if (!hash) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((kind) => kind.test(hash)).length;
  return kinds >= 2;
}

/** A path that names a file (has an extension, or is under /assets/), as opposed to a client route. */
function namesFile(segments: readonly string[]): boolean {
  const last = segments.at(-1);
  return segments[0] === 'assets' || (last !== undefined && extname(last) !== '');
}

const TARGET_STATUS: Record<TargetError, number> = {
  'not-origin-form': 400,
  'too-long': 414,
  'bad-character': 400,
  'bad-escape': 400,
  'bad-segment': 400,
  traversal: 400,
};
const TARGET_MESSAGE: Record<TargetError, string> = {
  'not-origin-form': 'The request target must be a path.',
  'too-long': 'The path is too long.',
  'bad-character': 'The path holds a character that must be percent-escaped.',
  'bad-escape': 'The path holds a malformed percent-escape.',
  'bad-segment': 'The path holds a character no file name has.',
  traversal: 'The path may not hold "." or ".." segments.',
};

/** An open file: its descriptor, its size and times, and the coding of its bytes. */
interface OpenFile {
  readonly fd: number;
  readonly stats: Stats;
  readonly encoding: Encoding;
}

/** Opens `path` if it is a regular file; null for anything else (missing, a folder, a device). */
function openRegular(path: string): OpenFile | null {
  let fd: number;
  try {
    // Non-blocking, so a FIFO put in the folder cannot hang the event loop on open.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile()) return { fd, stats, encoding: 'identity' };
  } catch {
    // fall through: not a file we can answer for
  }
  closeSync(fd);
  return null;
}

/**
 * The representation to send: the best accepted precompressed variant of `path` that is at least
 * as new as the file itself (a file changed after the build is sent as it is), else the file.
 * The ETag and dates are the file's in every case.
 */
function openRepresentation(
  path: string,
  accepted: readonly Encoding[],
): { readonly file: OpenFile; readonly source: Stats } | null {
  const source = openRegular(path);
  if (!source) return null;
  if (!COMPRESSIBLE.has(extname(path))) return { file: source, source: source.stats };
  for (const encoding of accepted) {
    if (encoding === 'identity') break;
    const variant = openRegular(path + VARIANT_SUFFIX[encoding]);
    if (!variant) continue;
    // Whole milliseconds: file systems keep nanoseconds, utimes() sets what a double holds.
    if (Math.floor(variant.stats.mtimeMs) >= Math.floor(source.stats.mtimeMs)) {
      closeSync(source.fd);
      return { file: { ...variant, encoding }, source: source.stats };
    }
    closeSync(variant.fd);
  }
  return { file: source, source: source.stats };
}

function entityTag(source: Stats, encoding: Encoding): string {
  const base = `${source.size.toString(16)}-${Math.floor(source.mtimeMs).toString(16)}`;
  return `"${encoding === 'identity' ? base : `${base}-${encoding}`}"`;
}

/** Answers a refused request: a short text, and the reason for the access log. */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  reason: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  noteRefusal(res, reason);
  // A body the client is still sending is not read: the connection closes once the answer is out.
  const unread = hasUnreadBody(req);
  const body = `${message}\n`;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(unread ? { connection: 'close' } : {}),
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  if (unread) req.resume();
}

/** The handler for the built app in `root`; `target` is the request's, when already read. */
export function staticHandler(root: string) {
  const base = resolve(root);
  const index = join(base, 'index.html');

  return (
    req: IncomingMessage,
    res: ServerResponse,
    target: Result<RequestTarget, TargetError> = parseRequestTarget(req.url),
  ): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(req, res, 405, 'method', 'Only GET and HEAD are served here.', { allow: 'GET, HEAD' });
    if (declaresBody(req)) return refuse(req, res, 400, 'body', 'A GET or HEAD request has no body.');
    if (!target.ok)
      return refuse(req, res, TARGET_STATUS[target.error], target.error, TARGET_MESSAGE[target.error]);
    const { segments } = target.value;
    // Hidden files (.env, .git) are never part of the build.
    if (segments.some((s) => s.startsWith('.'))) return refuse(req, res, 404, 'hidden', 'Not found.');

    const isFile = namesFile(segments);
    if (!isFile && !acceptsHtml(req.headers.accept))
      return refuse(req, res, 404, 'not-html', 'Not found: this path is a page of the app.');
    const path = isFile ? join(base, ...segments) : index;
    // Belt and braces: the segments cannot climb out of the root, and this says so again.
    if (path !== index && !path.startsWith(base + sep))
      return refuse(req, res, 400, 'traversal', TARGET_MESSAGE.traversal);

    const opened = openRepresentation(path, acceptedEncodings(req.headers['accept-encoding']));
    if (!opened) {
      if (path === index) return refuse(req, res, 404, 'not-built', 'Not built: run npm run build first.');
      return refuse(req, res, 404, 'not-found', 'Not found.');
    }
    send(req, res, opened.file, opened.source, {
      contentType: TYPES[extname(path)] ?? 'application/octet-stream',
      cacheControl: isContentHashed(segments) ? IMMUTABLE : REVALIDATE,
      negotiated: COMPRESSIBLE.has(extname(path)),
    });
  };
}

interface Presentation {
  readonly contentType: string;
  readonly cacheControl: string;
  /** Whether the representation depends on Accept-Encoding (a compressible file). */
  readonly negotiated: boolean;
}

/** Sends an open file: 304 when the client's copy is current, a range, or the whole. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: OpenFile,
  source: Stats,
  how: Presentation,
): void {
  const etag = entityTag(source, file.encoding);
  const lastModified = new Date(Math.floor(source.mtimeMs / 1000) * 1000).toUTCString();
  const headers: Record<string, string> = {
    'content-type': how.contentType,
    'cache-control': how.cacheControl,
    etag,
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    ...(how.negotiated ? { vary: 'Accept-Encoding' } : {}),
    ...(file.encoding === 'identity' ? {} : { 'content-encoding': file.encoding }),
  };
  const ifNoneMatch = req.headers['if-none-match'];
  const current =
    ifNoneMatch !== undefined
      ? noneMatchHits(ifNoneMatch, etag)
      : notModifiedSince(req.headers['if-modified-since'], source.mtimeMs);
  if (current) {
    closeSync(file.fd);
    const { 'content-type': _type, 'accept-ranges': _ranges, 'content-encoding': _coding, ...kept } = headers;
    res.writeHead(304, kept).end();
    return;
  }

  const size = file.stats.size;
  const ifRange = req.headers['if-range'];
  // A Range with an If-Range that no longer matches is answered with the whole file.
  const rangeHeader =
    ifRange === undefined || ifRange === etag || ifRange === lastModified ? req.headers.range : undefined;
  const range = parseRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    closeSync(file.fd);
    noteRefusal(res, 'range');
    const { 'content-encoding': _coding, ...kept } = headers;
    res.writeHead(416, { ...kept, 'content-range': `bytes */${size}`, 'content-length': '0' }).end();
    return;
  }
  const start = range.kind === 'part' ? range.start : 0;
  const end = range.kind === 'part' ? range.end : size - 1;
  res.writeHead(range.kind === 'part' ? 206 : 200, {
    ...headers,
    'content-length': String(end - start + 1),
    ...(range.kind === 'part' ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  if (req.method === 'HEAD' || size === 0) {
    closeSync(file.fd);
    res.end();
    return;
  }
  const stream = createReadStream('', { fd: file.fd, start, end, autoClose: true });
  // A read error or a client gone mid-file ends this response only; pipeline closes the file.
  // A file cut short meanwhile sent fewer bytes than announced: the connection is closed so
  // the client sees the response is incomplete rather than waiting for the rest.
  pipeline(stream, res, (error) => {
    if (error) res.destroy();
    else if (stream.bytesRead < end - start + 1) res.socket?.destroy();
  });
}
