// The sealed move over the real server (spec §2.13, GR-70–GR-72, BL-34): in-process server, real
// SQLite and WebSockets. Whatever the opponent's (or the arbiter's) connection receives — live
// entries, the welcome replay after a reconnection, the first of two resumption requests — never
// holds the sealed move until the envelope is opened; then every copy plays it on both boards and
// starts the replier's clock. A client cannot forge the opened move nor smuggle a hidden one in.
import { describe, expect, test } from 'vitest';
import { moveIntents } from '../helpers/pairedGame.ts';
import {
  delivered,
  openWire,
  seatRoom,
  tableSeat,
  withTestServer,
  type TableSeat,
  type Wire,
} from './wire.ts';

const wires: Wire[] = [];
const twinboard = withTestServer({ messagesPerSecond: 10_000, messageBurst: 10_000 }, () =>
  Promise.all(wires.map((w) => w.close())),
);

const seats: TableSeat[] = [];
/** A room with the given configuration and the seats taken in order (the first creates it). */
async function room(config: Record<string, unknown>, roles: readonly string[]): Promise<TableSeat[]> {
  const seated = await seatRoom(twinboard.url, config, roles, wires);
  seats.push(...seated);
  return seated;
}

/** Waits until every screen has received its room's log to the last entry. */
const settle = () => delivered(twinboard.server, seats);
const sees = (s: TableSeat, ...moves: string[]) =>
  moves.some((m) => JSON.stringify(s.wire.received).includes(m));

async function play(s: TableSeat, seat: 'blind' | 'sighted', uci: string): Promise<void> {
  for (const i of moveIntents(seat, uci)) expect(await s.act(i)).toBe('ok');
}

describe('the sealed move on the wire (GR-71)', () => {
  test('changed sealed moves never reach the opponent; the first of two resumption requests reveals nothing', async () => {
    const [blind, sighted] = await room({}, ['blind', 'sighted']);
    expect(await blind!.act({ kind: 'startGame' })).toBe('ok');
    await play(blind!, 'blind', 'e2e4');
    expect(await sighted!.act({ kind: 'sealMove', move: 'Nc6' })).toBe('ok');
    expect(await sighted!.act({ kind: 'sealMove', move: 'g8f6' })).toBe('ok');
    expect(await sighted!.act({ kind: 'adjourn' })).toBe('ok');
    await settle();
    expect(sees(sighted!, 'g8f6')).toBe(true);
    expect(sees(blind!, 'b8c6', 'Nc6', 'g8f6', 'Nf6')).toBe(false);
    expect(blind!.view().state.adjournment).toMatchObject({ phase: 'adjourned', sealed: { kind: 'hidden' } });
    expect(blind!.view().state.clock.running).toBeNull();
    // Without an arbiter both players ask (GR-96); the first request opens nothing.
    expect(await blind!.act({ kind: 'resume' })).toBe('ok');
    await settle();
    expect(sees(blind!, 'g8f6')).toBe(false);
    expect(await sighted!.act({ kind: 'resume' })).toBe('ok');
    await settle();
    for (const s of [blind!, sighted!]) {
      const state = s.view().state;
      expect(state.boards.blind.game.moves).toEqual(['e2e4', 'g8f6']);
      expect(state.boards.sighted.game.moves).toEqual(['e2e4', 'g8f6']);
      expect(state.clock.running).toBe('w');
    }
  });

  test('a reconnecting opponent’s replay is redacted too, and the VH player’s assistant (duty f) reads it', async () => {
    const [blind, sighted, assistant, arbiter] = await room({ roles: ['blindAssistant', 'arbiter'] }, [
      'blind',
      'sighted',
      'blindAssistant',
      'arbiter',
    ]);
    expect(await blind!.act({ kind: 'startGame' })).toBe('ok');
    expect(await assistant!.act({ kind: 'sealMove', move: 'd2d4' })).toBe('ok');
    await settle();
    expect(sees(blind!, 'd2d4')).toBe(true);
    for (const s of [sighted!, arbiter!]) expect(sees(s, 'd2d4')).toBe(false);
    // The opponent reloads his page (the old connection closes): the welcome replay hides the move as well.
    await sighted!.wire.close();
    const again = await openWire(twinboard.url);
    wires.push(again);
    again.send({ t: 'resume', code: sighted!.code, token: sighted!.token, after: 0 });
    const welcome = await again.next('welcome');
    expect(welcome.entries.some((e) => e.intent.kind === 'sealMove')).toBe(true);
    expect(JSON.stringify(welcome)).not.toContain('d2d4');
    const reloaded = tableSeat(
      again,
      { t: 'seated', code: sighted!.code, role: 'sighted', token: sighted!.token },
      welcome,
    );
    seats.push(reloaded);
    expect(await assistant!.act({ kind: 'adjourn' })).toBe('ok');
    expect(await arbiter!.act({ kind: 'resume' })).toBe('ok');
    await settle();
    for (const s of [blind!, reloaded, arbiter!]) {
      expect(s.view().state.boards.sighted.game.moves).toEqual(['d2d4']);
      expect(s.view().state.clock.running).toBe('b');
    }
  });

  test('an absent replier’s clock starts with the envelope closed; it is revealed only on his arrival', async () => {
    const [blind, sighted, arbiter] = await room({ roles: ['arbiter'] }, ['blind', 'sighted', 'arbiter']);
    expect(await blind!.act({ kind: 'startGame' })).toBe('ok');
    expect(await blind!.act({ kind: 'sealMove', move: 'g1f3' })).toBe('ok');
    expect(await blind!.act({ kind: 'adjourn' })).toBe('ok');
    expect(await arbiter!.act({ kind: 'resume', replierAbsent: true })).toBe('ok');
    await settle();
    for (const s of [sighted!, arbiter!]) {
      expect(sees(s, 'g1f3')).toBe(false);
      expect(s.view().state.clock.running).toBe('b');
      expect(s.view().state.adjournment?.phase).toBe('awaitingReplier');
    }
    expect(await arbiter!.act({ kind: 'resume' })).toBe('ok');
    await settle();
    for (const s of [blind!, sighted!, arbiter!]) {
      expect(s.view().state.boards.sighted.game.moves).toEqual(['g1f3']);
      expect(s.view().state.clock.running).toBe('b');
    }
  });

  test('a forged opened move is dropped and a hidden sealed move cannot be sent', async () => {
    const [blind, sighted, arbiter] = await room({ roles: ['arbiter'] }, ['blind', 'sighted', 'arbiter']);
    expect(await blind!.act({ kind: 'startGame' })).toBe('ok');
    expect(await blind!.act({ kind: 'sealMove', hidden: true })).toBe('badIntent');
    expect(await blind!.act({ kind: 'sealMove', move: 'e2e5' })).toBe('refused');
    expect(await blind!.act({ kind: 'sealMove', move: 'c2c4' })).toBe('ok');
    expect(await blind!.act({ kind: 'adjourn' })).toBe('ok');
    expect(await sighted!.act({ kind: 'resume' })).toBe('forbidden');
    expect(await arbiter!.act({ kind: 'resume', revealed: 'd2d4' })).toBe('ok');
    await settle();
    for (const s of [blind!, sighted!, arbiter!])
      expect(s.view().state.boards.blind.game.moves).toEqual(['c2c4']);
    const stored = twinboard.server.store.entries(blind!.code, 0).find((e) => e.intent.kind === 'resume');
    expect(stored?.intent).toMatchObject({ revealed: 'c2c4' });
  });
});
