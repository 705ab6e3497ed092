// Twin boards (BL-24…BL-27, checklist 29–33): relay modes, repetition, comparison after every
// execution, and the rule 7 / rule 8 corrections with injected wrong executions in manual relay.
import { describe, expect, it } from 'vitest';
import { assistantTasks } from '../../src/controllers/assistant.ts';
import { MatchDriver, type MatchOptions } from '../../src/match/index.ts';

describe('relay modes (BL-24, checklist 30)', () => {
  it('automatic: Twinboard executes the announced move on the other board and logs the read-back', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    expect(d.lastOf('executed')).toMatchObject({
      board: 'sighted',
      uci: 'e2e4',
      by: 'twinboard',
      matches: true,
    });
    expect(d.lastOf('repeated')).toMatchObject({ by: 'twinboard', audience: ['arbiter'] });
    expect(d.state.plies[0]).toMatchObject({
      repeated: 'e2e4',
      repeatedBy: 'twinboard',
      executedBy: 'twinboard',
    });
    // Nobody executes by hand in automatic relay.
    d.as('sighted').execute();
    expect(d.refusal?.code).toBe('nothingToExecute');
  });

  it('assisted: the assistant relays both ways and announces the sighted player’s moves (r.9(a)(b))', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'blindAssistant'] });
    expect(d.state.setup.relay).toBe('assisted');
    d.play('e2e4');
    expect(d.state.boards.sighted.game.moves).toEqual([]);
    expect(assistantTasks(d.state, 'blindAssistant')).toMatchObject([
      { kind: 'execute', board: 'sighted', uci: 'e2e4' },
    ]);
    d.as('sighted').execute();
    expect(d.refusal?.code).toBe('notEntitled');
    d.as('blindAssistant').execute();
    expect(d.lastOf('executed')).toMatchObject({ board: 'sighted', by: 'blindAssistant' });
    // The sighted move waits for the assistant's announcement before it can be relayed.
    d.play('e7e5');
    expect(d.state.plies[1]?.announced).toBeNull();
    expect(d.all('announced').filter((e) => e.color === 'b')).toHaveLength(0);
    expect(assistantTasks(d.state, 'blindAssistant')).toMatchObject([
      { kind: 'announce', ply: 2, uci: 'e7e5' },
    ]);
    d.as('blindAssistant').execute();
    expect(d.refusal?.code).toBe('nothingToExecute');
    d.as('blindAssistant').announce();
    expect(d.lastOf('announced')).toMatchObject({ by: 'blindAssistant', ply: 2, audience: 'everyone' });
    d.as('blindAssistant').execute();
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(d.state.discrepancy).toBeNull();
  });

  it('manual: each player executes the opponent’s repeated move on his own board', () => {
    const d = MatchDriver.started({ relay: 'manual', requireRepetition: true });
    d.play('e2e4');
    d.as('sighted').execute();
    expect(d.refusal?.code).toBe('notRepeated');
    d.as('sighted').repeat();
    expect(d.lastOf('repeated')).toMatchObject({
      uci: 'e2e4',
      by: 'sighted',
      matches: true,
      audience: 'everyone',
    });
    d.as('sighted').execute();
    expect(d.lastOf('executed')).toMatchObject({ board: 'sighted', by: 'sighted', matches: true });
    d.play('e7e5');
    d.as('blind').repeat();
    d.as('blind').execute();
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(d.state.scores.blind).toEqual(['e2e4', 'e7e5']);
    expect(d.state.scores.sighted).toEqual(['e2e4', 'e7e5']);
  });

  it('a repetition heard before the press is kept and written at the press (BL-18)', () => {
    const d = MatchDriver.started({ relay: 'manual', requireRepetition: true });
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blind').announce();
    d.as('sighted').repeat();
    expect(d.lastOf('repeated')).toMatchObject({ ply: null, matches: true });
    d.as('blind').pressClock();
    expect(d.state.plies[0]).toMatchObject({ repeated: 'e2e4', repeatedBy: 'sighted' });
    expect(d.state.scores.sighted).toEqual(['e2e4']);
  });
});

function manualGame(options: MatchOptions = {}): MatchDriver {
  const d = MatchDriver.started({ relay: 'manual', ...options });
  d.tick(10_000).play('e2e4');
  d.as('sighted').execute();
  d.tick(20_000).play('e7e5');
  d.as('blind').execute();
  return d;
}

describe('rule 7: the boards differ, the scores agree (BL-26, checklist 31–32)', () => {
  it('without an arbiter the differing board is reset to the scores at once (GR-96)', () => {
    const d = manualGame();
    d.tick(5_000).play('g1f3');
    // The sighted player executes the wrong knight move on his board.
    d.as('sighted').execute('g1h3');
    const types = d.last.map((e) => e.type);
    expect(types).toEqual(['executed', 'clocksStopped', 'discrepancy', 'correctionApplied', 'clocksResumed']);
    expect(d.lastOf('discrepancy')?.discrepancy).toMatchObject({
      rule: 7,
      differences: ['board/board', 'board/score:sighted'],
      boardsToReset: ['sighted'],
    });
    expect(d.lastOf('discrepancy')?.audience).toBe('everyone');
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
    expect(d.state.boards.sighted.aperture.board.get('f3')).toEqual({ color: 'w', type: 'n' });
    expect(d.state.clock.running).toBe('b');
    expect(d.state.log.map((l) => l.what)).toEqual(expect.arrayContaining(['discrepancy', 'correction']));
  });

  it('with an arbiter the clocks stay stopped and play waits until he confirms', () => {
    const d = manualGame({ roles: ['blind', 'sighted', 'arbiter'] });
    d.tick(5_000).play('g1f3');
    d.as('sighted').execute('g1h3');
    expect(d.state.discrepancy?.rule).toBe(7);
    expect(d.state.clock.running).toBeNull();
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('discrepancyOpen');
    // The players cannot settle it themselves while an arbiter is present.
    d.as('sighted').confirmCorrection();
    expect(d.refusal?.code).toBe('notAuthorized');
    d.tick(60_000).as('arbiter').confirmCorrection();
    // One move taken back: the wrong knight move on the sighted board (issue 10: the right count).
    expect(d.lastOf('correctionApplied')).toMatchObject({
      rule: 7,
      by: 'arbiter',
      boardsReset: ['sighted'],
      takenBack: 1,
    });
    expect(d.state.clock.running).toBe('b');
    // The minute spent on the correction ran on nobody's clock (BL-26 DEFAULT: clocks stopped).
    expect(d.clock().sides.b.usedMs).toBe(20_000);
    d.as('sighted').move('b8c6');
    expect(d.refusal).toBeUndefined();
  });

  it('in the 1980 rules the arbiter is offered a sanction choice instead (S80 r.7)', () => {
    const d = manualGame({ profileId: 'fide1980', roles: ['blind', 'sighted', 'arbiter'] });
    d.play('g1f3');
    d.as('sighted').execute('g1h3');
    expect(d.state.discrepancy).toMatchObject({ rule: 7, sanctionChoice: true });
    d.as('arbiter').penalize('b', 'timeAddedToOffender', 120_000);
    expect(d.lastOf('penalized')).toMatchObject({ color: 'b', ms: 120_000 });
    d.as('arbiter').confirmCorrection();
    expect(d.state.discrepancy).toBeNull();
    expect(d.clock().sides.b.usedMs).toBe(140_000);
  });
});

describe('rule 8: the scores differ (BL-27, checklist 33)', () => {
  function setup(options: MatchOptions = {}): MatchDriver {
    const d = MatchDriver.started({ relay: 'manual', requireRepetition: true, ...options });
    d.tick(10_000).play('e2e4');
    d.as('sighted').repeat();
    d.as('sighted').execute();
    d.tick(20_000).play('e7e5');
    d.as('blind').repeat();
    d.as('blind').execute();
    d.tick(30_000).play('g1f3');
    // The sighted player mishears: writes and executes Nh3.
    d.as('sighted').repeat('g1h3');
    d.as('sighted').execute('g1h3');
    return d;
  }

  it('finds the last ply where the scores agree and restores both boards and the logged clocks', () => {
    const d = setup({ roles: ['blind', 'sighted', 'arbiter'] });
    const disc = d.state.discrepancy;
    expect(disc).toMatchObject({
      rule: 8,
      correctedMoves: ['e2e4', 'e7e5'],
      boardsToReset: ['blind', 'sighted'],
      clockSource: 'log',
    });
    expect(disc?.differences).toEqual(['board/board', 'score/score']);
    expect(d.state.clock.running).toBeNull();
    d.tick(120_000).as('arbiter').confirmCorrection();
    expect(d.lastOf('correctionApplied')).toMatchObject({
      rule: 8,
      plies: 2,
      takenBack: 1,
      clockRestored: 'log',
    });
    const s = d.state;
    expect(s.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(s.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(s.scores.blind).toEqual(['e2e4', 'e7e5']);
    expect(s.scores.sighted).toEqual(['e2e4', 'e7e5']);
    expect(s.plies).toHaveLength(2);
    // The clocks as logged after Black's second ply: White 10 s, Black 20 s, one move each.
    const clock = d.clock();
    expect(clock.sides.w).toMatchObject({ usedMs: 10_000, moves: 1 });
    expect(clock.sides.b).toMatchObject({ usedMs: 20_000, moves: 1 });
    expect(clock.running).toBe('w');
    // White plays his move again.
    d.play('g1f3');
    d.as('sighted').repeat();
    d.as('sighted').execute();
    expect(d.state.discrepancy).toBeNull();
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
  });

  it('without an arbiter both players must agree to the retraction (GR-96)', () => {
    const d = setup();
    expect(d.last.map((e) => e.type)).toEqual(['executed', 'clocksStopped', 'discrepancy']);
    d.as('blind').confirmCorrection();
    expect(d.state.discrepancy?.agreedBy).toEqual(['blind']);
    d.as('blind').confirmCorrection();
    expect(d.refusal?.code).toBe('alreadyAgreed');
    d.as('sighted').confirmCorrection();
    expect(d.lastOf('correctionApplied')).toMatchObject({ rule: 8, by: 'twinboard' });
    expect(d.state.plies).toHaveLength(2);
  });
});

describe('twin boards demanded (BL-01, checklist 1)', () => {
  it('in S85 either player may switch two boards on and the other cannot switch them off', () => {
    const d = MatchDriver.create({ twinBoards: false });
    expect(d.state.setup.twinBoards).toBe(false);
    d.as('sighted').do({ kind: 'setTwinBoards', on: true });
    expect(d.lastOf('twinBoardsSet')).toMatchObject({ on: true, by: 'sighted', audience: 'everyone' });
    d.as('blind').do({ kind: 'setTwinBoards', on: false });
    expect(d.refusal?.code).toBe('fixedSetting');
    expect(d.state.setup.twinBoards).toBe(true);
  });

  it('in S72 and S80 two boards are obligatory', () => {
    for (const profileId of ['fide1972', 'fide1980'] as const) {
      const d = MatchDriver.create({ profileId, twinBoards: false });
      expect(d.state.setup.twinBoards).toBe(true);
      d.as('blind').do({ kind: 'setTwinBoards', on: false });
      expect(d.refusal?.code).toBe('fixedSetting');
    }
  });
});
