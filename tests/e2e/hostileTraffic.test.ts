// No request can crash the server (issue 26). The production server (dist-server/main.js on the
// built dist/) gets two games played over the WebSocket, then more than 100,000 malformed and
// hostile requests from another address: bad escapes, path traversal (plain, encoded, with
// backslashes and NULs), overlong paths and headers, bad methods, bad ranges and conditionals,
// garbage and half-sent requests on raw sockets, slow senders, clients that never read, bad
// WebSocket handshakes and frames. Then: the server is up, nothing got a 5xx or an escaped
// exception, every refusal was logged, each game's log is exactly what it was, and a move still
// goes through.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../helpers/builtServer.ts';
import {
  nonReaders,
  oneShots,
  pipelined,
  rawRequest,
  slowSenders,
  type StatusCounts,
} from '../helpers/hostileTraffic.ts';
import { moveIntents } from '../helpers/pairedGame.ts';
import { openWire, seatRoom, tableSeat, type TableSeat, type Wire } from '../server/wire.ts';

/** The attackers' address: the players' (127.0.0.1) are not the ones the server may limit. */
const HOSTILE = '127.0.0.2';
const PIPELINED_REQUESTS = 100_000;

let server: BuiltServer;
const wires: Wire[] = [];
beforeAll(async () => {
  server = await startBuiltServer({ args: ['--db', ':memory:'] });
});
afterAll(async () => {
  await Promise.all(wires.map((w) => w.close()));
  await server?.stop();
});

/** Requests a kept-alive connection survives: each gets a clean answer and the next is read. */
function keptAliveRequests(): ReturnType<typeof rawRequest>[] {
  const get = (target: string, headers = '') =>
    rawRequest(`GET ${target} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
  const long = 'a'.repeat(4000);
  return [
    get('/%'),
    get('/%E0%A4%A'),
    get('/%zz/index.html'),
    get('/%C0%AF%C0%AE'),
    get('/%ED%A0%80.js'),
    get('/../../../../etc/passwd'),
    get('/assets/../../package.json'),
    get('/%2e%2e/%2e%2e/etc/passwd'),
    get('/..%2f..%2f..%2fetc%2fpasswd'),
    get('/..%5c..%5cpackage.json'),
    get('/..\\..\\package.json'),
    get('/index.html%00.js'),
    get('/%0d%0aSet-Cookie:%20x=1'),
    get(`/${long}`),
    get('/a'.repeat(40)),
    get(`/?${long}`),
    get('/assets/nothing-AbCd1234.js'),
    get('/nothing.png'),
    get('/.env'),
    get('/.git/config'),
    get('/api/nothing'),
    get('/api/recognise?fen=%%%&vocabulary=<script>'),
    get('/ws'),
    get('/local', 'Accept: application/json\r\n'),
    get('/', 'Range: bytes=999999999999-\r\n'),
    get('/', 'Range: bytes=9-1\r\n'),
    get('/', 'Range: bytes=0-1,3-4,5-6\r\n'),
    get('/', `Range: bytes=${'9'.repeat(100)}-\r\n`),
    get('/', 'Range: lines=1-2\r\n'),
    get('/sw.js', 'Range: bytes=-0\r\n'),
    get('/', 'If-Range: "nope"\r\nRange: bytes=0-1\r\n'),
    get('/', 'Accept-Encoding: br;q=5, gzip;q=-1, *;q=abc, ;;;, =\r\n'),
    get('/', `Accept-Encoding: ${'gzip;q=0.5,'.repeat(150)}\r\n`),
    get('/', `If-None-Match: ${'"x",'.repeat(1000)}\r\n`),
    get('/', 'If-None-Match: *\r\n'),
    get('/', 'If-Modified-Since: the day after tomorrow\r\n'),
    get('/', `X-Junk: ${long}\r\n`),
    get('/', `Accept: ${'text/html;q=0.'.repeat(100)}\r\n`),
    rawRequest('HEAD / HTTP/1.1\r\nHost: x\r\n\r\n'),
    rawRequest('HEAD /%ff HTTP/1.1\r\nHost: x\r\n\r\n'),
    rawRequest('DELETE / HTTP/1.1\r\nHost: x\r\n\r\n'),
    rawRequest('OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n'),
    rawRequest('PUT /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'),
    rawRequest('PROPFIND / HTTP/1.1\r\nHost: x\r\n\r\n'),
    rawRequest('POST /api/recognise?fen=x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'),
  ];
}

/** Requests that end their connection: Node's parser refuses them, or they leave a body unread. */
function connectionEnders(): Buffer[] {
  const texts = [
    'GARBAGE\r\n\r\n',
    'BREW / HTTP/1.1\r\nHost: x\r\n\r\n',
    'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
    'GET /\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
    `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n',
    'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nhello\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
    'GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /caf\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n',
    'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003',
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc',
    'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nhalf of it',
    'POST /api/recognise?fen=x HTTP/1.1\r\nHost: x\r\nContent-Type: audio/wav\r\nContent-Length: 480000\r\n\r\nRIFF',
    'POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 99999999\r\n\r\n',
    'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n',
    'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n',
    'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 99\r\n\r\n',
    'GET /elsewhere HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\n',
  ];
  const buffers = texts.map((t) => Buffer.from(t, 'latin1'));
  // Random bytes, and random bytes after a plausible start.
  for (let i = 0; i < 40; i++) buffers.push(randomBytes(1 + ((i * 37) % 2000)));
  for (let i = 0; i < 40; i++)
    buffers.push(Buffer.concat([Buffer.from('GET / HTTP/1.1\r\n'), randomBytes(1 + ((i * 53) % 500))]));
  return buffers;
}

/** WebSocket handshakes that succeed, then frames no client may send (bad opcodes, unmasked, huge). */
function badFrames(): Buffer[] {
  const handshake = Buffer.from(
    'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  const frames = [
    Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f]), // unmasked text frame
    Buffer.from([0x83, 0x80, 1, 2, 3, 4]), // reserved opcode 3
    Buffer.from([0xf1, 0x80, 1, 2, 3, 4]), // RSV bits set
    Buffer.from([0x81, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4]), // 2^63 bytes
    Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4]), // 1 MB: above the frame limit
    Buffer.from([0x89, 0xfe, 0x01, 0x00, 1, 2, 3, 4]), // a 256-byte ping: control frames are ≤ 125
    Buffer.from([0x01, 0x81, 1, 2, 3, 4, 0x61, 0x81, 0x81, 1, 2, 3, 4, 0x62]), // a new message inside a fragmented one
    randomBytes(300),
  ];
  return frames.map((frame) => Buffer.concat([handshake, frame]));
}

const fiveHundreds = (counts: StatusCounts) => [...counts].filter(([s]) => typeof s === 'number' && s >= 500);
const total = (counts: StatusCounts) => [...counts.values()].reduce((a, b) => a + b, 0);

test('more than 100,000 hostile requests leave the server up, the games intact, and play going on', async () => {
  const wsUrl = `ws://127.0.0.1:${server.port}/ws`;
  // Two games, played a little.
  const [blind, sighted] = await seatRoom(wsUrl, {}, ['blind', 'sighted'], wires);
  const [otherBlind] = await seatRoom(wsUrl, {}, ['blind', 'sighted'], wires);
  expect(await blind!.act({ kind: 'startGame' })).toBe('ok');
  for (const intent of moveIntents('blind', 'e2e4')) expect(await blind!.act(intent)).toBe('ok');
  for (const intent of moveIntents('sighted', 'e7e5')) expect(await sighted!.act(intent)).toBe('ok');
  expect(await otherBlind!.act({ kind: 'startGame' })).toBe('ok');
  for (const intent of moveIntents('blind', 'd2d4')) expect(await otherBlind!.act(intent)).toBe('ok');

  /**
   * Each room's whole log as a new connection resuming a seat is sent it; that connection takes
   * the seat over (the server closes the older one), and plays on from there.
   */
  const resume = async (seat: TableSeat) => {
    const w = await openWire(wsUrl);
    wires.push(w);
    w.send({ t: 'resume', code: seat.code, token: seat.token, after: 0 });
    const welcome = await w.next('welcome');
    const seated = { t: 'seated', code: seat.code, role: welcome.role, token: seat.token } as const;
    return { entries: welcome.entries, seat: tableSeat(w, seated, welcome) };
  };
  const before = await Promise.all([blind!, otherBlind!].map(resume));
  expect(before[0]!.entries.length).toBeGreaterThanOrEqual(7);

  const started = performance.now();
  const slow = await slowSenders(server.port, HOSTILE, 30, 200);
  const largest = readdirSync('dist/assets').find((name) => name.endsWith('.wasm'));
  const stalled = await nonReaders(server.port, HOSTILE, 20, `/assets/${largest}`);
  const keptAlive = keptAliveRequests();
  const enders = connectionEnders();
  const frames = badFrames();
  // WebSocket clients that send what the protocol refuses (bad JSON, unknown messages, binary).
  const junkClients = Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const socket = new WebSocket(wsUrl, { localAddress: HOSTILE });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      let replies = 0;
      socket.on('message', () => replies++);
      const junk = [
        '{',
        '[]',
        'null',
        '{"t":"intent"}',
        '{"t":"join","code":"x","role":"king"}',
        '{"t":"resume","code":"a","token":"b","after":-1}',
        Buffer.from([0, 1, 2]),
        JSON.stringify({ t: 'intent', n: 1, intent: { kind: 'move', uci: 'e2e4'.repeat(i) } }),
      ];
      for (let k = 0; k < 40; k++) socket.send(junk[k % junk.length] as string | Buffer);
      await new Promise<void>((resolve) => {
        const check = () => (replies >= 40 ? resolve() : undefined);
        socket.on('message', check);
        socket.once('close', () => resolve());
      });
      socket.close();
      return replies;
    }),
  );
  const [pipelinedCounts, enderCounts, frameCounts, cutCounts, junkReplies] = await Promise.all([
    pipelined(keptAlive, {
      port: server.port,
      localAddress: HOSTILE,
      connections: 8,
      batch: 100,
      total: PIPELINED_REQUESTS,
    }),
    oneShots(
      Array.from({ length: 3000 }, (_, i) => enders[i % enders.length] as Buffer),
      {
        port: server.port,
        localAddress: HOSTILE,
        concurrency: 8,
      },
    ),
    oneShots(
      Array.from({ length: 400 }, (_, i) => frames[i % frames.length] as Buffer),
      {
        port: server.port,
        localAddress: HOSTILE,
        concurrency: 4,
      },
    ),
    // Half-sent: the client gives up in the middle of what it sends.
    oneShots(
      Array.from({ length: 400 }, (_, i) => {
        const whole = (i % 2 ? keptAlive[i % keptAlive.length]?.bytes : enders[i % enders.length]) as Buffer;
        return whole.subarray(0, 1 + ((i * 7) % whole.length));
      }),
      { port: server.port, localAddress: HOSTILE, concurrency: 4 },
    ),
    junkClients,
  ]);
  const seconds = (performance.now() - started) / 1000;
  // Slow senders are cut off once their headers take too long (10 s).
  await expect.poll(() => slow.closedByServer(), { timeout: 30_000, interval: 500 }).toBe(30);
  slow.stop();
  stalled.stop();

  const requests = total(pipelinedCounts) + total(enderCounts) + total(frameCounts) + total(cutCounts);
  console.log(
    `hostile traffic: ${requests} requests in ${seconds.toFixed(1)} s; pipelined ${JSON.stringify([...pipelinedCounts])}, ` +
      `connection enders ${JSON.stringify([...enderCounts])}, bad frames ${JSON.stringify([...frameCounts])}, ` +
      `cut ${JSON.stringify([...cutCounts])}`,
  );
  expect(requests).toBeGreaterThanOrEqual(100_000);
  // Every pipelined request was answered on its kept-alive connection, and none with a 5xx.
  expect(total(pipelinedCounts)).toBe(PIPELINED_REQUESTS);
  for (const counts of [pipelinedCounts, enderCounts, frameCounts, cutCounts])
    expect(fiveHundreds(counts)).toEqual([]);
  // What Node's parser refused was answered (400, 413, 431), a body left unread ended its
  // connection after the answer (405, 429, 503 from the endpoints), or the connection just closed;
  // `GET /` with no version is an HTTP/0.9 request, and gets the app.
  for (const status of enderCounts.keys())
    expect([200, 400, 404, 405, 413, 426, 429, 431, 503, 'closed']).toContain(status);
  expect(junkReplies.every((n) => n >= 40)).toBe(true);

  // The server is up and serves the app.
  expect(server.process.exitCode).toBeNull();
  const page = await fetch(server.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  // No escaped exception, no fault logged; every answered request has its access log line.
  expect(server.stderr()).toBe('');
  expect(server.logCounts.get('level:error') ?? 0).toBe(0);
  expect(server.logCounts.get('level:fatal') ?? 0).toBe(0);
  await expect
    .poll(() => server.logCounts.get('http') ?? 0, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(PIPELINED_REQUESTS);
  expect(server.logCounts.get('http request refused by the parser') ?? 0).toBeGreaterThan(1000);

  // Each game's log is exactly what it was, and play goes on.
  const after = await Promise.all(before.map((b) => resume(b.seat)));
  expect(after.map((a) => a.entries)).toEqual(before.map((b) => b.entries));
  const blindAgain = after[0]!.seat;
  for (const intent of moveIntents('blind', 'g1f3')) expect(await blindAgain.act(intent)).toBe('ok');
  const plies = () => sighted!.view().state.plies.map((p) => p.san);
  for (let i = 0; plies().length < 3 && i < 100; i++)
    await sighted!.wire.count(sighted!.wire.received.length + 1);
  expect(plies()).toEqual(['e4', 'e5', 'Nf3']);
  expect(
    [sighted!, ...after.map((a) => a.seat)].every((s) => s.wire.socket.readyState === WebSocket.OPEN),
  ).toBe(true);
}, 240_000);
