/**
 * What an HTTP request says, read strictly (DESIGN.md principle 10): its target (path segments,
 * percent-escapes decoded and checked), and the headers the static files answer to — Accept,
 * Accept-Encoding, Range, If-None-Match, If-Modified-Since. Pure: strings in, typed values out;
 * nothing here throws, whatever a client sends.
 */
import type { Result } from '../core/result.ts';

/** Longer request targets are refused (414): no file of the app has a path near this. */
export const MAX_TARGET_LENGTH = 2048;
const MAX_SEGMENTS = 32;
/** Header values longer than this are not read (the header is treated as absent). */
const MAX_HEADER_LENGTH = 2048;

export type TargetError =
  /** Not an origin-form target (`/path?query`), e.g. `*` or `http://host/`. */
  | 'not-origin-form'
  | 'too-long'
  /** A character HTTP does not allow unescaped in a path (controls, spaces, non-ASCII). */
  | 'bad-character'
  /** `%` not followed by two hex digits, or escapes that are not UTF-8. */
  | 'bad-escape'
  /** A decoded segment holding `/`, `\`, NUL or a control character. */
  | 'bad-segment'
  /** A `.` or `..` segment. */
  | 'traversal';

export interface RequestTarget {
  /** The decoded path segments, empty ones left out: `/assets/a.js` → ['assets', 'a.js']. */
  readonly segments: readonly string[];
  /** The raw query, without its `?` ('' when none). */
  readonly query: string;
}

const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
const ESCAPES_WELL_FORMED = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const FORBIDDEN_IN_SEGMENT = /[/\\\x00-\x1f\x7f]/;

function decodeSegment(raw: string): Result<string, TargetError> {
  if (!raw.includes('%')) return { ok: true, value: raw };
  if (!ESCAPES_WELL_FORMED.test(raw)) return { ok: false, error: 'bad-escape' };
  try {
    // Well-formed escapes can still spell bytes that are not UTF-8: decodeURIComponent says so
    // by throwing, which is the answer here, not a fault.
    return { ok: true, value: decodeURIComponent(raw) };
  } catch {
    return { ok: false, error: 'bad-escape' };
  }
}

/** Reads a request target (`req.url`) into decoded path segments, or says why it is refused. */
export function parseRequestTarget(raw: string | undefined): Result<RequestTarget, TargetError> {
  const target = raw ?? '';
  if (target.length > MAX_TARGET_LENGTH) return { ok: false, error: 'too-long' };
  if (!target.startsWith('/')) return { ok: false, error: 'not-origin-form' };
  if (!VISIBLE_ASCII.test(target)) return { ok: false, error: 'bad-character' };
  const hash = target.indexOf('#');
  const withoutFragment = hash < 0 ? target : target.slice(0, hash);
  const question = withoutFragment.indexOf('?');
  const path = question < 0 ? withoutFragment : withoutFragment.slice(0, question);
  const query = question < 0 ? '' : withoutFragment.slice(question + 1);
  const segments: string[] = [];
  for (const rawSegment of path.split('/')) {
    if (rawSegment === '') continue;
    if (segments.length >= MAX_SEGMENTS) return { ok: false, error: 'too-long' };
    const decoded = decodeSegment(rawSegment);
    if (!decoded.ok) return decoded;
    const segment = decoded.value;
    if (segment === '.' || segment === '..') return { ok: false, error: 'traversal' };
    if (FORBIDDEN_IN_SEGMENT.test(segment)) return { ok: false, error: 'bad-segment' };
    segments.push(segment);
  }
  return { ok: true, value: { segments, query } };
}

/** What of a request tells whether it has a body, and whether all of it has been read. */
export interface BodyHeaders {
  readonly headers: { readonly 'content-length'?: string; readonly 'transfer-encoding'?: string };
  readonly complete: boolean;
}

/** Whether the request declares a body (Content-Length above 0, or Transfer-Encoding). */
export function declaresBody(req: BodyHeaders): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Whether a body is still on its way: then a refusal closes the connection rather than read it.
 * (A request without a body is not yet `complete` while its handler runs, and is no reason to
 * close a kept-alive connection.)
 */
export function hasUnreadBody(req: BodyHeaders): boolean {
  return declaresBody(req) && !req.complete;
}

/** One element of a comma-separated header with its q-value: `br;q=0.8` → ['br', 0.8]. */
function weightedList(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  if (!header || header.length > MAX_HEADER_LENGTH) return weights;
  for (const element of header.split(',')) {
    const [nameRaw, ...params] = element.split(';');
    const name = (nameRaw ?? '').trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      // RFC 9110 qvalue: 0 to 1 with at most three decimals; anything else makes the element unreadable.
      q = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    // The first mention of a name counts (a repeated one is a client's confusion).
    if (!weights.has(name)) weights.set(name, q);
  }
  return weights;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The content codings the client accepts, best first, from those the server has (`br`, `gzip`):
 * each by its q-value (`q=0`: not acceptable), `*` for those not named, Brotli before gzip at the
 * same q; identity is always the last resort.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = weightedList(header);
  const star = weights.get('*');
  const weightOf = (coding: 'br' | 'gzip') =>
    weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? star ?? 0;
  const offered = (['br', 'gzip'] as const)
    .map((coding) => ({ coding, q: weightOf(coding) }))
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q);
  return [...offered.map((c) => c.coding), 'identity'];
}

/** Whether the client takes HTML (Accept names text/html, text/* or *\/* with q > 0, or is absent). */
export function acceptsHtml(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  const weights = weightedList(header);
  if (weights.size === 0) return true;
  return ['text/html', 'application/xhtml+xml', 'text/*', '*/*'].some((type) => (weights.get(type) ?? 0) > 0);
}

export type RangeRequest =
  /** No Range, or one the server ignores (not bytes, several ranges, malformed): the whole file. */
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  /** A well-formed range outside the file: 416. */
  | { readonly kind: 'unsatisfiable' };

/**
 * A Range header against a representation of `size` bytes: one `bytes=a-b`, `bytes=a-` or
 * `bytes=-n` range is honoured; several ranges or a malformed header are ignored (the whole file,
 * as RFC 9110 allows), a range starting past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const whole = { kind: 'whole' } as const;
  if (header === undefined || header.length > 200 || size === 0) return whole;
  const m = /^\s*bytes\s*=\s*(\d{0,15})\s*-\s*(\d{0,15})\s*$/i.exec(header);
  if (!m) return whole;
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return whole;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (end < start) return whole;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}

/** Whether an If-None-Match header matches `etag` (weak comparison, `*` matches any). */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined || header.length > MAX_HEADER_LENGTH) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

/** Whether If-Modified-Since says the client's copy is current (false for an unreadable date). */
export function notModifiedSince(header: string | undefined, modifiedMs: number): boolean {
  if (header === undefined || header.length > 100) return false;
  const since = Date.parse(header);
  if (Number.isNaN(since)) return false;
  // HTTP dates have whole seconds.
  return Math.floor(modifiedMs / 1000) <= Math.floor(since / 1000);
}
