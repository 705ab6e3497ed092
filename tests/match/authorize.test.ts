// The rights table: every role × every intent kind (BL-04, BL-05, BL-29, BL-35, GR-63, GR-95):
// nobody moves the other side's pieces, spectators change nothing, the assistant has exactly the
// duties enabled at game start. The server calls the same `authorize` before logging an intent.
import { describe, expect, it } from 'vitest';
import {
  authorize,
  INTENT_KINDS,
  MatchDriver,
  ROLES,
  type IntentBody,
  type IntentKind,
  type MatchState,
  type Role,
} from '../../src/match/index.ts';

/** One sample intent of every kind (join/leave are tested separately: they name a role). */
const SAMPLES: Record<Exclude<IntentKind, 'join' | 'leave'>, IntentBody> = {
  startGame: { kind: 'startGame' },
  setTwinBoards: { kind: 'setTwinBoards', on: true },
  lift: { kind: 'lift', square: 'e2' },
  removeCaptured: { kind: 'removeCaptured', square: 'd7' },
  returnCaptured: { kind: 'returnCaptured', square: 'd7' },
  place: { kind: 'place', square: 'e4' },
  choosePromotion: { kind: 'choosePromotion', piece: 'q' },
  touch: { kind: 'touch', square: 'e7' },
  move: { kind: 'move', uci: 'e2e4' },
  jAdoube: { kind: 'jAdoube' },
  announce: { kind: 'announce', uci: 'e2e4' },
  correctAnnouncement: { kind: 'correctAnnouncement', uci: 'e2e3' },
  pressClock: { kind: 'pressClock' },
  repeat: { kind: 'repeat' },
  execute: { kind: 'execute' },
  relayLift: { kind: 'relayLift', square: 'e4' },
  relayRemove: { kind: 'relayRemove', square: 'e4' },
  relayPlace: { kind: 'relayPlace', square: 'e4' },
  offerDraw: { kind: 'offerDraw' },
  acceptDraw: { kind: 'acceptDraw' },
  declineDraw: { kind: 'declineDraw' },
  claim: { kind: 'claim', claim: 'time' },
  reportTouch: { kind: 'reportTouch', square: 'e7' },
  resign: { kind: 'resign' },
  query: { kind: 'query', topic: 'movesMade' },
  stopClocks: { kind: 'stopClocks' },
  resumeClocks: { kind: 'resumeClocks' },
  confirmCorrection: { kind: 'confirmCorrection' },
  decideClaim: { kind: 'decideClaim', upheld: true },
  adjustClock: { kind: 'adjustClock', color: 'w', usedMs: 0 },
  penalize: { kind: 'penalize', color: 'w', penalty: 'warning' },
  overrideSetting: { kind: 'overrideSetting', override: { setting: 'requireRepetition', value: true } },
  sealMove: { kind: 'sealMove', move: 'e2e4' },
  adjourn: { kind: 'adjourn' },
  resume: { kind: 'resume' },
  takeBack: { kind: 'takeBack' },
  claimTouch: { kind: 'claimTouch', square: 'g8' },
  enforceTouch: { kind: 'enforceTouch', color: 'b', square: 'g8' },
  nameTouchedPiece: { kind: 'nameTouchedPiece', square: 'g8' },
  reinstatePosition: { kind: 'reinstatePosition', ply: 1 },
  annulGame: { kind: 'annulGame', reason: 'wrongInitialPosition' },
  judgeColoursReversed: { kind: 'judgeColoursReversed', restart: true },
  forfeitLateArrival: { kind: 'forfeitLateArrival', color: 'b' },
  setCompetition: { kind: 'setCompetition', on: true },
  writeScore: { kind: 'writeScore', text: '1. e4' },
};

const B = 'blind',
  S = 'sighted',
  BA = 'blindAssistant',
  SA = 'sightedAssistant',
  AR = 'arbiter';

/**
 * Who may, in an S85 game with the blind player's assistant (all duties), an arbiter and a
 * spectator, White (blind) to move; `execute` is checked after White's move, in assisted relay.
 */
const WITH_BLIND_ASSISTANT: Record<Exclude<IntentKind, 'join' | 'leave'>, readonly Role[]> = {
  startGame: [B, S, AR],
  setTwinBoards: [B, S],
  lift: [B],
  removeCaptured: [B],
  returnCaptured: [B],
  place: [B],
  choosePromotion: [B],
  touch: [B, S],
  move: [B],
  jAdoube: [B, S],
  announce: [B, S, BA],
  correctAnnouncement: [B, S, BA],
  pressClock: [B, S, BA],
  repeat: [S],
  execute: [BA],
  // By hand on the own board, in manual relay only (the assistant relays here).
  relayLift: [],
  relayRemove: [],
  relayPlace: [],
  offerDraw: [B, S],
  acceptDraw: [B, S],
  declineDraw: [B, S],
  claim: [B, S, BA],
  reportTouch: [BA],
  resign: [B, S],
  query: [B, S, BA, AR],
  stopClocks: [AR],
  resumeClocks: [AR],
  confirmCorrection: [AR],
  decideClaim: [AR],
  adjustClock: [AR],
  penalize: [AR],
  overrideSetting: [AR],
  // §2.13 / BL-34: the player having the move, or the VH player's assistant with duty (f).
  sealMove: [B, BA],
  adjourn: [B, BA],
  resume: [AR],
  // Practice games only (issue 15).
  takeBack: [],
  // Art 7.4 / 8.4: a player claims his opponent's touch; 000 Interp 8.4 (1974): the arbiter enforces.
  claimTouch: [B, S],
  enforceTouch: [AR],
  nameTouchedPiece: [B, S],
  reinstatePosition: [AR],
  annulGame: [AR],
  judgeColoursReversed: [AR],
  // GR-96: the player present claims a forfeit only without an arbiter.
  forfeitLateArrival: [AR],
  setCompetition: [AR],
  writeScore: [B],
};

/** The same with the sighted player's assistant instead (r.10: announce and relay only) and no arbiter. */
const WITH_SIGHTED_ASSISTANT: Record<Exclude<IntentKind, 'join' | 'leave'>, readonly Role[]> = {
  ...WITH_BLIND_ASSISTANT,
  announce: [B, S],
  correctAnnouncement: [B, S],
  pressClock: [B, S],
  execute: [SA],
  claim: [B, S],
  reportTouch: [],
  query: [B, S],
  stopClocks: [B, S],
  resumeClocks: [B, S],
  confirmCorrection: [B, S],
  startGame: [B, S],
  decideClaim: [],
  adjustClock: [],
  penalize: [],
  overrideSetting: [],
  sealMove: [B],
  adjourn: [B],
  resume: [B, S],
  forfeitLateArrival: [B, S],
  enforceTouch: [],
  reinstatePosition: [],
  annulGame: [],
  judgeColoursReversed: [],
  setCompetition: [],
};

function allowedRoles(state: MatchState, body: IntentBody): Role[] {
  return ROLES.filter((by) => authorize(state, { ...body, by } as Parameters<typeof authorize>[1]).ok);
}

function table(roles: readonly Role[], expected: typeof WITH_BLIND_ASSISTANT): void {
  const before = MatchDriver.started({ roles });
  const after = MatchDriver.started({ roles });
  after.play('e2e4');
  expect(after.refusal).toBeUndefined();
  for (const kind of INTENT_KINDS) {
    if (kind === 'join' || kind === 'leave') continue;
    const state = kind === 'execute' ? after.state : before.state;
    expect(allowedRoles(state, SAMPLES[kind]), kind).toEqual(ROLES.filter((r) => expected[kind].includes(r)));
  }
}

describe('authorize: every role × every intent kind', () => {
  it('with the blind player’s assistant, an arbiter and a spectator', () => {
    table([B, S, BA, AR, 'spectator'], WITH_BLIND_ASSISTANT);
  });

  it('with the sighted player’s assistant and no arbiter (r.10, GR-63)', () => {
    table([B, S, SA, 'spectator'], WITH_SIGHTED_ASSISTANT);
  });

  it('spectators change nothing: every intent of theirs is refused and the state is unchanged (BL-04)', () => {
    const d = MatchDriver.started({ roles: [B, S, 'spectator'] });
    const before = d.state;
    for (const kind of INTENT_KINDS) {
      if (kind === 'join' || kind === 'leave') continue;
      d.as('spectator').do(SAMPLES[kind]);
      expect(d.refusal?.code, kind).toBe('notAuthorized');
      expect(d.last).toHaveLength(1);
      expect(d.last[0]?.audience).toEqual(['spectator']);
    }
    expect({ ...d.state, log: [] }).toEqual({ ...before, log: [] });
    // Each refusal is still evidence in the log.
    const added = d.state.log.slice(before.log.length);
    expect(added).toHaveLength(INTENT_KINDS.length - 2);
    expect(added.every((l) => l.refused && l.by === 'spectator')).toBe(true);
  });

  it('a role that is not taking part cannot act', () => {
    const d = MatchDriver.started();
    d.as('arbiter').stopClocks();
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('blindAssistant').pressClock();
    expect(d.refusal?.code).toBe('notAuthorized');
  });

  it('nobody moves the other side’s pieces', () => {
    const d = MatchDriver.started();
    d.as('sighted').move('e2e4');
    expect(d.refusal?.code).toBe('notYourPiece');
    d.as('blind').move('e7e5');
    expect(d.refusal?.code).toBe('notYourPiece');
    expect(d.state.plies).toHaveLength(0);
  });
});

describe('assistant duties chosen at game start (BL-29, checklist 35)', () => {
  it('S85: an assistant holding only the relay duty can relay and nothing else', () => {
    const d = MatchDriver.started({ roles: [B, S, BA], assistantDuties: ['relay'] });
    expect(d.state.setup.assistantDuties).toEqual(['relay']);
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blind').announce();
    d.as(BA).pressClock();
    expect(d.refusal?.code).toBe('notEntitled');
    d.as(BA).query('timeUsed');
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as(BA).claim('time');
    expect(d.refusal?.code).toBe('notAuthorized');
    d.as('blind').pressClock();
    d.as(BA).execute();
    expect(d.refusal).toBeUndefined();
    // The duties are shown to both players (BL-29).
    expect(d.state.setup.assistantDuties).toEqual(['relay']);
    d.as('blind').query('duties');
    expect(d.lastOf('answered')?.answer).toEqual({ topic: 'duties', duties: ['relay'] });
  });

  it('S72 and S80: the duties are the fixed list (a)–(f), whatever is asked for', () => {
    for (const profileId of ['fide1972', 'fide1980'] as const) {
      const d = MatchDriver.create({ profileId, roles: [B, S, BA], assistantDuties: ['relay'] });
      expect(d.state.setup.assistantDuties).toEqual([
        'relay',
        'announce',
        'score',
        'inform',
        'claimTime',
        'adjourn',
      ]);
    }
  });

  it('S80: the assistant relays only the blind player’s moves; the blind player executes the others himself', () => {
    const d = MatchDriver.started({ profileId: 'fide1980', roles: [B, S, BA] });
    d.play('e2e4');
    d.as(BA).execute();
    expect(d.refusal).toBeUndefined();
    d.play('e7e5');
    d.as(BA).announce();
    expect(d.refusal).toBeUndefined();
    d.as(BA).execute();
    expect(d.refusal?.code).toBe('notEntitled');
    d.as('blind').execute();
    expect(d.refusal).toBeUndefined();
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
  });
});

describe('one assistant in a sighted-vs-VH game (BL-05, checklist 5)', () => {
  it('refuses the sighted player’s assistant while the blind player’s is active', () => {
    const d = MatchDriver.create({ roles: [B, S, BA, AR] });
    d.as(SA).do({ kind: 'join', role: SA });
    expect(d.refusal?.code).toBe('assistantConflict');
    expect(d.state.participants.sightedAssistant).toBe(false);
    d.as(BA).do({ kind: 'leave', role: BA });
    d.as(SA).do({ kind: 'join', role: SA });
    expect(d.refusal).toBeUndefined();
    expect(d.lastOf('joined')).toMatchObject({ role: SA, audience: 'everyone' });
  });

  it('lets the arbiter override it in S85 only (BL-03), logged and announced', () => {
    const d = MatchDriver.create({ roles: [B, S, BA, AR] });
    d.as(AR).override({ setting: 'allowSightedAssistant', value: true });
    expect(d.lastOf('settingOverridden')).toMatchObject({ audience: 'everyone' });
    d.as(SA).do({ kind: 'join', role: SA });
    expect(d.refusal).toBeUndefined();
    expect(d.state.log.some((l) => l.what === 'overrideSetting' && !l.refused)).toBe(true);

    const s80 = MatchDriver.create({ profileId: 'fide1980', roles: [B, S, BA, AR] });
    s80.as(AR).override({ setting: 'allowSightedAssistant', value: true });
    expect(s80.refusal?.code).toBe('fixedSetting');
  });

  it('refuses a game created with both assistants', () => {
    const d = MatchDriver.create;
    expect(() => d({ roles: [B, S, BA, SA] })).toThrow(/assistant/);
  });
});
