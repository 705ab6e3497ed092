// The feature checklist of rules-spec §5 that belongs to the match layer: items 1–6, 24, 29–42, 50.
import { describe, expect, it } from 'vitest';
import {
  authorize,
  createMatch,
  INTENT_KINDS,
  MatchDriver,
  ROLES,
  type IntentBody,
  type MatchState,
  type Role,
} from '../../src/match/index.ts';

const allowed = (state: MatchState, body: IntentBody, by: Role): boolean =>
  authorize(state, { ...body, by } as Parameters<typeof authorize>[1]).ok;

describe('feature checklist (rules-spec §5), match layer', () => {
  it('1. two boards can be demanded by either player (S85) and not refused; obligatory in S72/S80', () => {
    for (const by of ['blind', 'sighted'] as const) {
      const d = MatchDriver.create({
        twinBoards: false,
        roles: ['blind', 'sighted', 'arbiter', 'spectator'],
      });
      for (const other of ['arbiter', 'spectator'] as const) {
        d.as(other).do({ kind: 'setTwinBoards', on: true });
        expect(d.state.setup.twinBoards).toBe(false);
      }
      d.as(by).do({ kind: 'setTwinBoards', on: true });
      expect(d.state.setup.twinBoards).toBe(true);
      d.as(by === 'blind' ? 'sighted' : 'blind').do({ kind: 'setTwinBoards', on: false });
      expect(d.refusal?.code).toBe('fixedSetting');
    }
    expect(MatchDriver.create({ profileId: 'fide1972', twinBoards: false }).state.setup.twinBoards).toBe(
      true,
    );
  });

  it('2. sighted-vs-VH and VH-vs-VH games; VH-vs-VH gives both players an accessible board', () => {
    const svb = MatchDriver.started();
    expect(svb.view('blind').board?.accessible).toBe(true);
    expect(svb.view('sighted').board?.accessible).toBe(false);
    const vv = MatchDriver.started({ pairing: 'blindVsBlind' });
    expect(vv.view('blind').board?.accessible).toBe(true);
    expect(vv.view('sighted').board?.accessible).toBe(true);
    vv.play('e2e4');
    // The second VH player lifts, places and must announce before his clock press too.
    const p = vv.as('sighted');
    p.lift('e7');
    p.place('e5');
    p.pressClock();
    expect(vv.refusal?.missing).toEqual(['notAnnounced']);
    p.announce();
    p.pressClock();
    expect(vv.refusal).toBeUndefined();
    // Neither VH player sees the other's hands.
    vv.as('blind').lift('g1');
    expect(vv.heard('sighted')).toEqual([]);
  });

  it('3. the arbiter’s override of a supplement setting is logged and announced to both players', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.as('arbiter').override({ setting: 'relay', value: 'manual' });
    expect(d.state.setup.relay).toBe('manual');
    expect(d.heard('blind').map((e) => e.type)).toEqual(['settingOverridden']);
    expect(d.heard('sighted').map((e) => e.type)).toEqual(['settingOverridden']);
    expect(d.state.log.at(-1)).toMatchObject({ by: 'arbiter', what: 'overrideSetting', refused: false });
    // Even the two-board rule may be adapted locally (S85 intro), by the arbiter only.
    d.as('arbiter').override({ setting: 'twinBoards', value: false });
    expect(d.state.setup.twinBoards).toBe(false);
    d.play('e2e4');
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4']);
  });

  it('4. all six roles can be assigned; spectators have no input channel', () => {
    expect(ROLES).toEqual(['blind', 'sighted', 'blindAssistant', 'sightedAssistant', 'arbiter', 'spectator']);
    const d = MatchDriver.create({ roles: ['blind', 'sighted', 'sightedAssistant', 'arbiter', 'spectator'] });
    expect(Object.values(d.state.participants).filter(Boolean)).toHaveLength(5);
    for (const body of [
      { kind: 'startGame' },
      { kind: 'query', topic: 'movesMade' },
      { kind: 'lift', square: 'e2' },
      { kind: 'move', uci: 'e7e5' },
      { kind: 'announce' },
      { kind: 'claim', claim: 'time' },
      { kind: 'stopClocks' },
    ] as IntentBody[]) {
      expect(allowed(d.state, body, 'spectator'), body.kind).toBe(false);
      expect(
        allowed(d.state, body, 'arbiter') ||
          allowed(d.state, body, 'blind') ||
          allowed(d.state, body, 'sighted'),
        body.kind,
      ).toBe(true);
    }
  });

  it('5. a sighted player’s assistant is refused while the VH player’s assistant is active', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'blindAssistant'] });
    d.as('sightedAssistant').do({ kind: 'join', role: 'sightedAssistant' });
    expect(d.refusal?.code).toBe('assistantConflict');
    expect(createMatch({ roles: ['blind', 'sighted', 'blindAssistant', 'sightedAssistant'] }).ok).toBe(false);
  });

  it('6. the initial position is verified before the clock can start', () => {
    const d = MatchDriver.create();
    expect(d.state.clock.running).toBeNull();
    d.as('blind').lift('e2');
    expect(d.refusal?.code).toBe('notStarted');
    // Two boards that disagree cannot start.
    const other = createMatch({ startFen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1' });
    if (!other.ok) throw new Error('setup');
    const broken = new MatchDriver({
      ...d.state,
      boards: { ...d.state.boards, sighted: other.value.boards.sighted },
    });
    broken.as('arbiter').startGame();
    expect(broken.refusal?.code).toBe('notAuthorized');
    broken.as('blind').startGame();
    expect(broken.refusal?.code).toBe('positionNotVerified');
    expect(broken.state.clock.running).toBeNull();
    d.as('blind').startGame();
    expect(d.lastOf('gameStarted')).toMatchObject({ toMove: 'w', audience: 'everyone' });
    expect(d.state.clock.running).toBe('w');
  });

  it('24. every move reaches the opponent in his modality and its repetition is logged before the execution', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    expect(d.heard('sighted').some((e) => e.type === 'announced' || e.type === 'moveCompleted')).toBe(true);
    d.play('e7e5');
    expect(d.heard('blind').map((e) => e.type)).toContain('announced');
    const whats = d.state.log.map((l) => l.what);
    const firstRepetition = whats.indexOf('repetition');
    const firstExecution = whats.indexOf('execute');
    expect(firstRepetition).toBeGreaterThanOrEqual(0);
    expect(firstRepetition).toBeLessThan(firstExecution);
    // With explicit acknowledgement, no execution before the repetition.
    const explicit = MatchDriver.started({ requireRepetition: true });
    explicit.play('e2e4');
    expect(explicit.state.boards.sighted.game.moves).toEqual([]);
    explicit.as('sighted').repeat();
    expect(explicit.state.boards.sighted.game.moves).toEqual(['e2e4']);
  });

  it('29. two board states and two scores are kept separately, with per-ply clock readings', () => {
    const d = MatchDriver.started({ relay: 'manual' });
    d.tick(7_000).play('d2d4');
    expect(d.state.boards.blind.game.moves).toEqual(['d2d4']);
    expect(d.state.boards.sighted.game.moves).toEqual([]);
    expect(d.state.scores.blind).toEqual(['d2d4']);
    expect(d.state.scores.sighted).toEqual(['d2d4']);
    expect(d.state.plies[0]?.clockAfter?.sides.w).toMatchObject({ usedMs: 7_000, moves: 1 });
  });

  it('30. AUTO, ASSISTED and MANUAL relay; in MANUAL the opponent executes on his own board', () => {
    for (const relay of ['automatic', 'assisted', 'manual'] as const) {
      const d = MatchDriver.started({ relay, roles: ['blind', 'sighted', 'blindAssistant'] });
      d.play('e2e4');
      if (relay === 'assisted') d.as('blindAssistant').execute();
      if (relay === 'manual') d.as('sighted').execute();
      expect(d.state.plies[0]?.executedBy, relay).toBe(
        relay === 'automatic' ? 'twinboard' : relay === 'assisted' ? 'blindAssistant' : 'sighted',
      );
    }
  });

  it('31. a board/board, board/score or score/score mismatch stops both clocks, alerts everyone, calls the arbiter', () => {
    const d = MatchDriver.started({ relay: 'manual', roles: ['blind', 'sighted', 'arbiter'] });
    d.play('e2e4');
    d.as('sighted').execute();
    d.play('e7e5');
    // The blind player executes the wrong black move on his own board.
    d.as('blind').execute('e7e6');
    expect(d.state.clock.running).toBeNull();
    const alert = d.lastOf('discrepancy');
    expect(alert?.audience).toBe('everyone');
    expect(alert?.discrepancy.differences).toEqual(['board/board', 'board/score:blind']);
    expect(d.view('arbiter').discrepancy?.boardsToReset).toEqual(['blind']);
    for (const role of ['blind', 'sighted', 'arbiter'] as const)
      expect(d.heard(role).map((e) => e.type)).toContain('discrepancy');
  });

  it('32. scores agree: reset of the deviating board (S85); a sanction choice for the arbiter (S72/S80)', () => {
    for (const [profileId, sanction] of [
      ['fide1993-ibca1985', false],
      ['fide1972', true],
    ] as const) {
      const d = MatchDriver.started({ profileId, relay: 'manual', roles: ['blind', 'sighted', 'arbiter'] });
      d.play('e2e4');
      d.as('sighted').execute('e2e3');
      expect(d.state.discrepancy).toMatchObject({
        rule: 7,
        sanctionChoice: sanction,
        correctedMoves: ['e2e4'],
      });
    }
  });

  it('33. scores differ: retrace to the last agreeing ply and restore both clocks from the log', () => {
    const d = MatchDriver.started({
      relay: 'manual',
      requireRepetition: true,
      roles: ['blind', 'sighted', 'arbiter'],
    });
    d.tick(4_000).play('e2e4');
    d.as('sighted').repeat('e2e3');
    d.as('sighted').execute('e2e3');
    expect(d.state.discrepancy).toMatchObject({ rule: 8, correctedMoves: [], clockSource: 'log' });
    d.as('arbiter').confirmCorrection();
    expect(d.state.plies).toEqual([]);
    expect(d.view('arbiter').clock.sides.w.usedMs).toBe(0);
  });

  it('34. the evidence log of touches, placements, announcements, corrections, presses and claims is append-only and exportable', () => {
    const d = MatchDriver.started();
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blind').announce('e2e4');
    const before = d.state.log;
    d.as('blind').correct('e2e4');
    d.as('blind').pressClock();
    d.as('sighted').claim('insufficientMaterial');
    const log = d.state.log;
    expect(log.slice(0, before.length)).toEqual(before);
    for (let i = 0; i < before.length; i++) expect(log[i]).toBe(before[i]);
    expect(log.map((l) => l.what)).toEqual(
      expect.arrayContaining(['lift', 'place', 'announce', 'correctAnnouncement', 'pressClock', 'claim']),
    );
    expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i + 1));
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it('35. the assistant’s duties are chosen at game start and shown to both players', () => {
    const d = MatchDriver.create({
      roles: ['blind', 'sighted', 'blindAssistant'],
      assistantDuties: ['relay', 'score'],
    });
    expect(d.view('blind').assistantDuties).toEqual(['relay', 'score']);
    expect(d.view('sighted').assistantDuties).toEqual(['relay', 'score']);
    expect(d.view('blindAssistant').assistantDuties).toEqual(['relay', 'score']);
  });

  it('36. the assistant relays either player’s move and announces both players’ moves (S85)', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'blindAssistant'] });
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blindAssistant').announce();
    expect(d.lastOf('announced')).toMatchObject({ by: 'blindAssistant', color: 'w' });
    d.as('blind').pressClock();
    d.as('blindAssistant').execute();
    d.as('sighted').move('e7e5');
    d.as('sighted').pressClock();
    d.as('blindAssistant').announce();
    expect(d.lastOf('announced')).toMatchObject({ by: 'blindAssistant', color: 'b' });
    d.as('blindAssistant').execute();
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5']);
  });

  it('37. the assistant keeps the VH score and presses his clock only after the announcement', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'blindAssistant'] });
    d.as('blind').lift('d2');
    d.as('blind').place('d4');
    d.as('blindAssistant').pressClock();
    expect(d.refusal?.code).toBe('notAnnounced');
    d.as('blind').announce();
    d.as('blindAssistant').pressClock();
    expect(d.refusal).toBeUndefined();
    expect(d.lastOf('clockPressed')).toMatchObject({ by: 'blindAssistant', color: 'w' });
    expect(d.view('blindAssistant').scoresheet).toEqual(['d2d4']);
  });

  it('38. the VH player asks for moves and time; the app never volunteers them', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.play('e7e5');
    expect(d.events.some((e) => e.type === 'answered')).toBe(false);
    d.as('blind').query('movesMade');
    expect(d.last).toEqual([
      {
        type: 'answered',
        by: 'blind',
        topic: 'movesMade',
        answer: { topic: 'movesMade', moves: { w: 1, b: 1 } },
        audience: ['blind'],
      },
    ]);
  });

  it('39. the assistant and the VH player claim on time; the assistant reports a sighted touch', () => {
    const blitz = { label: '1 min', periods: [{ moves: null, timeMs: 60_000 }], repeatLast: false };
    for (const by of ['blind', 'blindAssistant'] as const) {
      const d = MatchDriver.started({
        timeControl: blitz,
        roles: ['blind', 'sighted', 'blindAssistant'],
        relay: 'automatic',
      });
      d.play('e2e4');
      d.tick(61_000).as(by).claim('time');
      expect(d.state.result, by).toEqual({ winner: 'w', reason: 'flag' });
    }
    const d = MatchDriver.started({
      roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
      relay: 'automatic',
    });
    d.play('e2e4');
    d.as('blindAssistant').reportTouch('b8');
    expect(d.state.claim).toMatchObject({ kind: 'touchMove', square: 'b8', by: 'blindAssistant' });
  });

  it('40. the adjournment duty (f) belongs to the assistant’s duty set and can be withheld (S85)', () => {
    expect(
      MatchDriver.create({ roles: ['blind', 'sighted', 'blindAssistant'] }).state.setup.assistantDuties,
    ).toContain('adjourn');
    const without = MatchDriver.create({
      roles: ['blind', 'sighted', 'blindAssistant'],
      assistantDuties: ['relay'],
    });
    expect(without.state.setup.assistantDuties).not.toContain('adjourn');
  });

  it('41. no analysis, hint or free-text channel from the assistant to the player exists', () => {
    for (const kind of ['message', 'hint', 'chat', 'say', 'analysis', 'suggest'])
      expect(INTENT_KINDS as readonly string[]).not.toContain(kind);
    // Everything the assistant can do reaches the blind player only as fixed, typed events.
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'blindAssistant'] });
    d.play('e2e4');
    d.as('blindAssistant').execute();
    d.as('blindAssistant').query('timeUsed');
    d.as('blindAssistant').query('movesMade');
    const toBlind = d.events.filter((e) => e.audience === 'everyone' || e.audience.includes('blind'));
    expect(toBlind.some((e) => e.type === 'answered')).toBe(false);
  });

  it('42. the sighted player’s assistant only announces and relays', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'sightedAssistant'] });
    d.play('e2e4');
    d.as('sightedAssistant').execute();
    expect(d.refusal).toBeUndefined();
    d.as('sighted').move('e7e5');
    d.as('sightedAssistant').pressClock();
    expect(d.refusal?.code).toBe('notEntitled');
    d.as('sighted').pressClock();
    d.as('sightedAssistant').announce();
    expect(d.refusal).toBeUndefined();
    for (const body of [
      { kind: 'query', topic: 'movesMade' },
      { kind: 'claim', claim: 'time' },
      { kind: 'reportTouch', square: 'e5' },
      { kind: 'resign' },
      { kind: 'offerDraw' },
      { kind: 'lift', square: 'e2' },
    ] as IntentBody[]) {
      d.as('sightedAssistant').do(body);
      expect(d.refusal?.code, body.kind).toBe('notAuthorized');
    }
  });

  it('50. stop-both-clocks: the arbiter, a player seeking an absent arbiter, and automatically', () => {
    const withArbiter = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    withArbiter.as('arbiter').stopClocks();
    expect(withArbiter.state.clock.running).toBeNull();
    const alone = MatchDriver.started();
    alone.as('blind').stopClocks();
    expect(alone.lastOf('clocksStopped')).toMatchObject({ reason: 'seekingArbiter' });
    const claim = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    claim.as('sighted').claim('insufficientMaterial');
    expect(claim.lastOf('clocksStopped')).toMatchObject({ reason: 'claim', by: 'twinboard' });
    const diff = MatchDriver.started({ relay: 'manual', roles: ['blind', 'sighted', 'arbiter'] });
    diff.play('e2e4');
    diff.as('sighted').execute('d2d4');
    expect(diff.lastOf('clocksStopped')).toMatchObject({ reason: 'discrepancy', by: 'twinboard' });
  });
});
