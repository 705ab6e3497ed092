// Seats nobody can steal (issue 14), on the real server with real SQLite and WebSockets: the pairing
// code lets in the opponent, the assistants' and the arbiter's seats need an invitation made by the
// creator or the arbiter, the creator sees and removes who is seated, a second connection on a seat
// takes it over saying so to both, and fields named after Object.prototype's members are refused
// like any other unknown field.
import { describe, expect, test } from 'vitest';
import { invitation, openWire, withTestServer, type Wire } from './wire.ts';

const open: Wire[] = [];
const twinboard = withTestServer({}, () => Promise.all(open.map((w) => w.close())));

async function wire(): Promise<Wire> {
  const w = await openWire(twinboard.url);
  open.push(w);
  return w;
}

function eventCount(code: string): number {
  return twinboard.server.store.entries(code, 0).length;
}

/** A room made by the blind player with an assistant and an arbiter chosen at setup. */
async function room() {
  const creator = await wire();
  creator.send({ t: 'create', role: 'blind', config: { roles: ['blindAssistant', 'arbiter'] } });
  const seated = await creator.next('seated');
  await creator.next('welcome');
  return { creator, code: seated.code, token: seated.token };
}

describe('invitations', () => {
  test('a stranger with the pairing code cannot take the arbiter or an assistant seat', async () => {
    const { creator, code } = await room();
    // A real invitation exists, for another role: it must not help.
    await invitation(creator, 'blindAssistant');
    const before = eventCount(code);
    const stranger = await wire();
    for (const role of ['arbiter', 'blindAssistant', 'sightedAssistant']) {
      stranger.send({ t: 'join', code, role });
      const refusal = await stranger.next('error');
      expect(refusal.code).toBe('inviteNeeded');
      expect(refusal.message).toMatch(/invitation/);
      stranger.send({ t: 'join', code, role, invite: 'ocean-tiger-lemon' });
      expect((await stranger.next('error')).code).toBe('inviteNeeded');
    }
    expect(stranger.received.some((m) => m.t === 'seated')).toBe(false);
    expect(twinboard.server.store.seats(code).map((s) => s.role)).toEqual(['blind']);
    expect(eventCount(code)).toBe(before);
    // The pairing code still lets the opponent and spectators in.
    stranger.send({ t: 'join', code, role: 'sighted' });
    expect((await stranger.next('seated')).role).toBe('sighted');
  });

  test('the invitation lets one person in, once, in its own role only', async () => {
    const { creator, code } = await room();
    const invite = await invitation(creator, 'arbiter');
    expect(invite.split('-')).toHaveLength(3);
    const wrongRole = await wire();
    wrongRole.send({ t: 'join', code, role: 'blindAssistant', invite });
    expect((await wrongRole.next('error')).code).toBe('inviteNeeded');
    const arbiter = await wire();
    // Typed as it is read aloud: words with spaces, any case.
    arbiter.send({ t: 'join', code, role: 'arbiter', invite: invite.split('-').join(' ').toUpperCase() });
    expect((await arbiter.next('seated')).role).toBe('arbiter');
    const second = await wire();
    second.send({ t: 'join', code, role: 'arbiter', invite });
    expect((await second.next('error')).code).toBe('inviteNeeded');
  });

  test('the arbiter may invite; the opponent, an assistant and a spectator may not', async () => {
    const { creator, code } = await room();
    const arbiter = await wire();
    arbiter.send({ t: 'join', code, role: 'arbiter', invite: await invitation(creator, 'arbiter') });
    await arbiter.next('welcome');
    expect((await invitation(arbiter, 'blindAssistant')).split('-')).toHaveLength(3);
    for (const role of ['sighted', 'spectator']) {
      const w = await wire();
      w.send({ t: 'join', code, role });
      await w.next('welcome');
      w.send({ t: 'invite', role: 'arbiter' });
      expect((await w.next('error')).code).toBe('forbidden');
    }
  });

  test('a newer invitation for a role replaces the older one', async () => {
    const { creator, code } = await room();
    const first = await invitation(creator, 'blindAssistant');
    const second = await invitation(creator, 'blindAssistant');
    const w = await wire();
    w.send({ t: 'join', code, role: 'blindAssistant', invite: first });
    expect((await w.next('error')).code).toBe('inviteNeeded');
    w.send({ t: 'join', code, role: 'blindAssistant', invite: second });
    expect((await w.next('seated')).role).toBe('blindAssistant');
  });
});

describe('the creator sees and removes who is seated', () => {
  test('the seat list reaches the creator as people come and go, and not the opponent', async () => {
    const { creator, code } = await room();
    const sighted = await wire();
    sighted.send({ t: 'join', code, role: 'sighted' });
    await sighted.next('welcome');
    await creator.count(1);
    let seats = creator.received.filter((m) => m.t === 'seats').at(-1);
    while (!seats || seats.seats.length < 2) {
      await creator.count(creator.received.length + 1);
      seats = creator.received.filter((m) => m.t === 'seats').at(-1);
    }
    expect(seats.seats.map((s) => [s.role, s.online, s.creator])).toEqual([
      ['blind', true, true],
      ['sighted', true, false],
    ]);
    expect(sighted.received.some((m) => m.t === 'seats')).toBe(false);
  });

  test('a removed seat is told, disconnected, and its token no longer opens it; the seat is free again', async () => {
    const { creator, code } = await room();
    const thief = await wire();
    thief.send({ t: 'join', code, role: 'sighted' });
    const stolen = await thief.next('seated');
    await thief.next('welcome');
    const seatId = twinboard.server.store.seats(code).find((s) => s.role === 'sighted')?.id;
    expect(seatId).toBeDefined();
    // The thief may not remove anyone.
    thief.send({ t: 'removeSeat', seat: twinboard.server.store.seats(code)[0]?.id ?? 0 });
    expect((await thief.next('error')).code).toBe('forbidden');
    const closed = new Promise<number>((resolve) => thief.socket.once('close', (c) => resolve(c)));
    creator.send({ t: 'removeSeat', seat: seatId });
    expect((await thief.next('error')).code).toBe('seatRemoved');
    expect(await closed).toBe(4002);
    const list = await creator.next('seats');
    for (let m = list; m.seats.some((s) => s.role === 'sighted'); m = await creator.next('seats'));
    const back = await wire();
    back.send({ t: 'resume', code, token: stolen.token, after: 0 });
    expect((await back.next('error')).code).toBe('badToken');
    const opponent = await wire();
    opponent.send({ t: 'join', code, role: 'sighted' });
    expect((await opponent.next('seated')).role).toBe('sighted');
  });

  test("the creator's own seat cannot be removed", async () => {
    const { creator, code } = await room();
    creator.send({ t: 'removeSeat', seat: twinboard.server.store.seats(code)[0]?.id ?? 0 });
    expect((await creator.next('error')).code).toBe('refused');
    expect(twinboard.server.store.seats(code)).toHaveLength(1);
  });
});

describe('a second connection on the same seat', () => {
  test('takes the seat over, saying so to both; the first is closed and gets nothing more', async () => {
    const { creator, code, token } = await room();
    const closed = new Promise<number>((resolve) => creator.socket.once('close', (c) => resolve(c)));
    const second = await wire();
    second.send({ t: 'resume', code, token, after: 0 });
    await second.next('welcome');
    expect(await second.next('takeover')).toEqual({ t: 'takeover', role: 'blind', here: true });
    expect(await creator.next('takeover')).toEqual({ t: 'takeover', role: 'blind', here: false });
    expect(await closed).toBe(4001);
    second.send({ t: 'intent', n: 1, intent: { kind: 'startGame' } });
    expect((await second.next('ack')).n).toBe(1);
  });

  test('a reload (the old connection closed first) is no takeover', async () => {
    const { creator, code, token } = await room();
    await creator.close();
    const reloaded = await wire();
    reloaded.send({ t: 'resume', code, token, after: 0 });
    await reloaded.next('welcome');
    reloaded.send({ t: 'ping' });
    await reloaded.next('pong');
    expect(reloaded.received.some((m) => m.t === 'takeover')).toBe(false);
  });
});

describe('fields named after Object.prototype members', () => {
  const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

  test.each(NAMES)('“%s” is refused in a message, in an intent and in a room configuration', async (name) => {
    const { creator, code } = await room();
    const before = eventCount(code);
    const rooms = twinboard.server.store.roomCount();
    // Written as text: a JavaScript object literal would not carry `__proto__` as a field.
    creator.sendRaw(`{"t":"ping","${name}":1}`);
    expect((await creator.next('error')).code).toBe('badMessage');
    creator.sendRaw(`{"t":"intent","n":1,"intent":{"kind":"startGame","${name}":{}}}`);
    expect((await creator.next('error')).code).toBe('badIntent');
    creator.sendRaw(`{"t":"intent","n":1,"intent":{"kind":"offerDraw","${name}":"x"}}`);
    expect((await creator.next('error')).code).toBe('badIntent');
    creator.sendRaw(`{"t":"create","role":"blind","config":{"${name}":1}}`);
    expect((await creator.next('error')).code).toBe('badConfig');
    creator.sendRaw(`{"t":"${name}"}`);
    expect((await creator.next('error')).code).toBe('badMessage');
    expect(eventCount(code)).toBe(before);
    expect(twinboard.server.store.roomCount()).toBe(rooms);
    // The seat still works: the same intent without the field is accepted.
    creator.send({ t: 'intent', n: 1, intent: { kind: 'startGame' } });
    expect((await creator.next('ack')).n).toBe(1);
  });
});
