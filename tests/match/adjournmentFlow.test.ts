// Adjournment through the match reducer (spec §2.13, GR-70–GR-73, checklist 40, 73–77, BL-34):
// the player having the move (or the VH player's assistant with duty (f)) writes the sealed move
// privately and may change it until he stops the clock; the clock stops without starting the
// opponent's; nobody else — the arbiter included — hears, sees or receives the move until
// resumption, which plays it on both boards and starts the replier's clock. Also BL-31: players
// are told only that the arbiter adjusted the clocks, never the readings.
import { describe, expect, it } from 'vitest';
import { adjournmentFor } from '../../src/controllers/rights.ts';
import { announce } from '../../src/speech/index.ts';
import {
  MatchDriver,
  ROLES,
  reduce,
  type Intent,
  type MatchEvent,
  type MatchState,
  type Role,
} from '../../src/match/index.ts';

const MIN = 60_000;
const WITH_ARBITER = { roles: ['blind', 'sighted', 'arbiter'] } as const;
const NOT_SEALER: readonly Role[] = ['sighted', 'arbiter', 'spectator', 'sightedAssistant', 'blindAssistant'];

/** 1. e4 e5 played; White (the blind player) to move, with the given options. */
function afterOpening(options: Parameters<typeof MatchDriver.started>[0] = WITH_ARBITER): MatchDriver {
  const d = MatchDriver.started(options);
  d.tick(10_000).play('e2e4');
  d.tick(20_000).play('e7e5');
  return d;
}

function mentions(value: unknown, ...texts: string[]): boolean {
  const json = JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? [...v.entries()] : v));
  return texts.some((t) => json.includes(t));
}

/** The words `role` hears of the last step (the blind player plays White). */
function said(d: MatchDriver, role: Role): string[] {
  const player = role === 'blind' ? 'w' : role === 'sighted' ? 'b' : undefined;
  return announce(d.last, role, player ? { player } : {}).map((u) => u.text);
}

function everythingHeardBy(d: MatchDriver, role: Role): MatchEvent[] {
  return d.events.filter((e) => e.audience === 'everyone' || e.audience.includes(role));
}

describe('sealing the move (GR-70, checklist 73)', () => {
  it('the player to move writes it privately; only he reads it, the arbiter only logs custody', () => {
    const d = afterOpening();
    d.tick(5_000).as('blind').sealMove('g1f3');
    expect(d.refusal).toBeUndefined();
    expect(d.heard('blind')).toContainEqual(
      expect.objectContaining({ type: 'sealedMoveWritten', move: 'g1f3', san: 'Nf3', changed: false }),
    );
    expect(d.heard('arbiter')).toContainEqual(
      expect.objectContaining({ type: 'sealedMoveRecorded', changed: false, by: 'blind' }),
    );
    expect(d.heard('sighted').map((e) => e.type)).toEqual(['sealingBegun']);
    for (const role of NOT_SEALER) {
      expect(mentions(d.heard(role), 'g1f3', 'Nf3', 'f3')).toBe(false);
      expect(mentions(said(d, role), 'g1f3', 'f3', 'Felix three')).toBe(false);
      expect(mentions(adjournmentFor(d.state, role), 'g1f3', 'Nf3')).toBe(false);
    }
    expect(adjournmentFor(d.state, 'blind')).toMatchObject({
      phase: 'sealing',
      sealer: 'w',
      moveNumber: 2,
      hasSealedMove: true,
      sealedMove: { move: 'g1f3', san: 'Nf3' },
      maySeal: true,
    });
    // The arbiter's evidence log records the sealing, never the move (GR-71).
    expect(d.state.log.at(-1)).toMatchObject({ what: 'sealMove', detail: 'sealed move written' });
    expect(mentions(d.state.log, 'g1f3', 'Nf3')).toBe(false);
    expect(adjournmentFor(d.state, 'arbiter')?.custody?.map((c) => c.action)).toEqual([
      'sealingBegun',
      'moveWritten',
    ]);
  });

  it('may be changed until the clock is stopped, which does not start the opponent’s clock', () => {
    const d = afterOpening();
    d.as('blind').sealMove('g1f3');
    d.tick(3_000).as('blind').sealMove('b1c3');
    expect(d.lastOf('sealedMoveWritten')).toMatchObject({ move: 'b1c3', changed: true });
    // The sealer's clock runs while he writes (000 Art 15.1: he stops it only after sealing).
    expect(d.clock().running).toBe('w');
    d.tick(2_000).as('blind').adjourn();
    expect(d.lastOf('adjourned')).toMatchObject({ sealer: 'w', moveNumber: 2, audience: 'everyone' });
    // Heard by everyone as the clocks stopping, nothing more.
    for (const role of ['blind', 'sighted'] as const) expect(said(d, role)).toEqual(['Clocks stopped']);
    const stopped = d.clock();
    expect(stopped.running).toBeNull();
    d.tick(30 * MIN);
    expect(d.clock().sides).toEqual(stopped.sides);
    // Fixed now, and unreadable to everyone, the sealer included, until resumption.
    d.as('blind').sealMove('d2d4');
    expect(d.refusal?.code).toBe('adjourned');
    for (const role of ROLES) expect(adjournmentFor(d.state, role)?.sealedMove ?? null).toBeNull();
    expect(adjournmentFor(d.state, 'arbiter')?.envelope).toMatchObject({
      white: 'blind',
      black: 'sighted',
      fenBefore: expect.stringContaining(' w KQkq - 0 2'),
      timeUsed: { w: stopped.sides.w.usedMs, b: stopped.sides.b.usedMs },
    });
    // Nothing is played while the game is adjourned.
    d.as('blind').lift('d2');
    expect(d.refusal?.code).toBe('adjourned');
    d.as('arbiter').do({ kind: 'resumeClocks' });
    expect(d.refusal?.code).toBe('adjourned');
  });

  it('needs a written move before the clock is stopped, and only the side to move seals', () => {
    const d = afterOpening();
    d.as('blind').adjourn();
    expect(d.refusal?.code).toBe('notAdjourned');
    d.as('sighted').sealMove('g8f6');
    expect(d.refusal?.code).toBe('notAuthorized');
    expect(d.state.adjournment).toBeNull();
    // The default structured entry cannot produce an illegal or ambiguous sealed move (GR-73).
    d.as('blind').sealMove('e2e5');
    expect(d.refusal?.code).toBe('illegalSealedMove');
    expect(d.state.adjournment).toBeNull();
    d.as('blind').sealMove('Nf3');
    expect(d.lastOf('sealedMoveWritten')).toMatchObject({ move: 'g1f3', san: 'Nf3' });
  });
});

describe('resumption (GR-72, checklist 75)', () => {
  it('the arbiter opens the envelope: the move stands on both boards and the replier’s clock starts', () => {
    const d = afterOpening();
    d.as('blind').sealMove('b1c3');
    d.tick(4_000).as('blind').adjourn();
    const times = d.clock().sides;
    d.tick(60 * MIN);
    d.as('sighted').resume();
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('arbiter').resume();
    expect(d.refusal).toBeUndefined();
    expect(d.state.adjournment).toBeNull();
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5', 'b1c3']);
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5', 'b1c3']);
    expect(d.state.scores.sighted.at(-1)).toBe('b1c3');
    expect(d.lastOf('sealedMoveOpened')).toMatchObject({ verdict: 'played', move: 'b1c3', san: 'Nc3' });
    // Announced to both players (GR-72: "announced to the VH player").
    for (const role of ['blind', 'sighted'] as const)
      expect(said(d, role)).toContainEqual(expect.stringContaining('Knight Bella one to Cesar three'));
    const clock = d.clock();
    expect(clock.running).toBe('b');
    expect(clock.sides.w.usedMs).toBe(times.w.usedMs);
    expect(clock.sides.b.usedMs).toBe(times.b.usedMs);
    d.tick(7_000);
    expect(d.clock().sides.b.usedMs).toBe(times.b.usedMs + 7_000);
    // Play goes on normally: Black replies.
    d.play('g8f6');
    expect(d.state.boards.blind.game.moves.at(-1)).toBe('g8f6');
  });

  it('an absent replier’s clock is started with the envelope closed; it is opened on his arrival (E93 14.3)', () => {
    const d = afterOpening();
    d.as('blind').sealMove('g1f3');
    d.as('blind').adjourn();
    const times = d.clock().sides;
    d.tick(60 * MIN);
    d.as('sighted').do({ kind: 'resume', replierAbsent: true });
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('arbiter').do({ kind: 'resume', replierAbsent: true });
    expect(d.lastOf('clocksResumed')).toMatchObject({ running: 'b' });
    expect(d.state.adjournment?.phase).toBe('awaitingReplier');
    for (const role of ['sighted', 'arbiter'] as const)
      expect(mentions(d.heard(role), 'g1f3', 'Nf3')).toBe(false);
    expect(adjournmentFor(d.state, 'arbiter')?.mayResume).toBe(true);
    // Still adjourned: nothing is played while the envelope is closed.
    d.as('sighted').move('g8f6');
    expect(d.refusal?.code).toBe('adjourned');
    d.tick(5 * MIN);
    d.as('arbiter').resume();
    expect(d.lastOf('sealedMoveOpened')).toMatchObject({ verdict: 'played', move: 'g1f3' });
    expect(d.state.boards.sighted.game.moves.at(-1)).toBe('g1f3');
    const clock = d.clock();
    expect(clock.running).toBe('b');
    // The time he was away stays on his clock; the sealer's is as at adjournment.
    expect(clock.sides.b.usedMs).toBe(times.b.usedMs + 5 * MIN);
    expect(clock.sides.w.usedMs).toBe(times.w.usedMs);
    expect(d.state.adjournment).toBeNull();
  });

  it('without an arbiter both players ask to resume before the envelope is opened (GR-96)', () => {
    const d = afterOpening({});
    d.as('blind').sealMove('g1f3');
    d.as('blind').adjourn();
    d.as('sighted').resume();
    expect(d.lastOf('resumeAsked')).toMatchObject({ by: 'sighted' });
    expect(d.state.adjournment?.phase).toBe('adjourned');
    expect(adjournmentFor(d.state, 'blind')?.mayResume).toBe(true);
    d.as('sighted').resume();
    expect(d.refusal?.code).toBe('alreadyAgreed');
    d.as('blind').resume();
    expect(d.state.boards.sighted.game.moves.at(-1)).toBe('g1f3');
    expect(d.clock().running).toBe('b');
  });

  it('a resignation before the envelope is opened stands and the move is never revealed (003/001 14.2)', () => {
    const d = afterOpening();
    d.as('blind').sealMove('g1f3');
    d.as('blind').adjourn();
    d.as('sighted').resign();
    expect(d.state.result).toEqual({ winner: 'w', reason: 'resignation' });
    expect(d.state.adjournment).toBeNull();
    for (const role of NOT_SEALER) expect(mentions(everythingHeardBy(d, role), 'g1f3', 'Nf3')).toBe(false);
  });
});

describe('an invalid sealed move follows the edition (§2.13, checklist 77)', () => {
  function sealText(
    profileId: 'fide1972' | 'fide1993-ibca1985',
    text: string,
    startFen?: string,
  ): MatchDriver {
    const d = MatchDriver.started({
      ...WITH_ARBITER,
      profileId,
      sealing: 'freeText',
      ...(startFen ? { startFen } : {}),
    });
    d.as('blind').sealMove(text);
    expect(d.refusal).toBeUndefined();
    d.as('blind').adjourn();
    d.as('arbiter').resume();
    return d;
  }

  it('E93: an illegal sealed move loses the game', () => {
    const d = sealText('fide1993-ibca1985', 'Qh5');
    expect(d.lastOf('sealedMoveOpened')).toMatchObject({ verdict: 'loss', reason: 'illegal', move: 'Qh5' });
    expect(d.state.result).toEqual({ winner: 'b', reason: 'invalidSealedMove' });
    expect(d.state.boards.blind.game.moves).toEqual([]);
  });

  it('E93: against a bare king the invalid sealed move draws', () => {
    const d = sealText('fide1993-ibca1985', 'Qh5', '7k/8/8/8/8/8/4P3/4K2R w K - 0 40');
    expect(d.lastOf('sealedMoveOpened')).toMatchObject({ verdict: 'draw' });
    expect(d.state.result).toEqual({ winner: null, reason: 'invalidSealedMove' });
  });

  it('E72: a clear but illegal move goes to the arbiter; an ambiguous one loses', () => {
    const clear = sealText('fide1972', 'Qh5');
    expect(clear.lastOf('sealedMoveOpened')).toMatchObject({ verdict: 'arbiterDecides', reason: 'illegal' });
    expect(clear.state.phase).toBe('playing');
    expect(clear.state.stoppedBy).toBe('arbiter');
    const twoKnights = 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 4';
    const ambiguous = sealText('fide1972', 'Nd2', twoKnights);
    expect(ambiguous.lastOf('sealedMoveOpened')).toMatchObject({ verdict: 'loss', reason: 'ambiguous' });
    expect(ambiguous.state.result).toEqual({ winner: 'b', reason: 'invalidSealedMove' });
  });

  it('a valid free-text sealed move is played', () => {
    const d = sealText('fide1993-ibca1985', 'e4');
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4']);
  });
});

describe('the VH player’s assistant seals for him with duty (f) (BL-34, checklist 40)', () => {
  const options = {
    profileId: 'fide1993-ibca1985',
    roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
    relay: 'automatic',
  } as const;

  it('writes, changes and stops the clock; the VH player reads it, the opponent does not', () => {
    const d = MatchDriver.started({ ...options, assistantDuties: ['adjourn'] });
    d.as('blindAssistant').sealMove('d2d4');
    expect(d.refusal).toBeUndefined();
    for (const role of ['blind', 'blindAssistant'] as const)
      expect(d.heard(role)).toContainEqual(
        expect.objectContaining({ type: 'sealedMoveWritten', move: 'd2d4' }),
      );
    for (const role of ['sighted', 'arbiter', 'spectator'] as const)
      expect(mentions(d.heard(role), 'd2d4', 'd4')).toBe(false);
    expect(adjournmentFor(d.state, 'blind')?.sealedMove).toEqual({ move: 'd2d4', san: 'd4' });
    expect(adjournmentFor(d.state, 'sighted')?.sealedMove).toBeNull();
    d.as('blindAssistant').adjourn();
    expect(d.state.adjournment?.phase).toBe('adjourned');
    d.as('arbiter').resume();
    expect(d.state.boards.sighted.game.moves).toEqual(['d2d4']);
  });

  it('cannot without duty (f)', () => {
    const d = MatchDriver.started({ ...options, assistantDuties: ['announce'] });
    d.as('blindAssistant').sealMove('d2d4');
    expect(d.refusal?.code).toBe('notAuthorized');
    expect(adjournmentFor(d.state, 'blind')).toBeNull();
  });
});

describe('copies of the match folded from the redacted log (the network, GR-71)', () => {
  it('a copy that received only the hidden sealed move never holds it, yet plays it at resumption', () => {
    const d = afterOpening();
    d.as('blind').sealMove('f1c4');
    d.as('blind').adjourn();
    d.as('arbiter').resume();
    // The opponent's copy: the sealed move arrives hidden, the resumption names the opened move
    // (what the server, holding the envelope, logs and sends).
    let replica: MatchState = MatchDriver.create(WITH_ARBITER).state;
    for (const { intent, at } of d.journal) {
      const sent: Intent =
        intent.kind === 'sealMove'
          ? { kind: 'sealMove', by: intent.by, hidden: true }
          : intent.kind === 'resume'
            ? { ...intent, revealed: 'f1c4' }
            : intent;
      const r = reduce(replica, sent, at);
      expect(mentions(r, 'f1c4', 'Bc4')).toBe(intent.kind === 'resume');
      replica = r.state;
      if (intent.kind === 'sealMove') expect(replica.adjournment?.sealed).toEqual({ kind: 'hidden' });
    }
    expect(replica.boards.blind.game.moves).toEqual(d.state.boards.blind.game.moves);
    expect(replica.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5', 'f1c4']);
    expect(replica.clock).toEqual(d.state.clock);
  });

  it('the hidden copy does not open the envelope without the revealed move, and the full copy ignores a forged one', () => {
    const d = afterOpening();
    d.as('blind').sealMove('f1c4');
    d.as('blind').adjourn();
    let replica: MatchState = MatchDriver.create(WITH_ARBITER).state;
    for (const { intent, at } of d.journal)
      replica = reduce(
        replica,
        intent.kind === 'sealMove' ? { kind: 'sealMove', by: intent.by, hidden: true } : intent,
        at,
      ).state;
    // The arbiter's own screen tries its request on such a copy: nothing is opened there.
    const r = reduce(replica, { kind: 'resume', by: 'arbiter' }, d.now);
    expect(r.events).toEqual([]);
    expect(r.state.adjournment?.phase).toBe('adjourned');
    expect(r.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    d.as('arbiter').do({ kind: 'resume', revealed: 'd2d4' });
    expect(d.state.boards.blind.game.moves.at(-1)).toBe('f1c4');
  });
});

describe('clock adjustments are not read out to players (BL-31, checklist 49, 83)', () => {
  it('the arbiter and assistants get the readings; the players only that the clocks were adjusted', () => {
    const d = MatchDriver.started({
      roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
      relay: 'automatic',
    });
    d.as('arbiter').adjustClock('w', 42 * MIN);
    expect(d.heard('arbiter')).toContainEqual(
      expect.objectContaining({ type: 'clockAdjusted', color: 'w', usedMs: 42 * MIN }),
    );
    expect(d.heard('blindAssistant').map((e) => e.type)).toContain('clockAdjusted');
    for (const role of ['blind', 'sighted'] as const) {
      expect(d.heard(role)).toEqual([
        { type: 'clocksAdjusted', by: 'arbiter', audience: ['blind', 'sighted', 'spectator'] },
      ]);
      expect(mentions(said(d, role), String(42 * MIN), '42 minutes')).toBe(false);
    }
  });
});
