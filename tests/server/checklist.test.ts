// Feature checklist items (rules-spec §5) at the server's layer: each is played through the real
// server (in-process, real SQLite and WebSockets) by the seats that hold the roles, and checked on
// what every client folds from the log — the twin boards, scores, clocks and events they see.
import { describe, expect, test } from 'vitest';
import { eventsForRole } from '../../src/session/room.ts';
import { moveIntents } from '../helpers/pairedGame.ts';
import {
  delivered,
  invitation,
  openWire,
  seatRoom,
  withTestServer,
  type TableSeat,
  type Wire,
} from './wire.ts';

const wires: Wire[] = [];
/** The server's clock runs `ahead` of the real one: a test moves time on instead of waiting. */
let ahead = 0;
const twinboard = withTestServer(
  { messagesPerSecond: 10_000, messageBurst: 10_000, now: () => Date.now() + ahead },
  () => Promise.all(wires.map((w) => w.close())),
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

async function play(p: TableSeat, seatName: 'blind' | 'sighted', uci: string): Promise<void> {
  for (const i of moveIntents(seatName, uci)) expect(await p.act(i)).toBe('ok');
}

describe('A. twin boards, roles, set-up', () => {
  test('checklist 1: either player may demand two boards (S85) and the other cannot refuse; S72 has them always', async () => {
    const [blind, sighted] = await room({ twinBoards: false }, ['blind', 'sighted']);
    expect(blind!.view().state.setup.twinBoards).toBe(false);
    expect(await sighted!.act({ kind: 'setTwinBoards', on: true })).toBe('ok');
    expect(await blind!.act({ kind: 'setTwinBoards', on: false })).toBe('refused');
    await settle();
    expect(blind!.view().state.setup.twinBoards).toBe(true);
    const [old] = await room({ profileId: 'fide1972', twinBoards: false }, ['blind']);
    expect(old!.view().state.setup.twinBoards).toBe(true);
  });

  test('checklist 2: a VH-vs-VH game gives both players an accessible board', async () => {
    const [a, b] = await room({ pairing: 'blindVsBlind' }, ['blind', 'sighted']);
    expect(await a!.act({ kind: 'startGame' })).toBe('ok');
    await play(a!, 'blind', 'e2e4');
    // The second seat lifts and places on apertures like the first.
    for (const i of moveIntents('blind', 'e7e5')) expect(await b!.act(i)).toBe('ok');
    await settle();
    expect(a!.view().state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
  });

  test('checklist 3: the arbiter adapts a supplement setting; it is logged and announced to both players (S85 only)', async () => {
    const [blind, sighted, arbiter] = await room({ roles: ['arbiter'] }, ['blind', 'sighted', 'arbiter']);
    expect(
      await arbiter!.act({ kind: 'overrideSetting', override: { setting: 'relay', value: 'manual' } }),
    ).toBe('ok');
    await settle();
    for (const p of [blind!, sighted!]) {
      expect(p.view().state.setup.relay).toBe('manual');
      expect(eventsForRole(p.view()).some((e) => e.type === 'settingOverridden')).toBe(true);
    }
    expect(
      await blind!.act({ kind: 'overrideSetting', override: { setting: 'relay', value: 'automatic' } }),
    ).toBe('forbidden');
    const [, , oldArbiter] = await room({ profileId: 'fide1980', roles: ['arbiter'] }, [
      'blind',
      'sighted',
      'arbiter',
    ]);
    expect(
      await oldArbiter!.act({ kind: 'overrideSetting', override: { setting: 'relay', value: 'manual' } }),
    ).toBe('forbidden');
  });

  test('checklist 4: all six roles can be seated; a spectator has no input channel', async () => {
    const seats = await room({ roles: ['sightedAssistant', 'arbiter'] }, [
      'blind',
      'sighted',
      'sightedAssistant',
      'arbiter',
      'spectator',
    ]);
    const spectator = seats[4]!;
    for (const intent of [
      { kind: 'startGame' },
      { kind: 'offerDraw' },
      { kind: 'stopClocks' },
      { kind: 'query', topic: 'timeUsed' },
      { kind: 'claim', claim: 'time' },
    ])
      expect(await spectator.act(intent)).toBe('forbidden');
  });

  test('checklist 5: the sighted player’s assistant is refused while the blind player has one', async () => {
    const [blind] = await room({ roles: ['blindAssistant'] }, ['blind']);
    const invite = await invitation(blind!.wire, 'sightedAssistant');
    const w = await openWire(twinboard.url);
    wires.push(w);
    w.send({ t: 'join', code: blind!.view().code, role: 'sightedAssistant', invite });
    expect((await w.next('error')).code).toBe('seatRefused');
  });
});

describe('E. twin-board consistency', () => {
  test('checklist 24: each move reaches the opponent and his repetition is logged before it is executed', async () => {
    const [blind, sighted] = await room({ relay: 'manual', requireRepetition: true }, ['blind', 'sighted']);
    expect(await blind!.act({ kind: 'startGame' })).toBe('ok');
    await play(blind!, 'blind', 'e2e4');
    await settle();
    expect(eventsForRole(sighted!.view()).some((e) => e.type === 'announced' && e.uci === 'e2e4')).toBe(true);
    expect(await sighted!.act({ kind: 'execute', board: 'sighted' })).toBe('refused');
    expect(await sighted!.act({ kind: 'repeat' })).toBe('ok');
    expect(await sighted!.act({ kind: 'execute', board: 'sighted' })).toBe('ok');
    await settle();
    const ply = blind!.view().state.plies[0]!;
    expect([ply.repeated, ply.repeatedBy, ply.executed, ply.executedBy]).toEqual([
      'e2e4',
      'sighted',
      'e2e4',
      'sighted',
    ]);
  });

  test('checklist 29: two boards and two scores are kept apart, with a clock reading for every ply', async () => {
    const [blind, sighted] = await room({ relay: 'manual', requireRepetition: true }, ['blind', 'sighted']);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    expect(await sighted!.act({ kind: 'repeat', uci: 'e2e3' })).toBe('ok');
    await settle();
    const state = sighted!.view().state;
    expect(state.scores.blind).toEqual(['e2e4']);
    expect(state.scores.sighted).toEqual(['e2e3']);
    expect(state.boards.blind.game.moves).toEqual(['e2e4']);
    expect(state.boards.sighted.game.moves).toEqual([]);
    expect(state.plies[0]?.clockAfter).not.toBeNull();
  });

  test('checklist 30: automatic relay executes on the other board; manual relay leaves it to the opponent', async () => {
    const [autoBlind, autoSighted] = await room({ relay: 'automatic' }, ['blind', 'sighted']);
    await autoBlind!.act({ kind: 'startGame' });
    await play(autoBlind!, 'blind', 'd2d4');
    await settle();
    expect(autoSighted!.view().state.plies[0]?.executedBy).toBe('twinboard');
    expect(await autoSighted!.act({ kind: 'execute', board: 'sighted' })).toBe('forbidden');
    const [blind, sighted] = await room({ relay: 'manual' }, ['blind', 'sighted']);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'd2d4');
    await settle();
    expect(sighted!.view().state.boards.sighted.game.moves).toEqual([]);
    expect(await sighted!.act({ kind: 'execute', board: 'sighted' })).toBe('ok');
  });

  test('checklists 31, 32, 50: a wrong execution stops both clocks, alerts everyone, and rule 7 resets the board', async () => {
    const [blind, sighted, arbiter] = await room({ relay: 'manual', roles: ['arbiter'] }, [
      'blind',
      'sighted',
      'arbiter',
    ]);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    expect(await sighted!.act({ kind: 'execute', board: 'sighted', uci: 'e2e3' })).toBe('ok');
    await settle();
    for (const p of [blind!, sighted!, arbiter!]) {
      const v = p.view();
      expect(v.state.clock.running).toBeNull();
      expect(v.state.discrepancy?.rule).toBe(7);
      expect(eventsForRole(v).some((e) => e.type === 'discrepancy')).toBe(true);
    }
    expect(await blind!.act({ kind: 'confirmCorrection' })).toBe('forbidden');
    expect(await arbiter!.act({ kind: 'confirmCorrection' })).toBe('ok');
    await settle();
    expect(sighted!.view().state.boards.sighted.game.moves).toEqual(['e2e4']);
    expect(sighted!.view().state.discrepancy).toBeNull();
  });

  test('checklist 33: differing scores retrace both boards to the last agreeing ply with the logged clocks', async () => {
    const [blind, sighted, arbiter] = await room(
      { relay: 'manual', requireRepetition: true, roles: ['arbiter'] },
      ['blind', 'sighted', 'arbiter'],
    );
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    await sighted!.act({ kind: 'repeat', uci: 'e2e3' });
    await sighted!.act({ kind: 'execute', board: 'sighted' });
    await settle();
    const d = arbiter!.view().state.discrepancy;
    expect(d?.rule).toBe(8);
    expect(d?.correctedMoves).toEqual([]);
    expect(d?.clockSource).toBe('log');
    expect(await arbiter!.act({ kind: 'confirmCorrection' })).toBe('ok');
    await settle();
    const state = blind!.view().state;
    expect([state.boards.blind.game.moves, state.boards.sighted.game.moves]).toEqual([[], []]);
  });

  test('checklist 34: the log is append-only: earlier entries never change and the whole log can be exported', async () => {
    const [blind, sighted] = await room({}, ['blind', 'sighted']);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    const code = blind!.view().code;
    const before = twinboard.server.store.entries(code, 0);
    await play(sighted!, 'sighted', 'e7e5');
    const after = twinboard.server.store.entries(code, 0);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    expect(JSON.parse(JSON.stringify(after))).toEqual(after);
  });
});

describe('F. the assistant', () => {
  test('checklist 35: the duties chosen at set-up reach every screen and bind the assistant', async () => {
    const [blind, sighted, assistant] = await room(
      { assistantDuties: ['score', 'inform'], roles: ['blindAssistant'] },
      ['blind', 'sighted', 'blindAssistant'],
    );
    for (const p of [blind!, sighted!, assistant!])
      expect(p.view().state.setup.assistantDuties).toEqual(['score', 'inform']);
    await blind!.act({ kind: 'startGame' });
    expect(await assistant!.act({ kind: 'claim', claim: 'time' })).toBe('forbidden');
  });

  test('checklists 36, 37: in assisted relay the assistant announces and relays both sides; he presses the clock only after the announcement', async () => {
    const [blind, sighted, assistant] = await room({ relay: 'assisted', roles: ['blindAssistant'] }, [
      'blind',
      'sighted',
      'blindAssistant',
    ]);
    await blind!.act({ kind: 'startGame' });
    expect(await blind!.act({ kind: 'lift', square: 'e2' })).toBe('ok');
    expect(await blind!.act({ kind: 'place', square: 'e4' })).toBe('ok');
    expect(await assistant!.act({ kind: 'pressClock' })).toBe('refused');
    expect(await assistant!.act({ kind: 'announce' })).toBe('ok');
    expect(await assistant!.act({ kind: 'pressClock' })).toBe('ok');
    expect(await assistant!.act({ kind: 'execute', board: 'sighted' })).toBe('ok');
    await play(sighted!, 'sighted', 'e7e5');
    expect(await assistant!.act({ kind: 'announce' })).toBe('ok');
    expect(await assistant!.act({ kind: 'execute', board: 'blind' })).toBe('ok');
    await settle();
    const state = blind!.view().state;
    expect(state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(state.plies.map((p) => [p.announcedBy, p.executedBy])).toEqual([
      ['blindAssistant', 'blindAssistant'],
      ['blindAssistant', 'blindAssistant'],
    ]);
  });

  test('checklist 38: the blind player’s request is answered to him (and shown to his assistant), never volunteered', async () => {
    const [blind, sighted, assistant] = await room({ relay: 'automatic', roles: ['blindAssistant'] }, [
      'blind',
      'sighted',
      'blindAssistant',
    ]);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    await play(sighted!, 'sighted', 'e7e5');
    await settle();
    const answeredFor = (p: TableSeat) => eventsForRole(p.view()).filter((e) => e.type === 'answered');
    expect(answeredFor(blind!)).toEqual([]);
    expect(await blind!.act({ kind: 'query', topic: 'movesMade' })).toBe('ok');
    await settle();
    expect(answeredFor(blind!)).toHaveLength(1);
    expect(answeredFor(sighted!)).toEqual([]);
    // The assistant's screen lists the request from the log (AssistantScreen), not as a message to him.
    const request = assistant!.view().recent.find((f) => f.entry.intent.kind === 'query');
    expect(request?.entry.role).toBe('blind');
  });

  test('checklist 39: the assistant claims on time and reports the sighted player’s touch to the arbiter', async () => {
    const [blind, , assistant, arbiter] = await room(
      {
        roles: ['blindAssistant', 'arbiter'],
        timeControl: { label: '1 s', periods: [{ moves: null, timeMs: 1000 }], repeatLast: false },
      },
      ['blind', 'sighted', 'blindAssistant', 'arbiter'],
    );
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    expect(await assistant!.act({ kind: 'reportTouch', square: 'g8' })).toBe('ok');
    await settle();
    expect(eventsForRole(arbiter!.view()).some((e) => e.type === 'touchReported')).toBe(true);
    expect(await arbiter!.act({ kind: 'decideClaim', upheld: false })).toBe('ok');
    // The blind player's second passes on the server's clock; the flag falls.
    ahead += 1100;
    expect(await assistant!.act({ kind: 'claim', claim: 'time' })).toBe('ok');
    await settle();
    expect(arbiter!.view().state.result).toMatchObject({ winner: 'w', reason: 'flag' });
  });

  test('checklist 41: no free-text channel exists from the assistant to the player', async () => {
    const [, , assistant] = await room({ roles: ['blindAssistant'] }, ['blind', 'sighted', 'blindAssistant']);
    expect(await assistant!.act({ kind: 'announce', text: 'play Nf3!' })).toBe('badIntent');
    const from = assistant!.wire.received.length;
    assistant!.wire.send({ t: 'chat', text: 'hello' });
    await assistant!.wire.count(from + 1);
    expect(assistant!.wire.received[from]).toMatchObject({ t: 'error', code: 'badMessage' });
  });

  test('checklist 42: the sighted player’s assistant only announces and relays', async () => {
    const [blind, sighted, helper] = await room({ relay: 'assisted', roles: ['sightedAssistant'] }, [
      'blind',
      'sighted',
      'sightedAssistant',
    ]);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    expect(await helper!.act({ kind: 'claim', claim: 'time' })).toBe('forbidden');
    expect(await helper!.act({ kind: 'query', topic: 'timeUsed' })).toBe('forbidden');
    expect(await helper!.act({ kind: 'execute', board: 'sighted' })).toBe('ok');
    await play(sighted!, 'sighted', 'e7e5');
    expect(await helper!.act({ kind: 'pressClock' })).toBe('forbidden');
    expect(await helper!.act({ kind: 'announce' })).toBe('ok');
  });
});

describe('G. the clock', () => {
  test('checklist 50: the arbiter stops both clocks; a player may only when no arbiter is present', async () => {
    const [blind, , arbiter] = await room({ roles: ['arbiter'] }, ['blind', 'sighted', 'arbiter']);
    await blind!.act({ kind: 'startGame' });
    expect(await blind!.act({ kind: 'stopClocks' })).toBe('forbidden');
    expect(await arbiter!.act({ kind: 'stopClocks' })).toBe('ok');
    await settle();
    expect(blind!.view().state.clock.running).toBeNull();
    const [alone] = await room({}, ['blind', 'sighted']);
    await alone!.act({ kind: 'startGame' });
    expect(await alone!.act({ kind: 'stopClocks' })).toBe('ok');
  });
});

describe('adjournment over the network', () => {
  test('GR-71: the sealed move reaches only its writer; the server reveals it when the envelope is opened', async () => {
    const [blind, sighted, arbiter] = await room({ roles: ['arbiter'] }, ['blind', 'sighted', 'arbiter']);
    await blind!.act({ kind: 'startGame' });
    await play(blind!, 'blind', 'e2e4');
    expect(await sighted!.act({ kind: 'sealMove', move: 'e7e5' })).toBe('ok');
    expect(await sighted!.act({ kind: 'adjourn' })).toBe('ok');
    await settle();
    const sealedFor = (p: TableSeat) =>
      p.view().recent.find((f) => f.entry.intent.kind === 'sealMove')?.entry.intent;
    expect(sealedFor(sighted!)).toMatchObject({ move: 'e7e5' });
    for (const p of [blind!, arbiter!]) {
      expect(sealedFor(p)).toEqual({ kind: 'sealMove', by: 'sighted', hidden: true });
      expect(JSON.stringify(p.wire.received)).not.toContain('e7e5');
    }
    expect(await arbiter!.act({ kind: 'resume' })).toBe('ok');
    await settle();
    for (const p of [blind!, sighted!, arbiter!]) {
      const state = p.view().state;
      expect(state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
      expect(state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5']);
    }
  });
});
