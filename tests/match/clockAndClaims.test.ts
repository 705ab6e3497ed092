// Clock interventions, flags, draw offers and claims through the reducer (GR-50…GR-56, GR-61…GR-64,
// BL-32, BL-33; checklist 39, 50).
import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';

const MIN = 60_000;
// 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1: Black's Ng8 would bring the start position a third time.
const SHUFFLE = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];

describe('stop both clocks (GR-63, checklist 50)', () => {
  it('the arbiter stops and restarts the clocks', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.tick(5_000).as('arbiter').stopClocks();
    expect(d.lastOf('clocksStopped')).toMatchObject({
      by: 'arbiter',
      reason: 'arbiter',
      audience: 'everyone',
    });
    d.tick(60_000).as('blind').lift('e2');
    expect(d.refusal?.code).toBe('clocksStopped');
    d.as('blind').stopClocks();
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('arbiter').resumeClocks();
    expect(d.clock().sides.w.usedMs).toBe(5_000);
    expect(d.state.clock.running).toBe('w');
  });

  it('a player seeking an absent arbiter may stop both clocks', () => {
    const d = MatchDriver.started();
    d.tick(1_000).as('sighted').stopClocks();
    expect(d.lastOf('clocksStopped')).toMatchObject({ by: 'sighted', reason: 'seekingArbiter' });
    d.tick(30_000).as('blind').resumeClocks();
    expect(d.clock().sides.w.usedMs).toBe(1_000);
  });

  it('stops automatically on a claim and on a difference between the boards', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.as('blind').claim('insufficientMaterial');
    expect(d.last.map((e) => e.type)).toEqual(['claimed', 'clocksStopped']);
    expect(d.state.claim).toMatchObject({ kind: 'insufficientMaterial', verified: false });
    d.as('arbiter').decideClaim(false);
    expect(d.lastOf('clocksResumed')).toMatchObject({ running: 'w' });
  });
});

describe('flags and time claims (BL-32, GR-61, checklist 39)', () => {
  const blitz = { periods: [{ moves: null, timeMs: 2 * MIN }], label: '2 min', repeatLast: false } as const;

  it('signals the flag to everyone once; without an arbiter the game ends on the claim', () => {
    const d = MatchDriver.started({ timeControl: blitz, roles: ['blind', 'sighted', 'blindAssistant'] });
    d.tick(1_000).play('e2e4');
    d.as('blindAssistant').execute();
    d.tick(2 * MIN + 1);
    expect(d.last).toEqual([{ type: 'flagFell', color: 'b', audience: 'everyone' }]);
    d.tick(1_000);
    expect(d.last).toEqual([]);
    expect(d.state.phase).toBe('playing');
    // The blind player's assistant claims the game on time (r.9(e)).
    d.as('blindAssistant').claim('time');
    expect(d.lastOf('claimDecided')).toMatchObject({ claim: 'time', upheld: true });
    expect(d.state.result).toEqual({ winner: 'w', reason: 'flag' });
  });

  it('with an arbiter present the flag ends the game when it falls (000 Interp 14.4 (1974))', () => {
    const d = MatchDriver.started({ timeControl: blitz, roles: ['blind', 'sighted', 'arbiter'] });
    d.tick(2 * MIN + 1);
    expect(d.last.map((e) => e.type)).toEqual(['flagFell', 'gameEnded']);
    expect(d.state.result).toEqual({ winner: 'b', reason: 'flag' });
  });

  it('a premature time claim is rejected and the game goes on', () => {
    const d = MatchDriver.started({ timeControl: blitz });
    d.as('sighted').claim('time');
    expect(d.lastOf('claimDecided')).toMatchObject({ upheld: false });
    expect(d.state.phase).toBe('playing');
  });

  it('the flag against a bare king is a draw in E93 (003/001 Art 10.12)', () => {
    const d = MatchDriver.started({ timeControl: blitz, startFen: '4k3/8/8/8/8/8/8/Q3K3 w - - 0 1' });
    d.tick(2 * MIN + 1)
      .as('sighted')
      .claim('time');
    expect(d.state.result).toEqual({ winner: null, reason: 'flagVsBareKing' });
  });
});

describe('arbiter clock adjustments and penalties (GR-64, GR-95)', () => {
  it('applies an adjustment below the E93 floors with the warnings shown', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.as('arbiter').adjustClock('w', 148 * MIN);
    const adjusted = d.lastOf('clockAdjusted');
    expect(adjusted?.warnings.map((w) => w.code)).toEqual(['lessThanFloorToControl', 'lessThanFloorPerMove']);
    expect(d.clock().sides.w.usedMs).toBe(148 * MIN);
    d.as('arbiter').adjustClock('w', 60 * MIN);
    expect(d.lastOf('clockAdjusted')?.warnings).toEqual([]);
  });

  it('time penalties go to the offender’s used time or the opponent’s remaining time (E93 16.5)', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.as('arbiter').penalize('b', 'timeAddedToOffender', 2 * MIN);
    d.as('arbiter').penalize('b', 'timeAddedToOpponent', 3 * MIN);
    const clock = d.clock();
    expect(clock.sides.b.usedMs).toBe(2 * MIN);
    expect(clock.sides.w.remainingMs).toBe(150 * MIN + 3 * MIN);
    d.as('arbiter').penalize('b', 'timeAddedToOffender');
    expect(d.refusal?.code).toBe('badTime');
    d.as('arbiter').penalize('b', 'lossOfGame');
    expect(d.state.result).toEqual({ winner: 'w', reason: 'forfeit' });
  });
});

describe('draw offers (GR-50…GR-52)', () => {
  it('a regular offer goes with the move; the opponent accepts', () => {
    const d = MatchDriver.started();
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blind').announce();
    d.as('blind').offerDraw();
    expect(d.lastOf('drawOffered')).toMatchObject({ color: 'w', regular: true, audience: 'everyone' });
    d.as('blind').pressClock();
    d.as('blind').acceptDraw();
    expect(d.refusal?.code).toBe('noDrawOffer');
    d.as('sighted').acceptDraw();
    expect(d.state.result).toEqual({ winner: null, reason: 'agreement' });
  });

  it('an offer before one’s own move is irregular but stands; the opponent’s next move rejects it', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.as('sighted').offerDraw();
    expect(d.lastOf('drawOffered')).toMatchObject({ color: 'b', regular: false });
    d.as('sighted').offerDraw();
    expect(d.refusal?.code).toBe('drawOfferOpen');
    d.play('e7e5');
    expect(d.state.drawOffer).toMatchObject({ by: 'b' });
    d.play('g1f3');
    expect(d.lastOf('drawDeclined')).toMatchObject({ color: 'w', implicit: true });
    expect(d.state.drawOffer).toBeNull();
  });

  it('an explicit decline closes the offer', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.as('blind').offerDraw();
    d.as('sighted').declineDraw();
    expect(d.lastOf('drawDeclined')).toMatchObject({ color: 'b', implicit: false });
  });
});

describe('claims of repetition and fifty moves (GR-55, GR-56)', () => {
  it('without an arbiter Twinboard verifies a correct repetition claim and draws', () => {
    const d = MatchDriver.started();
    for (const uci of SHUFFLE) d.play(uci);
    // Black states the move that repeats the position a third time.
    d.as('sighted').claim('repetition', 'f6g8');
    expect(d.lastOf('claimDecided')).toMatchObject({ claim: 'repetition', upheld: true, by: 'twinboard' });
    expect(d.lastOf('claimDecided')?.evidence).toEqual([0, 4, 8]);
    expect(d.state.result).toEqual({ winner: null, reason: 'repetition' });
  });

  it('a wrong claim costs the claimant five minutes and the stated move must be played (E93 10.13)', () => {
    const d = MatchDriver.started();
    for (const uci of SHUFFLE.slice(0, 3)) d.play(uci);
    d.tick(10_000).as('sighted').claim('repetition', 'f6g8');
    expect(d.lastOf('claimDecided')).toMatchObject({ upheld: false });
    expect(d.state.phase).toBe('playing');
    expect(d.clock().sides.b.usedMs).toBe(10_000 + 5 * MIN);
    expect(d.state.clock.running).toBe('b');
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
  });

  it('only the player having the move claims, and an arbiter decides when present', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    for (const uci of SHUFFLE) d.play(uci);
    d.as('blind').claim('repetition');
    expect(d.refusal?.code).toBe('claimNotAllowed');
    d.as('sighted').claim('repetition', 'f6g8');
    expect(d.state.claim).toMatchObject({ kind: 'repetition', verified: true, move: 'f6g8' });
    expect(d.state.clock.running).toBeNull();
    d.as('sighted').claim('fiftyMoves');
    expect(d.refusal?.code).toBe('claimOpen');
    d.as('arbiter').decideClaim(true);
    expect(d.state.result).toEqual({ winner: null, reason: 'repetition' });
  });

  it('a fifty-move claim is verified from the board', () => {
    const d = MatchDriver.started({ startFen: '4k3/8/8/8/8/8/8/R3K3 w - - 99 80' });
    d.play('a1a2');
    d.as('sighted').claim('fiftyMoves');
    expect(d.state.result).toEqual({ winner: null, reason: 'fiftyMoves' });
  });
});

describe('touch reports (BL-33, S85 r.9(e))', () => {
  it('the assistant reports the sighted player’s touch; the arbiter upholds it and the piece must move', () => {
    const d = MatchDriver.started({
      roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
      relay: 'automatic',
    });
    d.play('e2e4');
    d.as('blindAssistant').reportTouch('g8');
    expect(d.last.map((e) => e.type)).toEqual(['touchReported', 'claimed', 'clocksStopped']);
    d.as('arbiter').decideClaim(true);
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('sighted').move('g8f6');
    expect(d.refusal).toBeUndefined();
  });

  it('without an arbiter the report is logged and left to the arbiter (GR-96)', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'blindAssistant'], relay: 'automatic' });
    d.play('e2e4');
    d.as('blindAssistant').reportTouch('g8');
    expect(d.state.claim).toBeNull();
    expect(d.state.clock.running).toBe('b');
    expect(d.state.log.at(-1)).toMatchObject({ what: 'reportTouch', refused: false });
  });
});

describe('automatic clock press after the correction window (BL-13 CONFIG)', () => {
  it('presses by itself once the move has been executed and the window has passed', () => {
    const d = MatchDriver.started({ autoPressAfterMs: 3_000 });
    d.tick(10_000).as('blind').lift('e2');
    d.as('blind').place('e4');
    d.tick(5_000);
    // Not announced: not executed, so nothing happens (BL-12).
    expect(d.state.clock.running).toBe('w');
    d.as('blind').announce();
    expect(d.state.readySince! + d.state.setup.autoPressAfterMs!).toBe(18_000);
    d.tick(2_999);
    expect(d.state.plies).toHaveLength(0);
    d.tick(1);
    expect(d.last.map((e) => e.type)).toContain('clockPressed');
    expect(d.lastOf('clockPressed')).toMatchObject({ by: 'twinboard', color: 'w' });
    expect(d.state.clock.running).toBe('b');
    expect(d.clock().sides.w.usedMs).toBe(18_000);
    expect(d.state.readySince).toBeNull();
  });

  it('is off by default: the player presses', () => {
    const d = MatchDriver.started();
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blind').announce();
    d.tick(600_000);
    expect(d.state.plies).toHaveLength(0);
  });
});
