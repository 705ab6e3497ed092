// The built app as the real server serves it (src/server/static.ts behind startTwinboardServer, on
// loopback), from a small build made here and compressed by the build's own script: files and
// routes, cache headers and 304s, Brotli and gzip by Accept-Encoding, ranges, refusals and their
// log lines, and files that change or vanish while they are sent.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTwinboardServer, type RunningTwinboard } from '../../src/server/app.ts';
import { makeLogger } from '../../src/server/log.ts';
import { matchEngine } from '../../src/server/matchEngine.ts';
import { IMMUTABLE, REVALIDATE, isContentHashed } from '../../src/server/static.ts';

const run = promisify(execFile);
const HASHED_JS = 'assets/index-C3x_9aQe.js';
const HASHED_CSS = 'assets/index-Bt3sfktV.css';
const BIG = 'assets/engine-0a1b2c3d4e.bin';
const BIG_BYTES = 24 * 1024 * 1024;

let dir = '';
let root = '';
let server: RunningTwinboard;
const logLines: Record<string, unknown>[] = [];
const files: Record<string, Buffer> = {};

function put(path: string, content: Buffer | string): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
  files[path] = Buffer.from(content);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'twinboard-static-'));
  root = join(dir, 'dist');
  writeFileSync(join(dir, 'secret.txt'), 'SECRET outside the build');
  const words = Array.from({ length: 4000 }, (_, i) => `const square${i} = "e${i % 8}";`).join('\n');
  put(
    'index.html',
    `<!doctype html><html><head><title>Twinboard</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`,
  );
  put('sw.js', `self.addEventListener('install', () => {});\n${'// precache\n'.repeat(50)}`);
  put('manifest.json', JSON.stringify({ name: 'Twinboard', icons: Array(20).fill({ src: 'icons/i.png' }) }));
  put(HASHED_JS, words);
  put(HASHED_CSS, `body { color: black; }\n${'.square { width: 12.5%; }\n'.repeat(200)}`);
  put('assets/stockfish-18-lite-single-COPYING.txt', 'GNU GENERAL PUBLIC LICENSE\n'.repeat(100));
  put('icons/icon.png', randomBytes(600));
  put('.env', 'SECRET=1');
  put(BIG, randomBytes(BIG_BYTES));
  await run(process.execPath, ['scripts/compress-assets.mjs', root]);
  server = await startTwinboardServer({
    engine: matchEngine,
    dbPath: ':memory:',
    port: 0,
    host: '127.0.0.1',
    staticRoot: root,
    logger: makeLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) }),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

function fetchRaw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `text` as it is on a new connection and resolves with everything the server answered. */
function sendRaw(text: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(text);
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);

describe('files and routes', () => {
  test('the app at / and at any path without an extension that asks for HTML', async () => {
    for (const path of ['/', '/local', '/room/ABC/sighted', '/icons', '/?x=%', '/index.html']) {
      const answer = await fetchRaw(path, { accept: 'text/html,*/*;q=0.8' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body.equals(files['index.html'] as Buffer), path).toBe(true);
    }
    expect((await fetchRaw('/local', {})).status).toBe(200);
  });

  test('unknown files are 404, routes asking for something else than HTML too, hidden files always', async () => {
    for (const path of [
      '/assets/index-AbCd1234.js',
      '/assets/missing',
      '/missing.png',
      '/icons/missing.svg',
      '/.env',
      '/assets/.env',
      '/index.html/x.js',
    ]) {
      const answer = await fetchRaw(path, { accept: '*/*' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body.toString()).not.toContain('SECRET');
    }
    expect((await fetchRaw('/local', { accept: 'application/json' })).status).toBe(404);
  });

  test('unknown API paths are 404 and /ws without an upgrade is 426', async () => {
    expect((await fetchRaw('/api/nothing', { accept: 'text/html' })).status).toBe(404);
    expect((await fetchRaw('/ws', { accept: 'text/html' })).status).toBe(426);
  });
});

describe('cache headers', () => {
  test('hashed files under /assets/ are immutable; the rest is revalidated', async () => {
    const expected: Record<string, string> = {
      '/': REVALIDATE,
      '/index.html': REVALIDATE,
      '/sw.js': REVALIDATE,
      '/manifest.json': REVALIDATE,
      '/icons/icon.png': REVALIDATE,
      '/assets/stockfish-18-lite-single-COPYING.txt': REVALIDATE,
      [`/${HASHED_JS}`]: IMMUTABLE,
      [`/${HASHED_CSS}`]: IMMUTABLE,
      [`/${BIG}`]: IMMUTABLE,
    };
    for (const [path, cacheControl] of Object.entries(expected)) {
      const answer = await fetchRaw(path, {}, 'HEAD');
      expect(answer.headers['cache-control'], path).toBe(cacheControl);
      expect(answer.headers.etag, path).toMatch(/^"[0-9a-f]+-[0-9a-f]+(-br|-gzip)?"$/);
      expect(answer.headers['last-modified'], path).toMatch(/GMT$/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test.each([
    ['assets/index-C3x_9aQe.js', true],
    ['assets/phrases-CmQC373-.js', true],
    ['assets/vosk-ngW-uF_E.js', true],
    ['assets/stockfish-18-lite-single-daf8a1628b.wasm', true],
    ['assets/stockfish-18-lite-single-COPYING.txt', false],
    ['assets/some-overview.js', false],
    ['assets/some-OVERVIEW.js', false],
    ['assets/index.js', false],
    ['index-C3x_9aQe.js', false],
    ['assets/deeper/index-C3x_9aQe.js', false],
  ])('%s is content-hashed: %s', (path, hashed) => {
    expect(isContentHashed(path.split('/'))).toBe(hashed);
  });

  test('a current copy is answered 304 by ETag or by date, with the caching headers and no body', async () => {
    for (const [path, encoding] of [
      ['/', 'br'],
      ['/sw.js', 'gzip'],
      ['/manifest.json', ''],
      ['/icons/icon.png', 'br'],
    ] as const) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await fetchRaw(path, headers);
      expect(first.status).toBe(200);
      const etag = String(first.headers.etag);
      const again = await fetchRaw(path, { ...headers, 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      const byDate = await fetchRaw(path, {
        ...headers,
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(byDate.status, path).toBe(304);
      // An ETag that does not match wins over a date that would.
      const other = await fetchRaw(path, {
        ...headers,
        'if-none-match': '"other"',
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(other.status, path).toBe(200);
      expect(
        (await fetchRaw(path, { ...headers, 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status,
      ).toBe(200);
    }
  });
});

describe('compression', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding %j gets %s, decompressing to the same bytes', async (accept, encoding) => {
    for (const path of ['index.html', HASHED_JS, HASHED_CSS, 'manifest.json', 'sw.js']) {
      const answer = await fetchRaw(`/${path}`, accept ? { 'accept-encoding': accept } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], path).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(answer.body)
          : encoding === 'gzip'
            ? gunzipSync(answer.body)
            : answer.body;
      expect(decoded.equals(files[path] as Buffer), path).toBe(true);
      if (encoding) expect(answer.body.length).toBeLessThan((files[path] as Buffer).length);
    }
  });

  test('binary files are sent as they are, without Vary', async () => {
    const answer = await fetchRaw('/icons/icon.png', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.body.equals(files['icons/icon.png'] as Buffer)).toBe(true);
  });

  test('the representations have their own ETags', async () => {
    const tags = new Set<string>();
    for (const accept of ['br', 'gzip', 'identity'])
      tags.add(String((await fetchRaw(`/${HASHED_JS}`, { 'accept-encoding': accept }, 'HEAD')).headers.etag));
    expect(tags.size).toBe(3);
  });

  test('a file changed after the build is sent as it is now, not as its older compressed copy', async () => {
    const path = join(root, 'manifest.json');
    const before = await fetchRaw('/manifest.json', { 'accept-encoding': 'br' });
    expect(before.headers['content-encoding']).toBe('br');
    // The file system's clock may not have moved since the build: wait until it has.
    const built = readFileSync(path);
    for (let i = 0; i < 100; i++) {
      appendFileSync(path, ' ');
      const after = await fetchRaw('/manifest.json', { 'accept-encoding': 'br' });
      if (after.headers['content-encoding'] === undefined) {
        expect(after.body.toString().startsWith(built.toString())).toBe(true);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        writeFileSync(path, built);
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the edited file was never sent as it is');
  });
});

describe('methods, HEAD and ranges', () => {
  test('HEAD answers the headers of GET and no body', async () => {
    for (const accept of ['br', '']) {
      const get = await fetchRaw(`/${HASHED_JS}`, { 'accept-encoding': accept });
      const head = await fetchRaw(`/${HASHED_JS}`, { 'accept-encoding': accept }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-length', 'content-type', 'etag', 'cache-control', 'content-encoding'])
        expect(head.headers[name], name).toEqual(get.headers[name]);
    }
    // On the wire: nothing after the header block.
    const raw = await sendRaw('HEAD /sw.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(raw.endsWith('\r\n\r\n')).toBe(true);
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'])(
    '%s is 405 with Allow',
    async (method) => {
      const answer = await fetchRaw('/index.html', {}, method);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    },
  );

  test('a body on GET is refused, and a half-sent body is not waited for', async () => {
    const withBody = await sendRaw('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello');
    expect(statusOf(withBody)).toBe(400);
    const half = await sendRaw('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nonly this much');
    expect(statusOf(half)).toBe(405);
    expect(half.toLowerCase()).toContain('connection: close');
  });

  test('one range is honoured (206), outside the file is 416, several or malformed ones give the whole file', async () => {
    const js = files[HASHED_JS] as Buffer;
    const part = await fetchRaw(`/${HASHED_JS}`, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${js.length}`);
    expect(part.body.equals(js.subarray(10, 20))).toBe(true);
    const tail = await fetchRaw(`/${HASHED_JS}`, { range: 'bytes=-5' });
    expect(tail.body.equals(js.subarray(js.length - 5))).toBe(true);
    const compressedPart = await fetchRaw(`/${HASHED_JS}`, { range: 'bytes=0-3', 'accept-encoding': 'gzip' });
    expect(compressedPart.status).toBe(206);
    expect([...compressedPart.body]).toEqual([...gzipMagic]);
    const outside = await fetchRaw(`/${HASHED_JS}`, { range: `bytes=${js.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${js.length}`);
    for (const range of [
      'bytes=0-1,5-6',
      'bytes=9-5',
      'bytes=x-y',
      'pages=1-2',
      'bytes=',
      `bytes=${'9'.repeat(300)}-`,
    ]) {
      const whole = await fetchRaw(`/${HASHED_JS}`, { range });
      expect(whole.status, range).toBe(200);
      expect(whole.body.equals(js), range).toBe(true);
    }
    const stale = await fetchRaw(`/${HASHED_JS}`, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.status).toBe(200);
    const etag = String(part.headers.etag);
    expect((await fetchRaw(`/${HASHED_JS}`, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
  });
});
const gzipMagic = Buffer.from([0x1f, 0x8b, 0x08, 0x00]);

describe('hostile targets', () => {
  test.each([
    ['/%', 400, 'bad-escape'],
    ['/%E0%A4%A', 400, 'bad-escape'],
    ['/assets/%ZZ.js', 400, 'bad-escape'],
    ['/%C0%AE%C0%AE/secret.txt', 400, 'bad-escape'],
    ['/../secret.txt', 400, 'traversal'],
    ['/assets/../../secret.txt', 400, 'traversal'],
    ['/%2e%2e/secret.txt', 400, 'traversal'],
    ['/%2E%2E%2Fsecret.txt', 400, 'bad-segment'],
    ['/assets/..%2f..%2fsecret.txt', 400, 'bad-segment'],
    ['/..\\secret.txt', 400, 'bad-segment'],
    ['/..%5csecret.txt', 400, 'bad-segment'],
    ['/index.html%00.js', 400, 'bad-segment'],
    [`/${'a'.repeat(3000)}.js`, 414, 'too-long'],
    [`${'/a'.repeat(100)}`, 414, 'too-long'],
    ['*', 400, 'not-origin-form'],
    ['http://127.0.0.1/index.html', 400, 'not-origin-form'],
  ])('GET %s is %i (%s), logged', async (target, status, reason) => {
    const answer = await sendRaw(
      Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1'),
    );
    expect(statusOf(answer)).toBe(status);
    expect(answer).not.toContain('SECRET');
    const line = logLines.findLast((l) => l.msg === 'http' && l.reason === reason);
    expect(line).toMatchObject({ level: 'warn', method: 'GET', status, address: '127.0.0.1' });
    expect(String(line?.path).length).toBeLessThanOrEqual(200);
    expect(typeof line?.ms).toBe('number');
    expect(line?.bytes).toBeGreaterThan(0);
    expect(typeof line?.time).toBe('string');
  });

  test('what Node’s parser refuses is answered 400 or 431 and logged, and the server goes on', async () => {
    const cases: [string, number][] = [
      ['GARBAGE\r\n\r\n', 400],
      ['GET /caf\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
      ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 400],
      ['GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n', 400],
      ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03', 400],
      ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400],
    ];
    for (const [text, status] of cases) {
      const answer = await sendRaw(Buffer.from(text, 'latin1'));
      expect(statusOf(answer), JSON.stringify(text.slice(0, 40))).toBe(status);
    }
    expect(logLines.some((l) => l.msg === 'http request refused by the parser' && l.status === 431)).toBe(
      true,
    );
    expect((await fetchRaw('/')).status).toBe(200);
  });
});

describe('files that change while they are sent', () => {
  /** Starts a GET of the big file and stops reading after the first chunk; `then` runs, reading resumes. */
  function readBig(then: () => void): Promise<{ bytes: number; complete: boolean; declared: number }> {
    return new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: `/${BIG}`, agent: false }, (res) => {
        let bytes = 0;
        let first = true;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!first) return;
          first = false;
          res.pause();
          // Let the server fill the socket and stop at its backpressure before the file changes.
          setTimeout(() => {
            then();
            res.resume();
          }, 200);
        });
        const done = () =>
          resolve({ bytes, complete: res.complete, declared: Number(res.headers['content-length']) });
        res.on('end', done);
        res.on('error', done);
        res.on('aborted', done);
      });
      req.on('error', () => resolve({ bytes: 0, complete: false, declared: 0 }));
      req.end();
    });
  }

  test('a file deleted mid-stream is still sent whole (it was opened before it was answered for)', async () => {
    const result = await readBig(() => unlinkSync(join(root, BIG)));
    expect(result).toEqual({ bytes: BIG_BYTES, complete: true, declared: BIG_BYTES });
    expect((await fetchRaw(`/${BIG}`)).status).toBe(404);
    put(BIG, randomBytes(BIG_BYTES));
  });

  test('a file cut short mid-stream ends that connection, and the server goes on', async () => {
    const result = await readBig(() => truncateSync(join(root, BIG), 1024));
    expect(result.complete).toBe(false);
    expect(result.bytes).toBeLessThan(BIG_BYTES);
    expect((await fetchRaw('/')).status).toBe(200);
    expect((await fetchRaw(`/${BIG}`)).body.length).toBe(1024);
  });
});
