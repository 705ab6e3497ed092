// The feature checklist of rules-spec §5 that belongs to the match layer: items 1–6, 24, 29–42, 50,
// and the procedures in play of issue 12 (33, 47, 52, 54, 55, 57, 58, 60, 61, 63, 65, 66, 69, 76, 82,
// 84, 85), each asserted through intents.
import { describe, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { proceduresFor } from '../../src/controllers/rights.ts';
import { formatMove, parseMoveInfo, readClock } from '../../src/core/index.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';
import {
  aidsAllowed,
  authorize,
  createMatch,
  dutiesOf,
  hasAccessibleBoard,
  INTENT_KINDS,
  MatchDriver,
  QUERY_TOPICS,
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
    expect(hasAccessibleBoard(svb.state.setup, 'blind')).toBe(true);
    expect(hasAccessibleBoard(svb.state.setup, 'sighted')).toBe(false);
    const vv = MatchDriver.started({ pairing: 'blindVsBlind' });
    expect(hasAccessibleBoard(vv.state.setup, 'blind')).toBe(true);
    expect(hasAccessibleBoard(vv.state.setup, 'sighted')).toBe(true);
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
    expect(d.state.discrepancy?.boardsToReset).toEqual(['blind']);
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
    expect(d.clock().sides.w.usedMs).toBe(0);
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
    expect(log.slice(0, before.length)).toEqual(before.toArray());
    for (let i = 0; i < before.length; i++) expect(log.at(i)).toBe(before.at(i));
    expect(log.map((l) => l.what)).toEqual(
      expect.arrayContaining(['lift', 'place', 'announce', 'correctAnnouncement', 'pressClock', 'claim']),
    );
    expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i + 1));
    expect(JSON.parse(JSON.stringify(log))).toEqual(log.toArray());
  });

  it('35. the assistant’s duties are chosen at game start and shown to both players', () => {
    const d = MatchDriver.create({
      roles: ['blind', 'sighted', 'blindAssistant'],
      assistantDuties: ['relay', 'score'],
    });
    expect(d.state.setup.assistantDuties).toEqual(['relay', 'score']);
    expect(dutiesOf(d.state.setup, 'blindAssistant')).toEqual(['relay', 'score']);
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
    expect(d.state.scores.blind).toEqual(['d2d4']);
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

  it('33. fallback: a retrace into moves whose times are unknown uses the proportional formula', () => {
    // The arbiter finds move 3 illegal in a resumed game: the times before it were never logged.
    const e = MatchDriver.started({
      moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'],
      roles: ['blind', 'sighted', 'arbiter'],
    });
    e.tick(120_000).play('f1b5');
    e.as('arbiter').reinstatePosition(3);
    expect(e.lastOf('positionReinstated')).toMatchObject({ ply: 3, clockRestored: 'proportional' });
    // 120 s used over 5 plies, restored to 2 of them: White's 120 s × 2/5 = 48 s.
    expect(e.state.clock.sides.w.usedMs).toBe(48_000);
  });
});

const MIN = 60_000;
const SHUFFLE = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];

describe('feature checklist (rules-spec §5): procedures in play (issue 12)', () => {
  it('47. both flags fallen: E93 plays on and each player starts the next period; E80 too without an arbiter', () => {
    for (const profileId of ['fide1993-ibca1985', 'fide1980'] as const) {
      const control = {
        label: '1 min, then 30 min',
        periods: [
          { moves: 40, timeMs: MIN },
          { moves: null, timeMs: 30 * MIN },
        ],
        repeatLast: false,
      };
      const d = MatchDriver.started({ profileId, timeControl: control });
      d.tick(61_000).play('e2e4');
      d.tick(61_000).play('e7e5');
      d.as('blind').claim('time');
      expect(d.state.result, profileId).toBeNull();
      expect(d.all('bothFlagsFell'), profileId).toHaveLength(1);
      // The next period: thirty minutes each, no flag standing.
      const r = readClock(d.state.clock, d.now);
      expect(r.sides.w.remainingMs).toBe(30 * MIN);
      expect(r.sides.b.remainingMs).toBe(30 * MIN);
      d.tick(10 * MIN).play('g1f3');
      expect(d.state.result).toBeNull();
    }
  });

  it('52. late arrival: forfeit after the event’s default time from the session start, not before; a player present is not late', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.play('e2e4');
    d.tick(59 * MIN)
      .as('arbiter')
      .forfeitLateArrival('b');
    expect(d.refusal?.code).toBe('notLate');
    d.as('arbiter').forfeitLateArrival('w');
    expect(d.refusal?.code).toBe('notLate');
    d.tick(2 * MIN)
      .as('arbiter')
      .forfeitLateArrival('b');
    expect(d.state.result).toEqual({ winner: 'w', reason: 'lateArrival' });
    // The event may set its own default time; without an arbiter the player present claims it.
    const e = MatchDriver.started({ lateArrivalMs: 15 * MIN });
    e.play('e2e4');
    e.tick(16 * MIN)
      .as('sighted')
      .forfeitLateArrival('b');
    expect(e.refusal?.code).toBe('notAuthorized');
    e.as('blind').forfeitLateArrival('b');
    expect(e.state.result).toEqual({ winner: 'w', reason: 'lateArrival' });
    // At resumption the hour counts from the resumption (000 Interp 17.2 (1962)).
    const f = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    f.play('e2e4').play('e7e5');
    f.as('blind').sealMove('g1f3');
    f.as('blind').adjourn();
    f.tick(5 * 60 * MIN)
      .as('arbiter')
      .resume();
    f.tick(30 * MIN)
      .as('arbiter')
      .forfeitLateArrival('b');
    expect(f.refusal?.code).toBe('notLate');
    f.tick(31 * MIN)
      .as('arbiter')
      .forfeitLateArrival('b');
    expect(f.state.result).toEqual({ winner: 'w', reason: 'lateArrival' });
  });

  it('54. own and enemy piece touched, own piece cannot capture: the move owed differs by edition', () => {
    // White (the sighted player) touches his knight on b1, then the pawn on e5 that only the queen can take.
    const fen = '4k3/8/8/4p3/3Q4/8/8/1N2K3 w - - 0 1';
    const owed = (profileId: 'fide1972' | 'fide1980' | 'fide1993-ibca1985') => {
      const probe = (uci: string) => {
        const d = MatchDriver.started({ profileId, startFen: fen, blindColor: 'b' });
        d.as('sighted').touch('b1');
        d.as('sighted').touch('e5');
        d.as('sighted').move(uci);
        return d.refusal?.code ?? 'played';
      };
      return { queenTakes: probe('d4e5'), knightMoves: probe('b1c3') };
    };
    // E72 Art 20 1(c): capture with another man.
    expect(owed('fide1972')).toEqual({ queenTakes: 'played', knightMoves: 'touchObligation' });
    // E80 Art 8.2(b): move the own piece.
    expect(owed('fide1980')).toEqual({ queenTakes: 'touchObligation', knightMoves: 'played' });
    // E93 Art 7.2(b): the first piece touched that can be moved — the knight.
    expect(owed('fide1993-ibca1985')).toEqual({ queenTakes: 'touchObligation', knightMoves: 'played' });
  });

  it('55. rook lifted before the king: castling refused (E93), valid with a warning (E80)', () => {
    const fen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    for (const [profileId, refused] of [
      ['fide1993-ibca1985', true],
      ['fide1980', false],
    ] as const) {
      const d = MatchDriver.started({ profileId, startFen: fen });
      d.as('blind').lift('h1');
      d.as('blind').place('h1');
      d.as('blind').lift('e1');
      d.as('blind').place('g1');
      expect(d.refusal !== undefined, profileId).toBe(refused);
      if (!refused) expect(d.all('warning').length).toBeGreaterThan(0);
    }
  });

  it('57. touch-move claim by a player: only before he touches a piece; upheld, the move made instead is taken back', () => {
    const game = () => {
      const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
      d.play('e2e4');
      // The sighted player touched the knight on g8 on his physical board, then played the other knight.
      d.as('sighted').move('b8c6').as('sighted').pressClock();
      return d;
    };
    const late = game();
    late.as('blind').lift('d2');
    late.as('blind').claimTouch('g8');
    expect(late.refusal?.code).toBe('claimNotAllowed');
    const d = game();
    d.as('blind').claimTouch('g8');
    expect(d.state.clock.running).toBeNull();
    expect(d.state.claim).toMatchObject({ kind: 'touchMove', square: 'g8', by: 'blind', claimant: 'w' });
    d.as('arbiter').decideClaim(true);
    expect(d.lastOf('touchEnforced')).toMatchObject({ color: 'b', square: 'g8', takenBack: true });
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(d.state.clock.running).toBe('b');
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('sighted').move('g8f6');
    expect(d.refusal).toBeUndefined();
    // Without a claim the arbiter enforces (000 Interp 8.4 (1974)).
    const e = game();
    e.as('arbiter').enforceTouch('b', 'g8');
    expect(e.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
    e.as('sighted').move('b8c6');
    expect(e.refusal?.code).toBe('touchObligation');
    // The ruling binds on an advisory sighted board too, until the move is made.
    const advisory = MatchDriver.started({
      roles: ['blind', 'sighted', 'arbiter'],
      sightedTouchMove: 'advisory',
    });
    advisory.play('e2e4');
    advisory.as('sighted').move('b8c6').as('sighted').pressClock();
    advisory.as('arbiter').enforceTouch('b', 'g8');
    advisory.as('sighted').move('b8c6');
    expect(advisory.refusal?.code).toBe('touchObligation');
    advisory.as('sighted').move('g8f6').as('sighted').pressClock();
    expect(advisory.state.plies.map((p) => p.uci)).toEqual(['e2e4', 'g8f6']);
    expect(advisory.state.boundPiece).toBeNull();
  });

  it('57. E72: the accusation stops both clocks; the accuser names the touched man, his clock running meanwhile', () => {
    const d = MatchDriver.started({ profileId: 'fide1972', roles: ['blind', 'sighted', 'arbiter'] });
    d.play('e2e4');
    d.as('sighted').move('b8c6').as('sighted').pressClock();
    d.as('blind').claimTouch();
    expect(d.state.clock.running).toBeNull();
    d.as('arbiter').decideClaim(true);
    expect(d.lastOf('touchNamingAsked')).toMatchObject({ color: 'w' });
    expect(proceduresFor(d.state, 'blind')).toEqual(['nameTouchedPiece', 'nameTouchedCapture']);
    expect(proceduresFor(d.state, 'sighted')).toEqual([]);
    expect(d.state.clock.running).toBe('w');
    d.as('sighted').nameTouchedPiece('g8');
    expect(d.refusal?.code).toBe('notAuthorized');
    d.tick(20_000).as('blind').nameTouchedPiece('g8');
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(d.state.clock.running).toBe('b');
    expect(readClock(d.state.clock, d.now).sides.w.usedMs).toBeGreaterThanOrEqual(20_000);
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
    // Other editions want the piece named in the claim.
    const e = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    e.play('e2e4');
    e.as('blind').claimTouch();
    expect(e.refusal?.code).toBe('claimNotAllowed');
  });

  it('58. an illegal move found later: the position before it, the logged clocks, and the piece that made it must move', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.tick(5_000).play('e2e4');
    d.tick(7_000).play('e7e5');
    d.tick(9_000).play('g1f3');
    d.tick(11_000).play('b8c6');
    d.as('arbiter').reinstatePosition(3);
    expect(d.lastOf('positionReinstated')).toMatchObject({
      ply: 3,
      color: 'w',
      square: 'g1',
      takenBack: 2,
      clockRestored: 'log',
    });
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(d.state.scores.sighted).toEqual(['e2e4', 'e7e5']);
    expect(readClock(d.state.clock, d.now).sides.w.usedMs).toBe(5_000);
    expect(readClock(d.state.clock, d.now).sides.b.usedMs).toBe(7_000);
    expect(d.state.clock.running).toBe('w');
    // The knight on g1 made the illegal move: it must move now.
    d.as('blind').lift('b1');
    d.as('blind').place('c3');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('blind').lift('c3');
    d.as('blind').place('b1');
    d.play('g1h3');
    expect(d.state.plies.at(-1)?.uci).toBe('g1h3');
    d.as('arbiter').reinstatePosition(9);
    expect(d.refusal?.code).toBe('noSuchPly');
  });

  it('60. colours reversed: E80 annuls; E93 plays on after a quarter of both players’ first-control time, before that the arbiter chooses', () => {
    const e80 = MatchDriver.started({ profileId: 'fide1980', roles: ['blind', 'sighted', 'arbiter'] });
    e80.tick(60 * MIN).play('e2e4');
    e80.as('arbiter').judgeColoursReversed(false);
    expect(e80.lastOf('gameAnnulled')).toMatchObject({ reason: 'coloursReversed', blindColor: 'b' });
    expect(e80.state.phase).toBe('setup');
    const early = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    early.tick(10 * MIN).play('e2e4');
    early.as('arbiter').judgeColoursReversed(false);
    expect(early.lastOf('coloursReversedStands')).toBeDefined();
    early.as('arbiter').judgeColoursReversed(true);
    expect(early.state.setup.blindColor).toBe('b');
    // 150-minute control: more than 75 minutes used by both together → the game stands.
    const late = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    late.tick(40 * MIN).play('e2e4');
    late.tick(36 * MIN).play('e7e5');
    late.as('arbiter').judgeColoursReversed(true);
    expect(late.lastOf('coloursReversedStands')).toBeDefined();
    expect(late.state.plies).toHaveLength(2);
  });

  it('61. annul and replay archives the annulled game; the new game starts afresh', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.tick(MIN).play('e2e4').play('e7e5');
    d.as('blind').annulGame('wrongInitialPosition');
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('arbiter').annulGame('wrongInitialPosition');
    expect(d.state.annulled).toEqual([
      {
        at: d.now,
        reason: 'wrongInitialPosition',
        startFen: d.state.setup.startFen,
        moves: ['e2e4', 'e7e5'],
        blindColor: 'w',
      },
    ]);
    expect(d.state.phase).toBe('setup');
    expect(d.state.plies).toEqual([]);
    expect(readClock(d.state.clock, d.now).sides.w.usedMs).toBe(0);
    d.as('blind').startGame();
    d.play('d2d4');
    expect(d.state.boards.sighted.game.moves).toEqual(['d2d4']);
    expect(d.state.log.some((l) => l.what === 'annulGame')).toBe(true);
  });

  it('63. repetition: (a) about to appear with the move declared and not played; (b) has appeared; the right lapses after moving', () => {
    const a = MatchDriver.started();
    for (const uci of SHUFFLE) a.play(uci);
    a.as('sighted').claim('repetition', 'f6g8');
    expect(a.state.result).toEqual({ winner: null, reason: 'repetition' });
    expect(a.state.plies).toHaveLength(SHUFFLE.length);
    const b = MatchDriver.started();
    for (const uci of [...SHUFFLE, 'f6g8']) b.play(uci);
    // Black moved without claiming: his right has lapsed; White may claim (b) now.
    b.as('sighted').claim('repetition');
    expect(b.refusal?.code).toBe('claimNotAllowed');
    b.as('blind').claim('repetition');
    expect(b.state.result).toEqual({ winner: null, reason: 'repetition' });
  });

  it('65. claim clocks: E93 stops them and adds five minutes to a wrong claimant, who loses if that oversteps; no withdrawal', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    for (const uci of ['g1f3', 'g8f6', 'f3g1']) d.play(uci);
    d.as('arbiter').adjustClock('b', 147 * MIN);
    d.as('sighted').claim('repetition', 'f6g8');
    expect(d.state.clock.running).toBeNull();
    d.as('sighted').claim('fiftyMoves');
    expect(d.refusal?.code).toBe('claimOpen');
    expect(INTENT_KINDS as readonly string[]).not.toContain('withdrawClaim');
    d.as('arbiter').decideClaim(false);
    expect(d.state.result).toEqual({ winner: 'w', reason: 'flag' });
  });

  it('66. insufficient material ends the game at once in E93 (K v K+N, same-coloured bishops), never in E80', () => {
    for (const [profileId, reason] of [
      ['fide1993-ibca1985', 'insufficientMaterial'],
      ['fide1980', null],
    ] as const) {
      const k = MatchDriver.started({ profileId, startFen: '4k3/8/8/8/8/n7/8/1N2K3 w - - 0 1' });
      k.play('b1a3');
      expect(k.state.result?.reason ?? null, profileId).toBe(reason);
      const bishops = MatchDriver.started({ profileId, startFen: '4k3/8/8/8/4b3/8/p7/1B2K3 w - - 0 1' });
      bishops.play('b1a2');
      expect(bishops.state.result?.reason ?? null, profileId).toBe(reason);
    }
    const opposite = MatchDriver.started({ startFen: '4k3/8/8/8/3b4/8/p7/1B2K3 w - - 0 1' });
    opposite.play('b1a2');
    expect(opposite.state.result).toBeNull();
  });

  it('69 and 84. competition mode: set by the arbiter for the room, heard by everyone; no aids while on', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    expect(aidsAllowed(d.state)).toBe(true);
    d.as('blind').setCompetition(false);
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('arbiter').setCompetition(true);
    expect(d.state.setup.competition).toBe(true);
    expect(aidsAllowed(d.state)).toBe(false);
    for (const role of ['blind', 'sighted'] as const)
      expect(d.heard(role)).toEqual([
        { type: 'competitionSet', on: true, by: 'arbiter', audience: 'everyone' },
      ]);
    expect(d.state.log.at(-1)).toMatchObject({ by: 'arbiter', what: 'setCompetition', refused: false });
    // No intent suggests or reads out a claim or a move: there is nothing to ask for in competition.
    for (const topic of QUERY_TOPICS) expect(['legalMoves', 'hint', 'claimable']).not.toContain(topic);
    d.as('arbiter').setCompetition(false);
    expect(aidsAllowed(d.state)).toBe(true);
  });

  it('84. the blind player’s legal-move read-out says why it is silent in competition, and works again after', () => {
    const d = new BlindDriver(startMemorySession({ blindColor: 'w', competition: true }, manualClock(0)));
    try {
      d.goTo('g1').key('m');
      expect(d.last).toBe('Not available: read-out aids are off (competition)');
    } finally {
      d.dispose();
    }
    const free = new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0)));
    try {
      free.goTo('g1').key('m');
      expect(free.last).not.toBe('Not available: read-out aids are off (competition)');
      expect(free.last).toMatch(/Felix three/);
    } finally {
      free.dispose();
    }
  });

  it('76. adjourning 30 minutes early adds the rest of the session to the sealer’s time in E93, not in E88', () => {
    for (const [profileId, charged] of [
      ['fide1993-ibca1985', 30 * MIN],
      ['fide1988-ibca1985', 0],
    ] as const) {
      const d = MatchDriver.started({ profileId });
      d.play('e2e4').play('e7e5');
      d.as('blind').sealMove('g1f3');
      const before = d.state.clock.sides.w.usedMs;
      d.as('blind').do({ kind: 'adjourn', sessionEndsAt: d.now + 30 * MIN });
      expect(d.lastOf('adjourned')?.chargedMs, profileId).toBe(charged);
      expect(d.state.clock.sides.w.usedMs - before, profileId).toBe(charged);
    }
  });

  it('82. Uedemann code: GEGO is e2-e4, GAKA / SAWA castle short; a typed Uedemann score is the blind player’s score', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const e4 = parseMoveInfo(start, 'GEGO');
    expect(e4.ok && e4.value.uci).toBe('e2e4');
    const castles = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    expect(formatMove(castles, 'e1g1', 'uedemann')).toEqual({ ok: true, value: 'GAKA' });
    expect(formatMove(castles.replace(' w ', ' b '), 'e8g8', 'uedemann')).toEqual({
      ok: true,
      value: 'SAWA',
    });
    const d = MatchDriver.started({ blindScore: 'typed' });
    d.play('e2e4').play('e7e5');
    d.as('blind').writeScore('GEGO SESO');
    expect(d.state.scores.blind).toEqual(['e2e4', 'e7e5']);
    expect(d.state.discrepancy).toBeNull();
  });

  it('33 with the score he kept: the blind player’s typed score is his scoresheet for rule 8', () => {
    const d = MatchDriver.started({ blindScore: 'typed', roles: ['blind', 'sighted', 'arbiter'] });
    for (const uci of ['e2e4', 'e7e5', 'g1f3', 'b8c6']) d.play(uci);
    expect(d.state.scores.blind).toEqual([]);
    expect(d.state.discrepancy).toBeNull();
    const before = d.state;
    d.as('blind').writeScore('1. e4 e5 2. Nf3 Qx5');
    expect(d.refusal?.code).toBe('badScore');
    expect(d.refusal?.message).toContain('Move 4');
    expect(d.state.scores).toEqual(before.scores);
    d.as('blind').writeScore('1. e4 e5 2. Nf3 Nf6');
    expect(d.state.scores.blind).toEqual(['e2e4', 'e7e5', 'g1f3', 'g8f6']);
    expect(d.state.discrepancy).toMatchObject({ rule: 8, correctedMoves: ['e2e4', 'e7e5', 'g1f3'] });
    d.as('arbiter').confirmCorrection();
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
    // Where Twinboard keeps his score, there is none to write.
    const auto = MatchDriver.started();
    auto.as('blind').writeScore('1. e4');
    expect(auto.refusal?.code).toBe('fixedSetting');
  });

  it('85. the arbiter’s console: every procedure is his intent, refused to the players while he is present', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    d.play('e2e4');
    const arbiterOnly: IntentBody[] = [
      { kind: 'stopClocks' },
      { kind: 'adjustClock', color: 'w', usedMs: 0 },
      { kind: 'penalize', color: 'w', penalty: 'warning' },
      { kind: 'decideClaim', upheld: true },
      { kind: 'confirmCorrection' },
      { kind: 'enforceTouch', color: 'b', square: 'g8' },
      { kind: 'reinstatePosition', ply: 1 },
      { kind: 'annulGame', reason: 'wrongInitialPosition' },
      { kind: 'judgeColoursReversed', restart: true },
      { kind: 'forfeitLateArrival', color: 'b' },
      { kind: 'setCompetition', on: true },
      { kind: 'resume' },
    ];
    for (const body of arbiterOnly) {
      expect(allowed(d.state, body, 'arbiter'), body.kind).toBe(true);
      for (const player of ['blind', 'sighted'] as const)
        expect(allowed(d.state, body, player), `${body.kind} by ${player}`).toBe(false);
    }
    d.as('arbiter').stopClocks();
    d.as('arbiter').penalize('b', 'timeAddedToOpponent', 2 * MIN);
    expect(readClock(d.state.clock, d.now).sides.w.remainingMs).toBe(152 * MIN);
    d.as('arbiter').penalize('b', 'lossOfGame');
    expect(d.state.result).toEqual({ winner: 'w', reason: 'forfeit' });
  });
});
