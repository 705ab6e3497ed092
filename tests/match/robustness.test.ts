// Errors are values: intents from outside are parsed, garbage is refused to its sender, and the
// reducer never throws, whatever arrives in whatever order (the server feeds it network frames).
import { describe, expect, it } from 'vitest';
import { createGame, legalMoves, playMoves } from '../../src/core/index.ts';
import {
  awaitingExecution,
  createMatch,
  INTENT_KINDS,
  MatchDriver,
  moverSeat,
  parseIntent,
  reduce,
  ROLES,
  type Intent,
  type MatchState,
} from '../../src/match/index.ts';
import { mulberry32 } from '../helpers/prng.ts';

describe('parseIntent', () => {
  it('accepts well-formed intents and keeps only their fields', () => {
    expect(parseIntent({ kind: 'lift', by: 'blind', square: 'e2', extra: 'x' })).toEqual({
      ok: true,
      value: { kind: 'lift', by: 'blind', square: 'e2' },
    });
    expect(parseIntent({ kind: 'announce', by: 'blind' })).toEqual({
      ok: true,
      value: { kind: 'announce', by: 'blind' },
    });
    expect(parseIntent({ kind: 'move', by: 'sighted', uci: ' e7e5 ' })).toEqual({
      ok: true,
      value: { kind: 'move', by: 'sighted', uci: 'e7e5' },
    });
  });

  it('refuses malformed values with a stable code', () => {
    expect(parseIntent(null)).toMatchObject({ ok: false, error: { code: 'notAnObject' } });
    expect(parseIntent([1])).toMatchObject({ ok: false, error: { code: 'notAnObject' } });
    expect(parseIntent({ kind: 'teleport', by: 'blind' })).toMatchObject({
      ok: false,
      error: { code: 'unknownKind' },
    });
    expect(parseIntent({ kind: 'lift', by: 'king' })).toMatchObject({
      ok: false,
      error: { code: 'unknownRole' },
    });
    expect(parseIntent({ kind: 'lift', by: 'blind', square: 'z9' })).toMatchObject({
      ok: false,
      error: { code: 'badField' },
    });
    expect(parseIntent({ kind: 'adjustClock', by: 'arbiter', color: 'w', usedMs: Number.NaN })).toMatchObject(
      {
        ok: false,
        error: { code: 'badField' },
      },
    );
    expect(
      parseIntent({
        kind: 'overrideSetting',
        by: 'arbiter',
        override: { setting: 'relay', value: 'telepathy' },
      }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('the reducer refuses a malformed intent to its sender and changes nothing but the log', () => {
    const d = MatchDriver.started();
    const before = d.state;
    d.dispatch({ kind: 'lift', by: 'blind', square: 'x0' } as unknown as Intent);
    expect(d.refusal?.code).toBe('badIntent');
    expect(d.last[0]?.audience).toEqual(['blind']);
    expect({ ...d.state, log: [] }).toEqual({ ...before, log: [] });
  });
});

describe('random and malformed intents', () => {
  it('never throw, always leave a line in the log, and keep both boards legal', () => {
    const rnd = mulberry32(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const squares = ['e2', 'e4', 'd7', 'd5', 'g1', 'f3', 'e7', 'e5', 'a1', 'h8', 'z9', '', 'e'];
    const ucis = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'd2d4', 'e7e6', 'a7a8q', 'e1g1', 'xx', ''];
    const options = {
      roles: ['blind', 'sighted', 'blindAssistant', 'arbiter', 'spectator'] as const,
      relay: 'manual' as const,
    };
    let d = MatchDriver.started(options);
    let legal = 0;
    let games = 1;
    for (let i = 0; i < 3000; i++) {
      if (d.state.phase === 'over') {
        d = MatchDriver.started(options);
        games++;
      }
      d.now += Math.floor(rnd() * 20_000);
      // Every few steps a real move keeps the game going, so the random intents meet many states.
      if (i % 5 === 0 && !d.state.discrepancy && !d.state.claim && !d.state.stoppedBy) {
        for (const seat of ['blind', 'sighted'] as const)
          if (awaitingExecution(d.state, seat)) {
            d.as(seat).repeat();
            d.as(seat).execute();
          }
        const seat = moverSeat(d.state);
        const moves = legalMoves(d.state.boards[seat].aperture.fen);
        if (moves.length > 0 && d.state.boards[seat].aperture.touches.length === 0) {
          const before = d.state.plies.length;
          d.play(pick(moves).uci);
          if (d.state.plies.length > before) legal++;
        }
        continue;
      }
      const intent = {
        kind: rnd() < 0.97 ? pick(INTENT_KINDS) : 'garbage',
        by: rnd() < 0.97 ? pick(ROLES) : 'intruder',
        square: pick(squares),
        uci: pick(ucis),
        piece: pick(['q', 'n', 'k', 7]),
        topic: pick(['movesMade', 'timeUsed', 'lastMove', 'moveInProgress', 'duties', 'secrets']),
        claim: pick(['repetition', 'fiftyMoves', 'time', 'insufficientMaterial', 'touchMove']),
        upheld: rnd() < 0.5,
        color: pick(['w', 'b', 'x']),
        usedMs: pick([0, 60_000, -5, 1e12]),
        penalty: pick(['warning', 'timeAddedToOffender', 'lossOfGame']),
        ms: pick([undefined, 30_000]),
        on: rnd() < 0.5,
        role: pick(ROLES),
        board: pick(['blind', 'sighted', 'table']),
        override: { setting: 'requireRepetition', value: rnd() < 0.5 },
      } as unknown as Intent;
      const logBefore = d.state.log.length;
      expect(() => d.dispatch(intent)).not.toThrow();
      expect(d.state.log.length).toBeGreaterThan(logBefore);
      const refused = d.last.find((e) => e.type === 'refused');
      if (refused) expect(refused.audience).toHaveLength(1);
      for (const seat of ['blind', 'sighted'] as const) {
        const g = d.state.boards[seat].game;
        const start = createGame(g.startFen);
        expect(start.ok && playMoves(start.value, g.moves).ok).toBe(true);
      }
    }
    expect(legal).toBeGreaterThan(50);
    expect(games).toBeGreaterThan(1);
  });
});

describe('determinism', () => {
  it('replaying the journal of intents with their times rebuilds exactly the same state', () => {
    const d = MatchDriver.started({
      relay: 'manual',
      requireRepetition: true,
      roles: ['blind', 'sighted', 'arbiter'],
    });
    d.tick(4_000).play('e2e4');
    d.as('sighted').repeat();
    d.as('sighted').execute();
    d.tick(9_000).play('e7e5');
    d.as('blind').repeat();
    d.as('blind').execute();
    d.tick(3_000).play('g1f3');
    d.as('sighted').repeat('g1h3');
    d.as('sighted').execute('g1h3');
    d.tick(30_000).as('arbiter').confirmCorrection();
    d.as('sighted').lift('a7');
    d.tick(1_000).play('g1f3');
    const created = createMatch({
      relay: 'manual',
      requireRepetition: true,
      roles: ['blind', 'sighted', 'arbiter'],
    });
    if (!created.ok) throw new Error('setup');
    let state = created.value;
    const events = [];
    for (const { intent, at } of d.journal) {
      const r = reduce(state, intent, at);
      state = r.state;
      events.push(...r.events);
    }
    expect(state).toEqual(d.state);
    expect(events).toEqual(d.events);
  });
});

/** A started game in which the blind player has lifted, placed and announced 1.e4, not yet pressed. */
function announcedE4(): MatchState {
  const match = createMatch({ blindColor: 'w' });
  if (!match.ok) throw new Error(match.error.message);
  let s = reduce(match.value, { kind: 'startGame', by: 'blind' }, 0).state;
  for (const [i, intent] of (
    [{ kind: 'lift', square: 'e2' }, { kind: 'place', square: 'e4' }, { kind: 'announce' }] as const
  ).entries())
    s = reduce(s, { ...intent, by: 'blind' }, 1000 * (i + 1)).state;
  return s;
}

describe('the evidence log of a state', () => {
  it('is never written by a later reduction, also when two reductions start from the same state', () => {
    const s = announcedE4();
    const kept = s.log.map((l) => l.what);
    // The press completes the move: that reduction writes several lines (press, executed, …).
    const pressed = reduce(s, { kind: 'pressClock', by: 'blind' }, 5000).state;
    const refused = reduce(s, { kind: 'lift', square: 'e5', by: 'blind' }, 5000).state;
    const again = reduce(s, { kind: 'pressClock', by: 'blind' }, 5000).state;
    expect(s.log.map((l) => l.what)).toEqual(kept);
    expect(pressed.log.length).toBeGreaterThan(kept.length + 1);
    expect(again.log).toEqual(pressed.log);
    expect(refused.log.map((l) => l.what)).toEqual([...kept, 'lift']);
    expect(refused.log.at(-1)?.refused).toBe(true);
    const asked = reduce(pressed, { kind: 'query', topic: 'lastMove', by: 'blind' }, 6000).state;
    expect(pressed.log).toEqual(again.log);
    expect(asked.log).toHaveLength(pressed.log.length + 1);
  });
});

describe('the plies of a state', () => {
  it('are never written by a later reduction: two presses from the same state, then the reply', () => {
    const s = announcedE4();
    const pressed = reduce(s, { kind: 'pressClock', by: 'blind' }, 5000).state;
    const kept = structuredClone(pressed.plies);
    // The completed move is read back and executed on the other board (automatic relay).
    expect(kept).toMatchObject([{ ply: 1, uci: 'e2e4', repeated: 'e2e4', executed: 'e2e4' }]);
    const again = reduce(s, { kind: 'pressClock', by: 'blind' }, 5000).state;
    expect(s.plies).toEqual([]);
    expect(again.plies).toEqual(kept);
    let reply = reduce(pressed, { kind: 'move', uci: 'e7e5', by: 'sighted' }, 6000).state;
    reply = reduce(reply, { kind: 'pressClock', by: 'sighted' }, 7000).state;
    expect(reply.plies).toHaveLength(2);
    expect(pressed.plies).toEqual(kept);
  });
});
