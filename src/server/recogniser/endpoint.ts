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
import { inspect } from '../../core/index.ts';
import { isVocabularyId } from '../../speech/vocabularies.ts';
import { hasUnreadBody } from '../httpRequest.ts';
import { TokenBucket } from '../limits.ts';
import { noteRefusal, silentLogger, type Logger } from '../log.ts';
import { INSTALL_COMMAND, type Recogniser } from './index.ts';
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

/** The handler for RECOGNISE_PATH, given the request and its raw query (without the `?`). */
export function recogniseEndpoint(options: EndpointOptions) {
  const { recogniser } = options;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const perSecond = options.perSecond ?? 1;
  const burst = options.burst ?? 10;
  const buckets = new Map<string, TokenBucket>();

  const bucketOf = (ip: string, at: number): TokenBucket => {
    let bucket = buckets.get(ip);
    if (!bucket) {
      if (buckets.size >= MAX_ADDRESSES)
        for (const [key, b] of buckets) if (b.isFull(at)) buckets.delete(key);
      bucket = new TokenBucket(perSecond, burst, at);
      buckets.set(ip, bucket);
    }
    return bucket;
  };

  return (req: IncomingMessage, res: ServerResponse, query: string): void => {
    const ip = req.socket.remoteAddress ?? 'unknown';
    const answer = (status: number, body: object, headers: Record<string, string> = {}) => {
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
    };
    const refuse = (status: number, error: string, message: string, headers: Record<string, string> = {}) => {
      // The rest of a refused body is not read: the connection is closed once the answer is out.
      const unread = hasUnreadBody(req);
      answer(status, { error, message }, unread ? { ...headers, connection: 'close' } : headers);
      if (unread) req.resume();
    };

    if (req.method === 'GET' || req.method === 'HEAD') {
      answer(200, {
        available: recogniser.available,
        recogniser: 'pocketsphinx',
        locales: ['en', 'de'],
        ...(recogniser.available ? {} : { install: INSTALL_COMMAND }),
      });
      return;
    }
    if (req.method !== 'POST') {
      refuse(405, 'method', 'Use GET to ask whether voice works, POST to recognise.', {
        allow: 'GET, HEAD, POST',
      });
      return;
    }
    const at = now();
    const bucket = bucketOf(ip, at);
    if (!bucket.take(at)) {
      const wait = bucket.retryAfter(at);
      refuse(429, 'rate-limited', 'Too many recognitions from this address; wait a moment.', {
        'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
      });
      return;
    }
    // URLSearchParams leaves a malformed escape as it is; the checks below refuse what it gives.
    const params = new URLSearchParams(query);
    const fen = params.get('fen') ?? '';
    const vocabulary = params.get('vocabulary') ?? '';
    const locale = params.get('locale') ?? 'en';
    if (fen.length > 100 || !inspect(fen).ok) {
      refuse(400, 'fen', 'The position (fen) is missing or is not a legal FEN.');
      return;
    }
    if (!isVocabularyId(vocabulary)) {
      refuse(400, 'vocabulary', 'Unknown vocabulary.');
      return;
    }
    if (locale !== 'en' && locale !== 'de') {
      refuse(400, 'locale', 'The locale must be en or de.');
      return;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!WAV_TYPES.has(type)) {
      refuse(415, 'content-type', 'Send the audio as audio/wav.');
      return;
    }
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_WAV_BYTES) {
      refuse(413, 'too-long', WAV_MESSAGES['too-long']);
      return;
    }
    if (!recogniser.available) {
      refuse(503, 'unavailable', `Voice recognition is not installed on the server: ${INSTALL_COMMAND}`);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_WAV_BYTES) {
        refuse(413, 'too-long', WAV_MESSAGES['too-long']);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('error', () => undefined);
    req.on('end', () => {
      if (res.headersSent) return;
      const wav = parseWav(Buffer.concat(chunks));
      if (!wav.ok) return refuse(wav.error === 'too-long' ? 413 : 415, wav.error, WAV_MESSAGES[wav.error]);
      recogniser.recognise(wav.pcm, { fen, vocabulary, locale }).then(
        (result) => answer(200, result),
        (error: Error) => {
          if (error.message === 'busy')
            return answer(
              503,
              { error: 'busy', message: 'The recogniser is busy; try again.' },
              { 'retry-after': '1' },
            );
          logger.error({ address: ip, err: error }, 'recognition failed');
          answer(500, { error: 'failed', message: 'The recogniser failed on this audio; try again.' });
        },
      );
    });
  };
}
