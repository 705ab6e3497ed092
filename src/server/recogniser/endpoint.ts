/**
 * The recogniser's HTTP endpoint (issue 25), the only way the app and the benchmark reach it:
 *
 *   GET  /api/recognise   → { available, recogniser: "pocketsphinx", locales, install? }
 *   POST /api/recognise?fen=<FEN>&vocabulary=<id>&locale=<en|de>   (body: audio/wav, 16-bit PCM,
 *        mono, 16 kHz, at most 15 s)
 *        → { alternatives: [{ transcript, confidence, source }], decision: { kind, uci?, candidates? } }
 *
 * Every request is hostile until validated: the address's rate, the method, the query, the
 * content type and length, and the WAV itself are checked, in that order, before a decoder is
 * asked; a refusal is a 4xx with a JSON `{ error, message }`, its reason in the access log line
 * (log.ts), and costs no decoder time. The decoders run in child processes, so a recognition
 * never blocks play.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { err, inspect, ok, type Result } from '../../core/index.ts';
import { isVocabularyId } from '../../speech/vocabularies.ts';
import { hasUnreadBody } from '../httpRequest.ts';
import { TokenBucket } from '../limits.ts';
import { noteRefusal, silentLogger, type Logger } from '../log.ts';
import { INSTALL_COMMAND, type RecognitionRequest, type Recogniser } from './index.ts';
import { MAX_SECONDS, MAX_WAV_BYTES, parseWav, type WavError } from './wav.ts';

export const RECOGNISE_PATH = '/api/recognise';

export interface EndpointOptions {
  readonly recogniser: Recogniser;
  /** Recognitions per second per address, and the burst allowed (default 1 a second, 10 at once). */
  readonly perSecond?: number;
  readonly burst?: number;
  readonly now?: () => number;
  /** Where a failed recognition is reported; refusals go in the access log. */
  readonly logger?: Logger;
}

const WAV_TYPES = new Set(['audio/wav', 'audio/wave', 'audio/x-wav', 'audio/vnd.wave']);
const WAV_MESSAGES: Record<WavError, string> = {
  'not-wav': 'The body is not a WAV file.',
  'not-pcm16-mono-16k': 'The audio must be 16-bit PCM, mono, 16 kHz.',
  'too-long': `The audio is longer than ${MAX_SECONDS} seconds.`,
  'too-short': 'The audio is too short to hold a word.',
};
/** Buckets kept at most (a full bucket is forgotten first: it changes nothing). */
const MAX_ADDRESSES = 10_000;

/** A refused request: its status, the reason (for the client and the access log) and the English. */
interface Refusal {
  readonly status: number;
  readonly error: string;
  readonly message: string;
  readonly headers?: Record<string, string>;
}

const TOO_LONG: Refusal = { status: 413, error: 'too-long', message: WAV_MESSAGES['too-long'] };

/** The handler for RECOGNISE_PATH, given the request and its raw query (without the `?`). */
export function recogniseEndpoint(options: EndpointOptions) {
  const { recogniser } = options;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const buckets = new AddressBuckets(options.perSecond ?? 1, options.burst ?? 10);

  return (req: IncomingMessage, res: ServerResponse, query: string): void => {
    const ip = req.socket.remoteAddress ?? 'unknown';
    if (req.method === 'GET' || req.method === 'HEAD') return answer(res, 200, describe(recogniser));
    if (req.method !== 'POST')
      return refuse(req, res, {
        status: 405,
        error: 'method',
        message: 'Use GET to ask whether voice works, POST to recognise.',
        headers: { allow: 'GET, HEAD, POST' },
      });
    const limited = buckets.refusal(ip, now());
    if (limited) return refuse(req, res, limited);
    const checked = checkUpload(req, query, recogniser.available);
    if (!checked.ok) return refuse(req, res, checked.error);
    receiveWav(req, res, (pcm) =>
      recogniser.recognise(pcm, checked.value).then(
        (result) => answer(res, 200, result),
        (error: Error) => {
          if (error.message === 'busy')
            return answer(
              res,
              503,
              { error: 'busy', message: 'The recogniser is busy; try again.' },
              { 'retry-after': '1' },
            );
          logger.error({ address: ip, err: error }, 'recognition failed');
          answer(res, 500, { error: 'failed', message: 'The recogniser failed on this audio; try again.' });
        },
      ),
    );
  };
}

/** What GET answers: whether voice works here, and if not, what to install. */
function describe(recogniser: Recogniser): object {
  return {
    available: recogniser.available,
    recogniser: 'pocketsphinx',
    locales: ['en', 'de'],
    ...(recogniser.available ? {} : { install: INSTALL_COMMAND }),
  };
}

/** Each address's rate of recognitions, one token bucket per address. */
class AddressBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Takes a recognition from `ip`'s bucket at `at`; the refusal (429) when it is empty. */
  refusal(ip: string, at: number): Refusal | null {
    const bucket = this.bucketOf(ip, at);
    if (bucket.take(at)) return null;
    const wait = bucket.retryAfter(at);
    return {
      status: 429,
      error: 'rate-limited',
      message: 'Too many recognitions from this address; wait a moment.',
      headers: { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) },
    };
  }

  private bucketOf(ip: string, at: number): TokenBucket {
    const { buckets } = this;
    let bucket = buckets.get(ip);
    if (!bucket) {
      if (buckets.size >= MAX_ADDRESSES)
        for (const [key, b] of buckets) if (b.isFull(at)) buckets.delete(key);
      bucket = new TokenBucket(this.perSecond, this.burst, at);
      buckets.set(ip, bucket);
    }
    return bucket;
  }
}

/**
 * A POST's query (the position, the vocabulary, the locale), its content type and declared length,
 * and whether the recogniser is there, checked in that order before its body is read.
 */
function checkUpload(
  req: IncomingMessage,
  query: string,
  available: boolean,
): Result<RecognitionRequest, Refusal> {
  // URLSearchParams leaves a malformed escape as it is; the checks below refuse what it gives.
  const params = new URLSearchParams(query);
  const fen = params.get('fen') ?? '';
  const vocabulary = params.get('vocabulary') ?? '';
  const locale = params.get('locale') ?? 'en';
  if (fen.length > 100 || !inspect(fen).ok)
    return err({
      status: 400,
      error: 'fen',
      message: 'The position (fen) is missing or is not a legal FEN.',
    });
  if (!isVocabularyId(vocabulary))
    return err({ status: 400, error: 'vocabulary', message: 'Unknown vocabulary.' });
  if (locale !== 'en' && locale !== 'de')
    return err({ status: 400, error: 'locale', message: 'The locale must be en or de.' });
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!WAV_TYPES.has(type))
    return err({ status: 415, error: 'content-type', message: 'Send the audio as audio/wav.' });
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_WAV_BYTES) return err(TOO_LONG);
  if (!available)
    return err({
      status: 503,
      error: 'unavailable',
      message: `Voice recognition is not installed on the server: ${INSTALL_COMMAND}`,
    });
  return ok({ fen, vocabulary, locale });
}

/** Reads the body, at most MAX_WAV_BYTES, and hands `recognise` its audio if it is the one WAV format. */
function receiveWav(req: IncomingMessage, res: ServerResponse, recognise: (pcm: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_WAV_BYTES) {
      refuse(req, res, TOO_LONG);
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on('error', () => undefined);
  req.on('end', () => {
    if (res.headersSent) return;
    const wav = parseWav(Buffer.concat(chunks));
    if (!wav.ok)
      return refuse(req, res, {
        status: wav.error === 'too-long' ? 413 : 415,
        error: wav.error,
        message: WAV_MESSAGES[wav.error],
      });
    recognise(wav.pcm);
  });
}

/** Answers with a JSON body (once); an `error` in it is noted as the refusal's reason for the access log. */
function answer(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  if ('error' in body) noteRefusal(res, String(body.error));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/** Answers a refusal as `{ error, message }`. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  { status, error, message, headers = {} }: Refusal,
): void {
  // The rest of a refused body is not read: the connection is closed once the answer is out.
  const unread = hasUnreadBody(req);
  answer(res, status, { error, message }, unread ? { ...headers, connection: 'close' } : headers);
  if (unread) req.resume();
}
