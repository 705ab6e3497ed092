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
import { openWire, withTestServer, type Wire } from './wire.ts';
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
    const helper = await wire();
    helper.send({ t: 'join', code, role: 'sightedAssistant' });
    const refusal = await helper.next('error');
    expect(refusal.code).toBe('seatRefused');
    helper.send({ t: 'join', code, role: 'blindAssistant' });
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
  test('a connection that floods is told to slow down', async () => {
    const limited = await startTwinboardServer({
      engine: matchEngine,
      dbPath: ':memory:',
      port: 0,
      host: '127.0.0.1',
    });
    const w = await openWire(`ws://127.0.0.1:${limited.port}/ws`);
    for (let i = 0; i < 100; i++) w.send({ t: 'ping' });
    await w.count(100);
    expect(w.received.filter((m) => m.t === 'error' && m.code === 'rateLimited').length).toBeGreaterThan(0);
    await w.close();
    await limited.close();
  });

  test('after 10 failed join attempts from one address, even a right code is refused for a while', async () => {
    let t = 1_000_000;
    const limited = await startTwinboardServer({
      engine: matchEngine,
      dbPath: ':memory:',
      port: 0,
      host: '127.0.0.1',
      now: () => t,
    });
    const u = `ws://127.0.0.1:${limited.port}/ws`;
    const creator = await openWire(u);
    creator.send({ t: 'create', role: 'blind', config: {} });
    const { code } = await creator.next('seated');
    const guesser = await openWire(u);
    for (let i = 0; i < 10; i++) {
      guesser.send({ t: 'join', code: 'acorn-acorn-acorn', role: 'sighted' });
      expect((await guesser.next('error')).code).toBe('noSuchRoom');
    }
    guesser.send({ t: 'join', code, role: 'sighted' });
    expect((await guesser.next('error')).code).toBe('rateLimited');
    t += 61_000;
    guesser.send({ t: 'join', code, role: 'sighted' });
    expect((await guesser.next('seated')).code).toBe(code);
    await Promise.all([creator.close(), guesser.close()]);
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
