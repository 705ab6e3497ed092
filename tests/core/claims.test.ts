// Claims and results (spec §2.6–2.11): checklist items 20, 46, 57, 62–68, with FEN fixtures.
import { describe, expect, test } from 'vitest';
import {
  agreeDraw,
  boardOutcome,
  claimFiftyMoves,
  claimRepetition,
  classifyDrawOffer,
  colourReversalDecision,
  sealedMoveResult,
  createClock,
  endsRegardlessOfClock,
  fiftyMoveLimit,
  fischer,
  flagResult,
  insufficientMaterial,
  openClaim,
  PROFILES,
  remaining,
  repetitionKey,
  resign,
  scoreOf,
  settleClaim,
  START_FEN,
  timeUsed,
  touchClaimAllowed,
  type ClaimVerdict,
  type Game,
  type Profile,
  type ProfileId,
} from '../../src/core/index.ts';

const E93 = PROFILES['fide1993-ibca1985'];
const MIN = 60_000;
const game = (moves: string[], startFen = START_FEN): Game => ({ startFen, moves });
const SHUFFLE = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

describe('J. repetition', () => {
  test('item 62: same placement but castling rights lost → not the same position', () => {
    const rooks = ['g1f3', 'g8f6', 'h1g1', 'h8g8', 'g1h1', 'g8h8', 'f3g1', 'f6g8'];
    // The start placement stands at plies 0, 8, 12 — but only the last two without the king-side rights.
    const twice = game([...rooks, ...SHUFFLE]);
    expect(must(claimRepetition(twice, { form: 'hasAppeared' }))).toMatchObject({
      correct: false,
      evidence: [8, 12],
    });
    const thrice = game([...rooks, ...SHUFFLE, ...SHUFFLE]);
    expect(must(claimRepetition(thrice, { form: 'hasAppeared' }))).toMatchObject({
      correct: true,
      evidence: [8, 12, 16],
      result: { winner: null, reason: 'repetition' },
    });
  });

  test('item 62: en passant counts only when the capture is really possible', () => {
    const EP = 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3';
    expect(repetitionKey(EP)).not.toBe(repetitionKey(EP.replace(' d6 ', ' - ')));
    const noCapture = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    expect(repetitionKey(noCapture)).toBe(repetitionKey(noCapture.replace(' e3 ', ' - ')));
    // The first position (e.p. possible) differs from its later returns: two occurrences, not three.
    expect(must(claimRepetition(game([...SHUFFLE, ...SHUFFLE], EP), { form: 'hasAppeared' })).correct).toBe(
      false,
    );
    expect(
      must(claimRepetition(game([...SHUFFLE, ...SHUFFLE, ...SHUFFLE], EP), { form: 'hasAppeared' })).correct,
    ).toBe(true);
  });

  test('item 63: (a) "about to appear" with the declared move, not played', () => {
    const g = game([...SHUFFLE, ...SHUFFLE.slice(0, 3)]);
    const v = must(claimRepetition(g, { form: 'aboutToAppear', uci: 'f6g8' }));
    expect(v).toMatchObject({
      correct: true,
      evidence: [0, 4, 8],
      declaredMove: { uci: 'f6g8', san: 'Ng8' },
    });
    expect(g.moves).toHaveLength(7);
    // A wrong (a) claim names the move the claimant must now play (003 10.11(b)).
    const wrong = must(claimRepetition(g, { form: 'aboutToAppear', uci: 'e7e5' }));
    expect(wrong).toMatchObject({ correct: false, declaredMove: { uci: 'e7e5', san: 'e5' }, result: null });
    expect(claimRepetition(g, { form: 'aboutToAppear', uci: 'e7e4' })).toMatchObject({
      ok: false,
      error: { code: 'illegalMove' },
    });
  });

  test('item 63: (b) "has appeared"; the right lapses after moving and revives on recurrence', () => {
    const third = [...SHUFFLE, ...SHUFFLE];
    expect(must(claimRepetition(game(third), { form: 'hasAppeared' })).correct).toBe(true);
    expect(must(claimRepetition(game([...third, 'e2e4']), { form: 'hasAppeared' })).correct).toBe(false);
    expect(must(claimRepetition(game([...third, ...SHUFFLE]), { form: 'hasAppeared' })).evidence).toEqual([
      0, 4, 8, 12,
    ]);
  });

  test('a record that does not replay is an error, not an exception', () => {
    expect(claimRepetition(game(['e2e5']), { form: 'hasAppeared' })).toMatchObject({
      ok: false,
      error: { code: 'invalidGame' },
    });
  });
});

describe('J. fifty moves and extensions', () => {
  const K_R_K = '8/8/8/4k3/8/8/8/R3K3 w - - 98 80';
  test('item 64: the fifty-move count and claim, with and without the declared move', () => {
    expect(must(claimFiftyMoves(game(['a1a2'], K_R_K), E93))).toMatchObject({
      correct: false,
      moves: 49,
      limit: 50,
    });
    expect(must(claimFiftyMoves(game(['a1a2'], K_R_K), E93, 'e5e4'))).toMatchObject({
      correct: true,
      moves: 50,
      declaredMove: { san: 'Ke4' },
      result: { winner: null, reason: 'fiftyMoves' },
    });
    // A pawn move or capture restarts the count.
    expect(must(claimFiftyMoves(game(['e2e4', 'e7e5', 'g1f3', 'b8c6']), E93)).moves).toBe(1);
  });

  const KNN_KP = '8/8/8/4k3/4p3/4N3/8/1N2K3 w - - 0 1';
  const KNN_KP_FAR = '8/8/8/4k3/8/8/4p3/1N1NK3 w - - 0 1';
  const KRB_KR = '7r/8/8/4k3/8/8/8/RB2K3 w - - 0 1';
  const KQP_KQ = '8/1P6/8/4k3/8/8/q7/1Q2K3 w - - 0 1';
  test.each<[string, string, ProfileId, number]>([
    ['KNN v KP, blocked, not advanced', KNN_KP, 'fide1980', 100],
    ['KNN v KP, beyond the limit squares', KNN_KP_FAR, 'fide1980', 50],
    ['KNN v KP', KNN_KP, 'fide1988-ibca1985', 75],
    ['KNN v KP', KNN_KP, 'fide1993-ibca1985', 50],
    ['KNN v KP', KNN_KP, 'fide1972', 50],
    ['KRB v KR', KRB_KR, 'fide1988-ibca1985', 75],
    ['KRB v KR', KRB_KR, 'fide1980', 50],
    ['KQP (7th) v KQ', KQP_KQ, 'fide1988-ibca1985', 75],
    ['K R v K', K_R_K, 'fide1988-ibca1985', 50],
  ])('item 64: %s (%s) under %s → %i moves', (_name, fen, id, moves) => {
    expect(fiftyMoveLimit(fen, PROFILES[id]).moves).toBe(moves);
  });

  test('item 64: organiser-announced extensions apply where the edition allows them (E93, not E88)', () => {
    const ext = [{ label: 'KRB v KNN', material: 'KRBvKNN', moves: 223 }];
    const fen = '6nn/8/8/4k3/8/8/8/RB2K3 w - - 0 1';
    expect(fiftyMoveLimit(fen, E93, ext)).toEqual({ moves: 223, basis: 'KRB v KNN' });
    expect(fiftyMoveLimit(fen, PROFILES['fide1988-ibca1985'], ext).moves).toBe(50);
    // 71 quiet moves: enough under E93 (50), not under E88 (75 for this ending).
    const g = game(['a1a2', 'h8h7'], KRB_KR.replace(' 0 1', ' 140 80'));
    expect(must(claimFiftyMoves(g, E93)).correct).toBe(true);
    expect(must(claimFiftyMoves(g, PROFILES['fide1988-ibca1985']))).toMatchObject({
      correct: false,
      moves: 71,
      limit: 75,
    });
  });
});

describe('insufficient material, flag, results', () => {
  test.each<[string, string, boolean]>([
    ['K v K', '8/8/8/4k3/8/8/8/4K3 w - - 0 1', true],
    ['K v KB', '8/8/8/4k3/8/8/8/2B1K3 w - - 0 1', true],
    ['K v KN', '8/8/8/4k3/8/8/8/1N2K3 w - - 0 1', true],
    ['KB v KB, same colour', '5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1', true],
    ['KB v KB, opposite colours', '2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1', false],
    ['KN v KN', '6n1/8/8/4k3/8/8/8/1N2K3 w - - 0 1', false],
    ['K v KNN', '8/8/8/4k3/8/8/8/1N1NK3 w - - 0 1', false],
    ['K v KP', '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1', false],
    ['KN v KB', '6n1/8/8/4k3/8/8/8/2B1K3 w - - 0 1', false],
    ['K v KBB', '8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1', false],
    ['K v KR', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', false],
  ])('item 66: %s → insufficient = %s', (_name, fen, expected) => {
    expect(insufficientMaterial(fen)).toBe(expected);
  });

  test.each<[ProfileId, boolean]>([
    ['fide1993-ibca1985', true],
    ['fide1988-ibca1985', true],
    ['fide2018', true],
    ['fide1980', false],
    ['fide1972', false],
  ])('item 66: %s ends the game automatically = %s', (id, draws) => {
    // White's bishop takes the last black piece: K+B v K.
    const g = game(['c1g5'], '8/8/8/4k1n1/8/8/8/2B1K3 w - - 0 1');
    expect(boardOutcome(g, PROFILES[id])).toEqual(
      draws ? { winner: null, reason: 'insufficientMaterial' } : null,
    );
  });

  test.each<[ProfileId, string, string]>([
    ['fide1993-ibca1985', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', '1/2-1/2'],
    ['fide1988-ibca1985', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', '1/2-1/2'],
    ['fide1980', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', '0-1'],
    ['fide1972', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', '0-1'],
    ['fide1993-ibca1985', '8/8/8/4k3/8/8/8/4K3 w - - 0 1', '1/2-1/2'],
    ['fide1993-ibca1985', '8/8/8/4k3/8/8/8/R3K2b w - - 0 1', '0-1'],
  ])('item 46: %s — White oversteps in %s → %s', (id, fen, score) => {
    expect(scoreOf(flagResult(fen, 'w', PROFILES[id]))).toBe(score);
  });

  test('item 46: a flag against a side with more than the king loses in every edition', () => {
    expect(flagResult('8/8/8/4k3/8/8/8/R3K2b w - - 0 1', 'w', E93)).toEqual({ winner: 'b', reason: 'flag' });
  });

  test('item 20: checkmate and stalemate end the game on the board', () => {
    const mate = game(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    expect(boardOutcome(mate, PROFILES.fide1972)).toEqual({ winner: 'b', reason: 'checkmate' });
    const stale = game(['a7a8q'], 'k7/P7/1K6/8/8/8/8/8 w - - 0 1');
    expect(boardOutcome(game(['b6c7'], '1k6/1P6/1K6/8/8/8/8/8 w - - 0 1'), E93)).toBeNull();
    expect(boardOutcome(game(['b6a6'], 'k7/P7/1K6/8/8/8/8/8 w - - 0 1'), E93)).toEqual({
      winner: null,
      reason: 'stalemate',
    });
    expect(boardOutcome(stale, E93)).toBeNull();
  });

  test.each<[ProfileId, string, boolean]>([
    ['fide1972', 'checkmate', true],
    ['fide1972', 'stalemate', false],
    ['fide1980', 'stalemate', true],
    ['fide1980', 'insufficientMaterial', false],
    ['fide1993-ibca1985', 'insufficientMaterial', true],
    ['fide1993-ibca1985', 'repetition', false],
  ])('item 20 / GR-17: under %s a %s stands regardless of the clock = %s', (id, reason, stands) => {
    expect(endsRegardlessOfClock(reason as 'checkmate', PROFILES[id])).toBe(stands);
  });

  test('2018: fivefold repetition ends the game without a claim; older editions need a claim', () => {
    const five = game([...SHUFFLE, ...SHUFFLE, ...SHUFFLE, ...SHUFFLE]);
    expect(boardOutcome(five, PROFILES.fide2018)).toEqual({ winner: null, reason: 'fivefoldRepetition' });
    expect(boardOutcome(five, E93)).toBeNull();
  });

  test('resignation and agreement; scores 1 / ½ / 0', () => {
    expect(resign('w')).toEqual({ winner: 'b', reason: 'resignation' });
    expect(scoreOf(resign('b'))).toBe('1-0');
    expect(scoreOf(agreeDraw())).toBe('1/2-1/2');
  });
});

describe('J. draw offers and claims on the clock', () => {
  test.each<[ProfileId, boolean, 'w' | 'b', string, boolean]>([
    // [profile, justMoved, side to move, expected kind/consequence, opponent may postpone]
    ['fide1993-ibca1985', true, 'b', 'regular', false],
    ['fide1993-ibca1985', false, 'w', 'mayBePenalised', true],
    ['fide1993-ibca1985', false, 'b', 'mayBePenalised', false],
    ['fide1988-ibca1985', false, 'b', 'warning', false],
    ['fide1980', false, 'w', 'postponable', true],
    ['fide1972', false, 'w', 'notProvided', false],
  ])(
    'items 67–68: %s, White offers (just moved %s, %s to move) → %s',
    (id, justMoved, toMove, kind, postpone) => {
      const t = classifyDrawOffer({ offerer: 'w', toMove, justMoved }, PROFILES[id]);
      if (kind === 'regular') expect(t).toEqual({ kind: 'regular' });
      else expect(t).toMatchObject({ kind: 'irregular', consequence: kind, opponentMayPostpone: postpone });
    },
  );

  test('item 57: a touch-move claim only before the claimant has touched a piece', () => {
    expect(touchClaimAllowed(false)).toBe(true);
    expect(touchClaimAllowed(true)).toBe(false);
  });

  const wrong: ClaimVerdict = { correct: false, evidence: [0, 4], result: null };
  const right: ClaimVerdict = {
    correct: true,
    evidence: [0, 4, 8],
    result: { winner: null, reason: 'repetition' },
  };
  const FEN = START_FEN;
  const T = 1_000_000;

  test.each<[string, Profile, number, number, boolean]>([
    // [name, profile, White used after a wrong claim, Black remaining, clocks stopped during the claim]
    ['E93: stopped, +5 min to the claimant', E93, 8 * MIN, 10 * MIN, true],
    ['E80: stopped, +5 min to the claimant', PROFILES.fide1980, 8 * MIN, 10 * MIN, true],
    ['E72: the clock runs, no penalty', PROFILES.fide1972, 4 * MIN, 10 * MIN, false],
    [
      'E77 Interp: exactly 5 min charged',
      { ...PROFILES.fide1980, claimClock: { kind: 'fixedCharge', minutes: 5 } },
      9 * MIN,
      10 * MIN,
      false,
    ],
    ['2018: +2 min to the opponent', PROFILES.fide2018, 3 * MIN, 12 * MIN, true],
  ])('item 65: %s', (_name, profile, whiteUsed, blackLeft, stopped) => {
    const clock = createClock(fischer(10, 0), T);
    const open = openClaim(clock, profile, T + 3 * MIN);
    expect(open.running === null).toBe(stopped);
    const now = T + 4 * MIN;
    const s = settleClaim(open, 'w', wrong, profile, FEN, stopped ? T + 3 * MIN : now);
    expect(timeUsed(s.clock, 'w', stopped ? T + 3 * MIN : now)).toBe(whiteUsed);
    expect(remaining(s.clock, 'b', now)).toBe(blackLeft);
    expect(s.result).toBeNull();
  });

  test('item 65: a wrong claim that oversteps loses; a right one draws even past the flag (E72)', () => {
    const clock = createClock(fischer(10, 0), T);
    const late = settleClaim(openClaim(clock, E93, T + 7 * MIN), 'w', wrong, E93, FEN, T + 7 * MIN);
    expect(late.result).toEqual({ winner: 'b', reason: 'flag' });
    const e72 = PROFILES.fide1972;
    const ran = settleClaim(openClaim(clock, e72, T), 'w', right, e72, FEN, T + 11 * MIN);
    expect(ran.result).toEqual({ winner: null, reason: 'repetition' });
  });
});

describe('I. irregularities and adjournment', () => {
  const H = 60 * MIN;
  test.each<[ProfileId, number, number, string]>([
    // [profile, minutes used by both together, plies, decision]; first control 2½ h per player
    ['fide1980', 120, 40, 'annul'],
    ['fide1972', 10, 4, 'annul'],
    ['fide1988-ibca1985', 37, 20, 'arbiterMayRestart'],
    ['fide1988-ibca1985', 38, 20, 'continue'],
    ['fide1993-ibca1985', 75, 30, 'arbiterMayRestart'],
    ['fide1993-ibca1985', 76, 30, 'continue'],
    ['fide2018', 200, 19, 'newGame'],
    ['fide2018', 1, 20, 'continue'],
  ])('item 60: colours reversed under %s after %i min and %i plies → %s', (id, minutes, plies, decision) => {
    const usedMs = { w: (minutes * MIN) / 2, b: (minutes * MIN) / 2 };
    expect(colourReversalDecision({ usedMs, firstControlMs: 2.5 * H, plies }, PROFILES[id])).toBe(decision);
  });

  const FEN = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1';
  test.each<[ProfileId, 'ambiguous' | 'unintelligible' | 'illegal', string]>([
    ['fide1980', 'ambiguous', '1-0'],
    ['fide1980', 'illegal', 'none'],
    ['fide1988-ibca1985', 'illegal', '1-0'],
    ['fide1993-ibca1985', 'unintelligible', '1-0'],
  ])('item 77: %s — Black sealed a move that is %s → %s', (id, defect, score) => {
    const r = sealedMoveResult(START_FEN, 'b', defect, PROFILES[id]);
    expect(r ? scoreOf(r) : 'none').toBe(score);
  });

  test('item 77: an invalid sealed move against a bare king draws (E88/E93), loses in E80', () => {
    expect(sealedMoveResult(FEN, 'w', 'illegal', E93)).toEqual({ winner: null, reason: 'invalidSealedMove' });
    expect(sealedMoveResult(FEN, 'w', 'ambiguous', PROFILES.fide1980)).toEqual({
      winner: 'b',
      reason: 'invalidSealedMove',
    });
    expect(sealedMoveResult(FEN, 'w', 'none', E93)).toBeNull();
  });
});
