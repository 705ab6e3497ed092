// The sealed-move state machine: private entry, changes until the clock stops, a redacted envelope,
// resumption with the replier present or absent, invalid sealed moves per edition (spec §2.13).
import { describe, expect, test } from 'vitest';
import { CLOCK_PRESETS, createClock, PROFILES, timeUsed } from '../../src/core/index.ts';
import {
  adjournmentResult,
  adjournmentView,
  applyClockEffect,
  timeUsedOn,
  viewEnvelope,
  beginSealing,
  endBeforeOpening,
  judgeSealedMove,
  readSealedText,
  replierArrives,
  resume,
  stopClockAndSeal,
  writeSealedMove,
  type AdjournmentRules,
  type AdjournmentState,
} from '../../src/match/adjournment.ts';

const E93: AdjournmentRules = PROFILES['fide1993-ibca1985'];
const E72: AdjournmentRules = PROFILES.fide1972;
const SEATS = { blindColor: 'w' as const, assistantMayAdjourn: true };
// After 1. e4 e5 2. Nf3: Black (the sighted player) to move, move 2.
const FEN = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
// White (blind) to move, two knights can reach d2: Nbd2 / Nfd2.
const TWO_KNIGHTS = 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 4';
// White to move; Black has a bare king.
const BARE_KING = '7k/8/8/8/8/8/4P3/4K2R w K - 0 40';

function sealing(fen = FEN, rules = E93, by: 'blind' | 'sighted' | 'blindAssistant' = 'sighted') {
  const r = beginSealing({
    fen,
    white: 'Anna Blind',
    black: 'Sam Sighted',
    timeUsed: { w: 3_000_000, b: 3_300_000 },
    by,
    seats: SEATS,
    rules,
    now: 1000,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/** Sealing begun by `by` with short names, no time used, at t = 0: the raw result, refusals included. */
function beginAt0(by: 'blind' | 'sighted' | 'blindAssistant', fen = FEN) {
  return beginSealing({
    fen,
    white: 'A',
    black: 'B',
    timeUsed: { w: 0, b: 0 },
    by,
    seats: SEATS,
    rules: E93,
    now: 0,
  });
}

function sealedWith(
  state: AdjournmentState,
  uciOrText: { kind: 'move'; uci: string } | { kind: 'text'; text: string },
  by: 'blind' | 'sighted' | 'blindAssistant' = 'sighted',
) {
  const w = writeSealedMove(state, uciOrText, by, SEATS, 2000);
  if (!w.ok) throw new Error(w.error.message);
  const s = stopClockAndSeal(w.value.state, {
    by,
    seats: SEATS,
    now: 3000,
    timeUsed: { w: 3_000_000, b: 3_400_000 },
    sessionTimeLeft: 0,
  });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

describe('checklist 73: private sealed-move entry, editable until the clock is stopped', () => {
  test('only the player having the move may seal; his opponent is refused', () => {
    const r = beginAt0('blind');
    expect(r.ok ? null : r.error.code).toBe('notAllowed');
  });

  test('the move can be changed while the clock runs, and the clock is stopped without starting the opponent', () => {
    const s = sealing();
    const first = writeSealedMove(s, { kind: 'move', uci: 'b8c6' }, 'sighted', SEATS, 1500);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const changed = writeSealedMove(first.value.state, { kind: 'move', uci: 'g8f6' }, 'sighted', SEATS, 1600);
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    const stopped = stopClockAndSeal(changed.value.state, {
      by: 'sighted',
      seats: SEATS,
      now: 1700,
      timeUsed: { w: 10, b: 20 },
      sessionTimeLeft: 0,
    });
    expect(stopped.ok).toBe(true);
    if (!stopped.ok) return;
    expect(stopped.value.clock).toEqual({ kind: 'stopBoth', timeUsed: { w: 10, b: 20 } });
    expect(stopped.value.state.phase).toBe('sealed');
    const tooLate = writeSealedMove(
      stopped.value.state,
      { kind: 'move', uci: 'b8c6' },
      'sighted',
      SEATS,
      1800,
    );
    expect(tooLate.ok ? null : tooLate.error.code).toBe('alreadySealed');
    const opened = resume(stopped.value.state, { replierPresent: true, by: 'arbiter', now: 9000 });
    expect(
      opened.ok && opened.value.state.phase === 'opened' && opened.value.state.verdict.kind === 'played'
        ? opened.value.state.verdict.move.uci
        : null,
    ).toBe('g8f6');
  });

  test('the clock cannot be stopped before a move is written, and a structured move must be legal', () => {
    const s = sealing();
    const stop = stopClockAndSeal(s, {
      by: 'sighted',
      seats: SEATS,
      now: 1,
      timeUsed: { w: 0, b: 0 },
      sessionTimeLeft: 0,
    });
    expect(stop.ok ? null : stop.error.code).toBe('noSealedMove');
    const illegal = writeSealedMove(s, { kind: 'move', uci: 'e5e4' }, 'sighted', SEATS, 2);
    expect(illegal.ok ? null : illegal.error.code).toBe('illegalSealedMove');
  });

  test("the blind player's assistant may seal for him (BL-34), but not for the sighted player", () => {
    const blindToMove = sealing(TWO_KNIGHTS, E93, 'blindAssistant');
    expect(blindToMove.envelope.writtenBy).toBe('blindAssistant');
    const r = beginAt0('blindAssistant');
    expect(r.ok ? null : r.error.code).toBe('notAllowed');
  });

  test('while sealing, only the writer sees the move; the opponent and the arbiter see only that one exists', () => {
    const s = sealing(TWO_KNIGHTS, E93, 'blind');
    const w = writeSealedMove(s, { kind: 'move', uci: 'b1c3' }, 'blind', SEATS, 10);
    if (!w.ok) throw new Error();
    expect(adjournmentView(w.value.state, 'blind', SEATS).sealedMove).toEqual({ kind: 'move', uci: 'b1c3' });
    expect(adjournmentView(w.value.state, 'blindAssistant', SEATS).sealedMove).toEqual({
      kind: 'move',
      uci: 'b1c3',
    });
    for (const role of ['sighted', 'arbiter', 'spectator', 'sightedAssistant'] as const) {
      const view = adjournmentView(w.value.state, role, SEATS);
      expect(view.sealedMove).toBeNull();
      expect(view.hasSealedMove).toBe(true);
      expect(JSON.stringify(view)).not.toContain('b1c3');
    }
  });
});

describe('checklist 74: the envelope holds the five items, is hidden until resumption, custody logged', () => {
  test('names, position before the sealed move, times used, sealer and move number; nobody reads the move', () => {
    const { state } = sealedWith(sealing(), { kind: 'move', uci: 'b8c6' });
    for (const role of ['blind', 'sighted', 'arbiter', 'blindAssistant', 'spectator'] as const) {
      const view = adjournmentView(state, role, SEATS);
      expect(view.sealedMove).toBeNull();
      expect(JSON.stringify(view)).not.toContain('b8c6');
      expect(view).toMatchObject({
        white: 'Anna Blind',
        black: 'Sam Sighted',
        fenBefore: FEN,
        timeUsed: { w: 3_000_000, b: 3_400_000 },
        sealer: 'b',
        moveNumber: 2,
      });
    }
    const custody = adjournmentView(state, 'arbiter', SEATS).custody ?? [];
    expect(custody.map((c) => c.action)).toEqual([
      'sealingBegun',
      'moveWritten',
      'clockStopped',
      'envelopeHeld',
    ]);
    expect(adjournmentView(state, 'sighted', SEATS).custody).toBeNull();
  });

  test('every look at the envelope is logged, and the arbiter still cannot read the move', () => {
    const { state } = sealedWith(sealing(), { kind: 'move', uci: 'b8c6' });
    const looked = viewEnvelope(state, 'arbiter', SEATS, 50_000);
    expect(looked.view.sealedMove).toBeNull();
    expect(looked.state.custody.at(-1)).toEqual({ at: 50_000, by: 'arbiter', action: 'envelopeViewed' });
    const opened = resume(looked.state, { replierPresent: true, by: 'arbiter', now: 60_000 });
    expect(opened.ok && opened.value.state.custody.map((c) => c.action).slice(-3)).toEqual([
      'envelopeViewed',
      'resumptionBegun',
      'envelopeOpened',
    ]);
  });
});

describe('checklist 75: resumption', () => {
  test('with the replier present: the move is opened, played and the reply clock started with the stored times', () => {
    const { state } = sealedWith(sealing(), { kind: 'move', uci: 'b8c6' });
    const r = resume(state, { replierPresent: true, by: 'arbiter', now: 100_000 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.clock).toEqual({ kind: 'start', color: 'w', timeUsed: { w: 3_000_000, b: 3_400_000 } });
    const view = adjournmentView(r.value.state, 'sighted', SEATS);
    expect(view.sealedMove).toEqual({ kind: 'move', uci: 'b8c6' });
    expect(
      r.value.state.phase === 'opened' &&
        r.value.state.verdict.kind === 'played' &&
        r.value.state.verdict.move.fenAfter,
    ).toBe('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    expect(adjournmentResult(r.value.state)).toBeNull();
  });

  test('with the replier absent: his clock starts, the envelope waits; on arrival it is opened and his clock restarted', () => {
    const { state } = sealedWith(sealing(), { kind: 'move', uci: 'b8c6' });
    const r = resume(state, { replierPresent: false, by: 'arbiter', now: 100_000 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.clock).toEqual({ kind: 'start', color: 'w', timeUsed: { w: 3_000_000, b: 3_400_000 } });
    expect(adjournmentView(r.value.state, 'blind', SEATS).sealedMove).toBeNull();
    const arrived = replierArrives(r.value.state, { by: 'arbiter', now: 160_000 });
    if (!arrived.ok) throw new Error(arrived.error.message);
    expect(arrived.value.clock).toEqual({
      kind: 'start',
      color: 'w',
      timeUsed: { w: 3_060_000, b: 3_400_000 },
    });
    expect(adjournmentView(arrived.value.state, 'blind', SEATS).sealedMove).toEqual({
      kind: 'move',
      uci: 'b8c6',
    });
  });

  test('a sealed mate ends the game when opened and stops the clocks', () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30';
    const r = beginAt0('blind', fen);
    if (!r.ok) throw new Error();
    const { state } = sealedWith(r.value.state, { kind: 'move', uci: 'a1a8' }, 'blind');
    const opened = resume(state, { replierPresent: true, by: 'arbiter', now: 5 });
    if (!opened.ok) throw new Error();
    expect(opened.value.clock.kind).toBe('stopBoth');
    expect(adjournmentResult(opened.value.state)).toEqual({ winner: 'w', reason: 'checkmate' });
  });
});

describe('checklist 76: adjourning before the end of the session (E93 13.1(b))', () => {
  test('E93 adds the remaining session time to the sealer; E72 does not', () => {
    for (const [rules, expected] of [
      [E93, 3_400_000 + 600_000],
      [E72, 3_400_000],
    ] as const) {
      const s = sealing(FEN, rules);
      const w = writeSealedMove(s, { kind: 'move', uci: 'b8c6' }, 'sighted', SEATS, 1);
      if (!w.ok) throw new Error();
      const stop = stopClockAndSeal(w.value.state, {
        by: 'sighted',
        seats: SEATS,
        now: 2,
        timeUsed: { w: 3_000_000, b: 3_400_000 },
        sessionTimeLeft: 600_000,
      });
      if (!stop.ok) throw new Error();
      expect(stop.value.state.envelope.timeUsed).toEqual({ w: 3_000_000, b: expected });
    }
  });
});

describe('checklist 77: an invalid sealed move per edition', () => {
  test('free text is read: short, long, UCI, castling with O or 0; ambiguity and illegality detected', () => {
    expect(readSealedText(TWO_KNIGHTS, 'Nbd2')).toMatchObject({ kind: 'move', move: { uci: 'b1d2' } });
    expect(readSealedText(TWO_KNIGHTS, 'Nd2')).toEqual({ kind: 'ambiguous' });
    expect(readSealedText(TWO_KNIGHTS, 'Bc1-g5')).toMatchObject({ kind: 'move', move: { uci: 'c1g5' } });
    expect(readSealedText(TWO_KNIGHTS, 'Qd8')).toEqual({ kind: 'illegal' });
    expect(readSealedText(TWO_KNIGHTS, 'my knight somewhere')).toEqual({ kind: 'unintelligible' });
    expect(readSealedText('4k3/8/8/8/8/8/8/4K2R w K - 0 1', '0-0')).toMatchObject({
      kind: 'move',
      move: { castle: 'king' },
    });
  });

  test('E93: ambiguous, unintelligible or illegal sealed moves lose', () => {
    for (const text of ['Nd2', 'the horse', 'Qd8']) {
      const v = judgeSealedMove(TWO_KNIGHTS, { kind: 'text', text }, E93);
      expect(v.kind).toBe('loss');
      expect(v.kind === 'loss' && v.loser).toBe('w');
    }
  });

  test('E72: a clear but illegal move goes to the arbiter; an ambiguous one loses', () => {
    expect(judgeSealedMove(TWO_KNIGHTS, { kind: 'text', text: 'Qd8' }, E72).kind).toBe('arbiterDecides');
    expect(judgeSealedMove(TWO_KNIGHTS, { kind: 'text', text: 'Nd2' }, E72).kind).toBe('loss');
  });

  test('against a bare king an invalid sealed move draws under E93 but loses under E72', () => {
    expect(judgeSealedMove(BARE_KING, { kind: 'text', text: 'Qd8' }, E93)).toEqual({
      kind: 'draw',
      reason: 'illegal',
    });
    expect(judgeSealedMove(BARE_KING, { kind: 'text', text: 'xyz' }, E72).kind).toBe('loss');
  });

  test('the loss is the game result once the envelope is opened', () => {
    const { state } = sealedWith(sealing(FEN), { kind: 'text', text: 'Nc3' });
    const r = resume(state, { replierPresent: true, by: 'arbiter', now: 1 });
    if (!r.ok) throw new Error();
    expect(r.value.clock.kind).toBe('stopBoth');
    expect(adjournmentResult(r.value.state)).toEqual({ winner: 'w', reason: 'invalidSealedMove' });
  });
});

describe('checklist 71: resignation or agreed draw before opening stands', () => {
  test('a draw agreed before the envelope is opened stands even though the sealed move was invalid', () => {
    const { state } = sealedWith(sealing(FEN), { kind: 'text', text: 'nonsense' });
    const ended = endBeforeOpening(state, { kind: 'drawAgreed' }, { by: 'arbiter', now: 10 });
    if (!ended.ok) throw new Error();
    expect(adjournmentResult(ended.value.state)).toEqual({ winner: null, reason: 'agreement' });
    expect(adjournmentView(ended.value.state, 'arbiter', SEATS).sealedMove).toBeNull();
    expect(resume(ended.value.state, { replierPresent: true, by: 'arbiter', now: 11 }).ok).toBe(false);
  });

  test('a resignation before opening stands', () => {
    const { state } = sealedWith(sealing(FEN), { kind: 'move', uci: 'b8c6' });
    const ended = endBeforeOpening(state, { kind: 'resigned', loser: 'w' }, { by: 'blind', now: 10 });
    if (!ended.ok) throw new Error();
    expect(adjournmentResult(ended.value.state)).toEqual({ winner: 'b', reason: 'resignation' });
  });
});

describe('the adjournment drives the core clock', () => {
  test('sealing stops both clocks (opponent not started), early time charged; resumption starts the replier', () => {
    // Black (sighted) has been thinking for 10 s since t = 1000 when he seals at t = 11 000.
    const clock = { ...createClock(CLOCK_PRESETS.skopje1972, 0), running: 'b' as const, since: 1000 };
    const s = sealing(FEN, E93);
    const w = writeSealedMove(s, { kind: 'move', uci: 'b8c6' }, 'sighted', SEATS, 5000);
    if (!w.ok) throw new Error();
    const used = timeUsedOn(clock, 11_000);
    const stop = stopClockAndSeal(w.value.state, {
      by: 'sighted',
      seats: SEATS,
      now: 11_000,
      timeUsed: used,
      sessionTimeLeft: 60_000,
    });
    if (!stop.ok) throw new Error();
    const stopped = applyClockEffect(clock, stop.value.clock, 11_000);
    expect(stopped.running).toBeNull();
    expect(timeUsed(stopped, 'b', 99_000)).toBe(used.b + 60_000);
    expect(timeUsed(stopped, 'w', 99_000)).toBe(used.w);
    const r = resume(stop.value.state, { replierPresent: true, by: 'arbiter', now: 500_000 });
    if (!r.ok) throw new Error();
    const running = applyClockEffect(stopped, r.value.clock, 500_000);
    expect(running.running).toBe('w');
    expect(timeUsed(running, 'w', 503_000)).toBe(used.w + 3000);
  });
});
