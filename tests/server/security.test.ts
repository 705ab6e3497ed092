// Security of the real server (in-process, real SQLite, real WebSockets): wrong tokens, other rooms'
// codes, spectators, moving the other side's pieces, replayed and reordered frames, oversized and
// binary frames, rate limits and 10,000 seeded random frames. Each is refused with an error, the
// server stays up and the log is unchanged.
import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startTwinboardServer } from '../../src/server/app.ts';
import { CODE_WORDS } from '../../src/server/codes.ts';
import { matchEngine } from '../../src/server/matchEngine.ts';
import { MAX_MESSAGE_BYTES } from '../../src/net/protocol.ts';
import { invitation, openWire, withTestServer, type Wire } from './wire.ts';
import { nodeTransport, until, when } from '../helpers/pairedGame.ts';
import type { TransportEvent } from '../../src/ports/transport.ts';
import { mulberry32 } from '../helpers/prng.ts';

const dbPath = join(mkdtempSync(join(tmpdir(), 'twinboard-sec-')), 'rooms.db');
const open: Wire[] = [];
const twinboard = withTestServer(
  {
    dbPath,
    messagesPerSecond: 100_000,
    messageBurst: 100_000,
    // The join-failure limit has its own test on its own server below.
    joinFailuresPerMinute: 1_000_000,
  },
  () => Promise.all(open.map((w) => w.close())),
);

async function wire(): Promise<Wire> {
  const w = await openWire(twinboard.url);
  open.push(w);
  return w;
}

function eventCount(): number {
  const db = new Database(dbPath, { readonly: true });
  const n = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  db.close();
  return n;
}

/** A room with the blind player (white) and the sighted player seated and the game started. */
async function startedRoom(config: object = {}) {
  const blind = await wire();
  blind.send({ t: 'create', role: 'blind', config });
  const seated = await blind.next('seated');
  await blind.next('welcome');
  const sighted = await wire();
  sighted.send({ t: 'join', code: seated.code, role: 'sighted' });
  const sightedSeat = await sighted.next('seated');
  const welcome = await sighted.next('welcome');
  blind.send({ t: 'intent', n: 1, intent: { kind: 'startGame' } });
  await blind.next('ack');
  return {
    blind,
    sighted,
    code: seated.code,
    token: seated.token,
    sightedToken: sightedSeat.token,
    sightedN: welcome.n,
  };
}

describe('pairing', () => {
  test('the creator gets a three-word code from the fixed list and a secret token stored only hashed', async () => {
    const w = await wire();
    w.send({ t: 'create', role: 'blind', config: {} });
    const seated = await w.next('seated');
    const words = seated.code.split('-');
    expect(words).toHaveLength(3);
    for (const word of words) expect(CODE_WORDS).toContain(word);
    expect(seated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const db = new Database(dbPath, { readonly: true });
    const rows = db.prepare('SELECT token_hash FROM seats WHERE code = ?').all(seated.code) as {
      token_hash: string;
    }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(seated.token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the code list has 256 distinct short words', () => {
    expect(new Set(CODE_WORDS).size).toBe(256);
    for (const w of CODE_WORDS) expect(w).toMatch(/^[a-z]{3,8}$/);
  });

  test('checklist 4: each player seat is taken once; spectators may be many', async () => {
    const { code } = await startedRoom();
    const again = await wire();
    again.send({ t: 'join', code, role: 'sighted' });
    expect((await again.next('error')).code).toBe('seatRefused');
    const s1 = await wire();
    const s2 = await wire();
    s1.send({ t: 'join', code, role: 'spectator' });
    s2.send({ t: 'join', code, role: 'spectator' });
    expect((await s1.next('seated')).role).toBe('spectator');
    expect((await s2.next('seated')).role).toBe('spectator');
  });

  test("checklist 5 (BL-05): the sighted player's assistant is refused while the blind player has one", async () => {
    const creator = await wire();
    creator.send({ t: 'create', role: 'blind', config: { roles: ['blindAssistant'] } });
    const { code } = await creator.next('seated');
    await creator.next('welcome');
    const helper = await wire();
    helper.send({
      t: 'join',
      code,
      role: 'sightedAssistant',
      invite: await invitation(creator, 'sightedAssistant'),
    });
    const refusal = await helper.next('error');
    expect(refusal.code).toBe('seatRefused');
    helper.send({
      t: 'join',
      code,
      role: 'blindAssistant',
      invite: await invitation(creator, 'blindAssistant'),
    });
    expect((await helper.next('seated')).role).toBe('blindAssistant');
  });

  test('a configuration the match refuses is refused with badConfig and creates nothing', async () => {
    const before = twinboard.server.store.roomCount();
    const w = await wire();
    w.send({ t: 'create', role: 'blind', config: { relay: 'telepathy' } });
    expect((await w.next('error')).code).toBe('badConfig');
    w.send({ t: 'create', role: 'blind', config: { roles: ['blindAssistant', 'sightedAssistant'] } });
    expect((await w.next('error')).code).toBe('badConfig');
    expect(twinboard.server.store.roomCount()).toBe(before);
  });
});

describe('refusals leave the log unchanged', () => {
  test('a wrong token, and a valid token with another room’s code', async () => {
    const a = await startedRoom();
    const b = await startedRoom();
    const before = eventCount();
    const w = await wire();
    w.send({ t: 'resume', code: a.code, token: 'x'.repeat(43), after: 0 });
    expect((await w.next('error')).code).toBe('badToken');
    w.send({ t: 'resume', code: b.code, token: a.token, after: 0 });
    expect((await w.next('error')).code).toBe('badToken');
    w.send({ t: 'intent', n: 1, intent: { kind: 'resign' } });
    expect((await w.next('error')).code).toBe('notSeated');
    expect(eventCount()).toBe(before);
  });

  test("a spectator's move is forbidden", async () => {
    const { code } = await startedRoom();
    const spectator = await wire();
    spectator.send({ t: 'join', code, role: 'spectator' });
    const welcome = await spectator.next('welcome');
    const before = eventCount();
    spectator.send({ t: 'intent', n: welcome.n + 1, intent: { kind: 'move', uci: 'e2e4' } });
    expect((await spectator.next('error')).code).toBe('forbidden');
    expect(eventCount()).toBe(before);
  });

  test("the sighted player cannot move the blind player's pieces, even when claiming to be him", async () => {
    const { sighted, sightedN } = await startedRoom();
    const before = eventCount();
    sighted.send({ t: 'intent', n: sightedN + 1, intent: { kind: 'move', uci: 'e2e4' } });
    expect((await sighted.next('error')).code).toBe('forbidden');
    sighted.send({ t: 'intent', n: sightedN + 1, intent: { kind: 'lift', square: 'e2', by: 'blind' } });
    expect((await sighted.next('error')).code).toBe('forbidden');
    expect(eventCount()).toBe(before);
  });

  test('the log records the seat that sent an intent, not the one it claims', async () => {
    const { sighted, sightedN, code } = await startedRoom();
    sighted.send({ t: 'intent', n: sightedN + 1, intent: { kind: 'offerDraw', by: 'blind' } });
    await sighted.next('ack');
    const last = twinboard.server.store.entries(code, 0).at(-1);
    expect(last?.role).toBe('sighted');
    expect(last?.intent['by']).toBe('sighted');
  });

  test('a replayed or out-of-order intent number is refused', async () => {
    const { blind } = await startedRoom();
    const before = eventCount();
    blind.send({ t: 'intent', n: 1, intent: { kind: 'lift', square: 'e2' } });
    expect((await blind.next('error')).code).toBe('replayed');
    blind.send({ t: 'intent', n: 5, intent: { kind: 'lift', square: 'e2' } });
    expect((await blind.next('error')).code).toBe('outOfOrder');
    expect(eventCount()).toBe(before);
    blind.send({ t: 'intent', n: 2, intent: { kind: 'lift', square: 'e2' } });
    expect(await blind.next('ack')).toMatchObject({ n: 2 });
    expect(eventCount()).toBe(before + 1);
  });

  test('an oversized frame, a binary frame and an unknown intent field are refused', async () => {
    const { blind } = await startedRoom();
    const before = eventCount();
    blind.sendRaw(JSON.stringify({ t: 'ping', pad: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect((await blind.next('error')).code).toBe('tooLarge');
    blind.sendRaw(Buffer.from([1, 2, 3]));
    expect((await blind.next('error')).code).toBe('badMessage');
    blind.send({ t: 'intent', n: 2, intent: { kind: 'lift', square: 'e2', extra: true } });
    expect((await blind.next('error')).code).toBe('badIntent');
    blind.send({ t: 'intent', n: 2, intent: { kind: 'lift', square: 'z9' } });
    expect((await blind.next('error')).code).toBe('badIntent');
    expect(eventCount()).toBe(before);
  });

  test('10,000 seeded random and malformed frames: each refused, the server up, the log unchanged', async () => {
    const { blind, code, token } = await startedRoom();
    const before = eventCount();
    const frames = randomFrames(10_000, 20261122, code, token);
    const start = blind.received.length;
    for (const f of frames) blind.sendRaw(f);
    await blind.count(start + frames.length, 30_000);
    const replies = blind.received.slice(start);
    expect(replies.every((m) => m.t === 'error')).toBe(true);
    expect(eventCount()).toBe(before);
    blind.send({ t: 'ping' });
    await blind.next('pong');
    const fresh = await wire();
    fresh.send({ t: 'ping' });
    await fresh.next('pong');
  });
});

describe('rate limits', () => {
  /** A server of its own with `options`, closed after the test with the wires it opened. */
  async function limitedServer(options: Partial<Parameters<typeof startTwinboardServer>[0]>) {
    const server = await startTwinboardServer({
      engine: matchEngine,
      dbPath: ':memory:',
      port: 0,
      host: '127.0.0.1',
      ...options,
    });
    const url = `ws://127.0.0.1:${server.port}/ws`;
    const wires: Wire[] = [];
    return {
      server,
      url,
      async wire() {
        const w = await openWire(url);
        wires.push(w);
        return w;
      },
      async close() {
        await Promise.all(wires.map((w) => w.close()));
        await server.close();
      },
    };
  }

  test('a connection that floods is told once how long to wait, then answered again after that', async () => {
    const limited = await limitedServer({ messagesPerSecond: 20, messageBurst: 10 });
    const w = await limited.wire();
    for (let i = 0; i < 50; i++) w.send({ t: 'ping' });
    const refusal = await w.next('error');
    expect(refusal.code).toBe('rateLimited');
    expect(refusal.retryAfterMs).toBeGreaterThan(0);
    expect(refusal.retryAfterMs).toBeLessThanOrEqual(1000);
    await w.count(11);
    // The flood beyond the burst is dropped unanswered: ten pongs and one refusal.
    expect(w.received.filter((m) => m.t === 'pong')).toHaveLength(10);
    expect(w.received.filter((m) => m.t === 'error')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, (refusal.retryAfterMs ?? 0) + 100));
    const before = w.received.filter((m) => m.t === 'pong').length;
    w.send({ t: 'ping' });
    await w.count(w.received.length + 1);
    expect(w.received.filter((m) => m.t === 'pong').length).toBe(before + 1);
    await limited.close();
  });

  test('a connection that goes on flooding after being told to wait is cut off, and its address refused a while', async () => {
    // The server's clock stands still, so no token comes back while the flood is read.
    const limited = await limitedServer({ messagesPerSecond: 20, messageBurst: 10, now: () => 1_000_000 });
    const w = await limited.wire();
    const closed = new Promise<void>((resolve) => w.socket.once('close', () => resolve()));
    for (let i = 0; i < 500; i++) w.send({ t: 'ping' });
    await closed;
    expect(w.received.filter((m) => m.t === 'pong').length).toBeLessThanOrEqual(10);
    const refused = await openWire(limited.url).then(
      () => 'accepted',
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/429/);
    await limited.close();
  });

  test('after 10 failed join attempts from one address, even a right code is refused for a while', async () => {
    let t = 1_000_000;
    const limited = await limitedServer({ now: () => t });
    const creator = await limited.wire();
    creator.send({ t: 'create', role: 'blind', config: {} });
    const { code } = await creator.next('seated');
    const guesser = await limited.wire();
    for (let i = 0; i < 10; i++) {
      guesser.send({ t: 'join', code: 'acorn-acorn-acorn', role: 'sighted' });
      expect((await guesser.next('error')).code).toBe('noSuchRoom');
    }
    guesser.send({ t: 'join', code, role: 'sighted' });
    const refusal = await guesser.next('error');
    expect(refusal.code).toBe('rateLimited');
    expect(refusal.retryAfterMs).toBe(60_000);
    t += 61_000;
    guesser.send({ t: 'join', code, role: 'sighted' });
    expect((await guesser.next('seated')).code).toBe(code);
    await limited.close();
  });

  test('a screen whose resume is rate-limited waits as told and gets back in by itself', async () => {
    const limited = await limitedServer({ joinFailuresPerMinute: 3, joinFailureWindowMs: 1500 });
    const creator = await limited.wire();
    creator.send({ t: 'create', role: 'blind', config: {} });
    const seated = await creator.next('seated');
    await creator.close();
    const guesser = await limited.wire();
    for (let i = 0; i < 3; i++) {
      guesser.send({ t: 'join', code: 'acorn-acorn-acorn', role: 'sighted' });
      await guesser.next('error');
    }
    // The blind player's screen reloads now, from the same address.
    const screen = nodeTransport(limited.url);
    const events: TransportEvent[] = [];
    screen.subscribe((e) => events.push(e));
    screen.start({ resume: { code: seated.code, token: seated.token, role: 'blind' } });
    const refused = await when(
      screen,
      (e): e is Extract<TransportEvent, { kind: 'refused' }> => e.kind === 'refused',
    );
    expect(refused.code).toBe('rateLimited');
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1500);
    expect(screen.status).not.toBe('closed');
    await until(() => screen.status === 'online', 5000, 'back online by itself');
    expect(events.some((e) => e.kind === 'room' && e.code === seated.code)).toBe(true);
    screen.close();
    await limited.close();
  });

  test('room creation is limited per address, and the refusal says how long to wait', async () => {
    const limited = await limitedServer({ roomBurst: 3, roomsPerHour: 60 });
    const w = await limited.wire();
    for (let i = 0; i < 3; i++) {
      w.send({ t: 'create', role: 'blind', config: {} });
      await w.next('seated');
    }
    w.send({ t: 'create', role: 'blind', config: {} });
    const refusal = await w.next('error');
    expect(refusal.code).toBe('rateLimited');
    // One more room a minute (60 an hour) once the burst is spent.
    expect(refusal.retryAfterMs).toBeGreaterThan(50_000);
    expect(refusal.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(limited.server.store.roomCount()).toBe(3);
    await limited.close();
  });

  test('open connections are limited per address; a closed one frees its place', async () => {
    const limited = await limitedServer({ connectionsPerAddress: 3 });
    const three = [await limited.wire(), await limited.wire(), await limited.wire()];
    const fourth = await limited.wire();
    const refusal = await fourth.next('error');
    expect(refusal.code).toBe('rateLimited');
    expect(refusal.retryAfterMs).toBeGreaterThan(0);
    await new Promise<void>((resolve) => {
      if (fourth.socket.readyState === fourth.socket.CLOSED) resolve();
      else fourth.socket.once('close', () => resolve());
    });
    await three[0]?.close();
    // The server counts the closed connection out when it sees the close; try until it has.
    let answer: string | undefined;
    for (let attempt = 0; attempt < 20 && answer !== 'pong'; attempt++) {
      const again = await limited.wire();
      again.send({ t: 'ping' });
      await again.count(1);
      answer = again.received[0]?.t;
    }
    expect(answer).toBe('pong');
    await limited.close();
  });
});

/** Random bytes, truncated JSON, wrong types and plausible-but-wrong messages. */
function randomFrames(count: number, seed: number, code: string, token: string): string[] {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const junk = () =>
    Array.from({ length: Math.floor(rnd() * 40) }, () =>
      String.fromCharCode(Math.floor(rnd() * 0xffff)),
    ).join('');
  const values = [null, true, 0, -1, 1.5, 1e308, '', 'e2e4', [], {}, [1, [2, [3]]], { kind: 'move' }, junk()];
  const templates: (() => unknown)[] = [
    () => ({ t: pick(['create', 'join', 'resume', 'intent', 'ping', 'x', 7]), [junk()]: pick(values) }),
    () => ({ t: 'intent', n: pick([0, -3, 1.5, 'one', null, 1e20]), intent: { kind: 'resign' } }),
    () => ({
      t: 'intent',
      n: 1,
      intent: { kind: pick(['move', 'lift', 'teleport', 'adjustClock', '']), uci: pick(values) },
    }),
    () => ({ t: 'intent', n: 1, intent: pick(values) }),
    () => ({
      t: 'join',
      code: pick([code.toUpperCase() + 'x', junk(), 'a-b', 12]),
      role: pick(['king', 'blind', null]),
    }),
    () => ({ t: 'resume', code, token: pick([token.slice(1), junk(), 5]), after: pick(values) }),
    () => ({
      t: 'create',
      role: pick(['blind', 'god']),
      config: pick([{ relay: 3 }, { supplement: 'S99' }, [], 'x']),
    }),
    () => pick(values),
  ];
  return Array.from({ length: count }, () => {
    const r = rnd();
    if (r < 0.2) return junk();
    const text = JSON.stringify(pick(templates)());
    return r < 0.35 ? text.slice(0, Math.floor(rnd() * text.length)) : text;
  });
}
