// The production server on the real build (dist/ and dist-server/main.js from `npm run build`),
// started from another working directory as a service manager would: it finds the app beside
// itself, serves it precompressed as the client accepts, caches hashed assets for good and
// revalidates the rest, and writes an access log line for each request.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../helpers/builtServer.ts';

let elsewhere = '';
let server: BuiltServer;
beforeAll(async () => {
  elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'twinboard-cwd-')));
  server = await startBuiltServer({ cwd: elsewhere, args: ['--db', 'games.db'] });
});
afterAll(async () => {
  await server?.stop();
  if (elsewhere) rmSync(elsewhere, { recursive: true, force: true });
});

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

test('started from another directory, it serves the app of its own package, and a relative --db is from there', async () => {
  expect(server.plainLines[0]).toMatch(
    /^Twinboard is running at http:\/\/127\.0\.0\.1:\d+\/ \(games in (.*)\)$/,
  );
  expect(server.plainLines[0]).toContain(`(games in ${join(elsewhere, 'games.db')})`);
  expect(server.plainLines.join('\n')).not.toContain('not built');
  const page = await get('/', { accept: 'text/html' });
  expect(page.status).toBe(200);
  expect(page.body.toString()).toContain('<div id="root">');
  expect(page.body.toString()).not.toContain('Not built');
});

test('the first screen’s files come as Brotli or gzip, as accepted, and decompress to the built bytes', async () => {
  const html = readFileSync('dist/index.html', 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  expect(referenced.length).toBeGreaterThan(0);
  for (const path of ['index.html', 'manifest.json', 'sw.js', ...referenced]) {
    const built = readFileSync(join('dist', path));
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await get(`/${path}`, { 'accept-encoding': accept });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], `${path} for ${accept}`).toBe(expected);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(decode(answer.body, expected).equals(built), path).toBe(true);
    }
  }
});

test('hashed assets are immutable; index.html, sw.js and manifest.json are revalidated, with 304s', async () => {
  const html = readFileSync('dist/index.html', 'utf8');
  const script = /src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect((await get(`/${script}`, {}, 'HEAD')).headers['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  for (const path of ['/', '/index.html', '/sw.js', '/manifest.json']) {
    const first = await get(path, { 'accept-encoding': 'br' });
    expect(first.headers['cache-control'], path).toBe('no-cache');
    const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status, path).toBe(304);
    expect(again.body.length).toBe(0);
  }
});

test('the compressed copies are not in the service worker’s precache, and unknown assets are 404', async () => {
  const sw = readFileSync('dist/sw.js', 'utf8');
  expect(sw).not.toMatch(/\.(br|gz)["']/);
  expect((await get('/assets/not-there-AbCd1234.js')).status).toBe(404);
  expect((await get('/room/abc', { accept: 'text/html' })).status).toBe(200);
});

test('each request has its access log line; a refused one says why', async () => {
  await get('/%E0%A4%A');
  await expect
    .poll(() => server.recentLog.find((l) => l.msg === 'http' && l.path === '/%E0%A4%A'), { timeout: 5000 })
    .toMatchObject({ level: 'warn', method: 'GET', status: 400, reason: 'bad-escape', address: '127.0.0.1' });
  const line = server.recentLog.find((l) => l.msg === 'http' && l.path === '/' && l.status === 200);
  expect(line).toMatchObject({ level: 'info', method: 'GET' });
  expect(typeof line?.bytes).toBe('number');
  expect(typeof line?.ms).toBe('number');
  expect(Number.isNaN(Date.parse(String(line?.time)))).toBe(false);
});
