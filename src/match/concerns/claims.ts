/**
 * Claims (GR-55, BL-32, BL-33): on time, insufficient material, repetition and fifty moves, and
 * the assistant's report of a touch; decided by the arbiter, or by Twinboard's check without one
 * (GR-96).
 */
import {
  applyStep,
  claimFiftyMoves,
  claimRepetition,
  continueAfterBothFlags,
  currentFen,
  flagFallen,
  flagResult,
  insufficientMaterial,
  openClaim,
  settleClaim,
  start,
  stop,
  type ClaimClockCharge,
  type Color,
  type GameResult,
} from '../../core/index.ts';
import type { EventOf, MatchEvent } from '../events.ts';
import {
  addLog,
  done,
  endGame,
  no,
  type Actor,
  type Handlers,
  type Outcome,
  type Reduction,
  withMatch,
} from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { allowed, arbiterOnly, hasDuty, isPlayer, refuse } from '../rights.ts';
import { colorOf, opposite, profileOf, seatOf, seatOfRole, turnOf } from '../setup.ts';
import type { MatchState, PendingClaim, PlayerRole, Role } from '../types.ts';
import { upholdTouchClaim } from './touchMove.ts';

/** Who claims: the claimant's seat and colour, and the `claimed` event everyone is told. */
interface Claimant {
  readonly seat: PlayerRole;
  readonly color: Color;
  readonly claimed: MatchEvent;
}

function doClaim(state: MatchState, intent: IntentOf<'claim'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is already being decided.');
  const seat = seatOfRole(intent.by);
  if (!seat) return no('notAuthorized', 'Only a player or his assistant claims.');
  const color = colorOf(state.setup, seat);
  const claimed: MatchEvent = {
    type: 'claimed',
    claim: intent.claim,
    color,
    by: intent.by,
    move: intent.move ?? null,
    audience: 'everyone',
  };
  const claimant: Claimant = { seat, color, claimed };
  if (intent.claim === 'time') return claimTime(state, intent, claimant, now);
  if (intent.claim === 'insufficientMaterial') return claimInsufficientMaterial(state, intent, claimant, now);
  return claimByTheRecord(state, intent, claimant, now);
}

/** A claim on time: the opponent's flag (or both) judged at the moment of the claim. */
function claimTime(state: MatchState, intent: IntentOf<'claim'>, claimant: Claimant, now: number): Outcome {
  const { color, claimed } = claimant;
  const profile = profileOf(state);
  // BL-32: without an arbiter the flag counts as fallen when claimed (003/001 Art 12.2).
  const flagged = opposite(color);
  const fell = flagFallen(state.clock, flagged, now);
  const decided: MatchEvent = {
    type: 'claimDecided',
    claim: 'time',
    color,
    upheld: fell,
    by: 'twinboard',
    evidence: [],
    audience: 'everyone',
  };
  if (!fell) return done(state, [claimed, decided]);
  if (flagFallen(state.clock, color, now)) {
    // Both flags have fallen (spec §2.12, §3 row 27). E88/E93: the game continues (003/001 Art 12.8);
    // E72–E80: the arbiter judges (000 Interp 17.1 (1979B)); without one the game continues.
    if (profile.bothFlagsFallen === 'arbiterJudgement' && state.participants.arbiter)
      return settle(
        state,
        {
          kind: 'time',
          by: intent.by,
          claimant: color,
          move: null,
          square: null,
          verified: null,
          clocksWereRunning: state.clock.running !== null,
        },
        [],
        claimed,
        now,
        true,
      );
    return done(continueAfterBoth(state, now), [
      claimed,
      { ...decided, upheld: false },
      { type: 'bothFlagsFell', audience: 'everyone' },
    ]);
  }
  const fen = currentFen(state.boards[claimant.seat].game);
  const ended = endGame(state, flagResult(fen, flagged, profile), now);
  return done(ended.state, [claimed, decided, ...ended.events]);
}

/** A claim of insufficient material, where the edition has that draw. */
function claimInsufficientMaterial(
  state: MatchState,
  intent: IntentOf<'claim'>,
  claimant: Claimant,
  now: number,
): Outcome {
  // E72–E80 (000/004 Interp 12.4 (1958A)): no draw "against the will of one of the players".
  if (!profileOf(state).insufficientMaterialDraw)
    return no('claimNotAllowed', 'This edition has no draw by insufficient material; offer a draw instead.', {
      reason: 'noSuchDraw',
    });
  const correct = insufficientMaterial(currentFen(state.boards[claimant.seat].game));
  return settle(
    state,
    {
      kind: 'insufficientMaterial',
      by: intent.by,
      claimant: claimant.color,
      move: null,
      square: null,
      verified: correct,
      clocksWereRunning: state.clock.running !== null,
    },
    [],
    claimant.claimed,
    now,
  );
}

/** A claim the game record decides: repetition or fifty moves, with the move he states if any. */
function claimByTheRecord(
  state: MatchState,
  intent: IntentOf<'claim'>,
  claimant: Claimant,
  now: number,
): Outcome {
  const { seat, color } = claimant;
  const game = state.boards[seat].game;
  // Repetition / fifty moves: only by the player having the move, before he moves (GR-55).
  if (turnOf(state) !== color)
    return no('claimNotAllowed', 'Only the player having the move may claim this.', {
      reason: 'notYourMove',
    });
  if (state.boards[seat].aperture.placements.length > 0)
    return no(
      'claimNotAllowed',
      'The claim must be made before the move is played; state the move instead.',
      {
        reason: 'movePlayed',
      },
    );
  const verdict =
    intent.claim === 'repetition'
      ? claimRepetition(
          game,
          intent.move ? { form: 'aboutToAppear', uci: intent.move } : { form: 'hasAppeared' },
        )
      : claimFiftyMoves(game, profileOf(state), intent.move);
  if (!verdict.ok) return no('badMove', verdict.error.message, { reason: 'statedMove' });
  const pending: PendingClaim = {
    kind: intent.claim,
    by: intent.by,
    claimant: color,
    move: verdict.value.declaredMove?.uci ?? null,
    square: null,
    verified: verdict.value.correct,
    clocksWereRunning: state.clock.running !== null,
  };
  return settle(state, pending, verdict.value.evidence, claimant.claimed, now);
}

/** Both flags down and the game goes on: each player begins the next period (003/001 Art 12.8). */
function continueAfterBoth(state: MatchState, now: number): MatchState {
  return withMatch(state, {
    clock: continueAfterBothFlags(state.clock, now),
    flagged: { w: false, b: false },
  });
}

/** Opens a claim: with an arbiter it waits for his decision; without one Twinboard's check decides (GR-96). */
function settle(
  state: MatchState,
  pending: PendingClaim,
  evidence: readonly number[],
  claimed: MatchEvent,
  now: number,
  stopClocks = false,
): Outcome {
  const profile = profileOf(state);
  const clock = stopClocks ? stop(state.clock, now) : openClaim(state.clock, profile, now);
  const events: MatchEvent[] = [claimed];
  if (clock.running === null && state.clock.running !== null)
    events.push({ type: 'clocksStopped', by: 'twinboard', reason: 'claim', audience: 'everyone' });
  const s: MatchState = withMatch(state, { clock, claim: pending });
  if (state.participants.arbiter) return done(s, events);
  const decided = decide(s, pending.verified === true, 'twinboard', evidence, now);
  return done(decided.state, [...events, ...decided.events]);
}

/**
 * A repetition or fifty-move claim decided: the clock as the edition says (GR-56), the charge or
 * bonus said and logged, and after a wrong claim its declared move bound and said (003 Art
 * 10.11(b), 001 Art 10.13(b)): what is applied is said (issue 28).
 */
function decideByTheRecord(
  state: MatchState,
  c: PendingClaim,
  seat: PlayerRole,
  upheld: boolean,
  evidence: readonly number[],
  now: number,
): {
  readonly state: MatchState;
  readonly result: GameResult | null;
  readonly told: Pick<EventOf<'claimDecided'>, 'charge' | 'declaredMove'>;
} {
  const profile = profileOf(state);
  const fen = currentFen(state.boards[seat].game);
  const reason = c.kind === 'fiftyMoves' ? 'fiftyMoves' : 'repetition';
  const settled = settleClaim(
    state.clock,
    c.claimant,
    { correct: upheld, evidence, result: upheld ? { winner: null, reason } : null },
    profile,
    fen,
    now,
  );
  let s = withMatch(state, { clock: settled.clock });
  const told: { charge?: ClaimClockCharge; declaredMove?: { uci: string; fen: string } } = {};
  if (settled.charge) {
    told.charge = settled.charge;
    const { color, ms, to } = settled.charge;
    s = addLog(s, now, 'twinboard', 'claimCharge', `${color} ${ms} ${to}`, false);
  }
  if (!upheld && c.move && !settled.result) {
    // The declared move must then be played — not another move of its piece; the piece counts as
    // touched meanwhile.
    const touched = applyStep(
      s.boards[seat].aperture,
      { type: 'touchTogether', squares: [c.move.slice(0, 2)] },
      profile,
    );
    if (!touched.events.some((e) => e.type === 'refused'))
      s = withMatch(s, { boards: { ...s.boards, [seat]: { ...s.boards[seat], aperture: touched.state } } });
    s = withMatch(s, { declaredMove: { color: c.claimant, uci: c.move } });
    told.declaredMove = { uci: c.move, fen };
  }
  return { state: s, result: settled.result, told };
}

function decide(
  state: MatchState,
  upheld: boolean,
  by: Actor,
  evidence: readonly number[],
  now: number,
): Reduction {
  const c = state.claim;
  if (!c) return { state, events: [] };
  const profile = profileOf(state);
  const seat = seatOf(state.setup, c.claimant);
  const fen = currentFen(state.boards[seat].game);
  const events: MatchEvent[] = [
    { type: 'claimDecided', claim: c.kind, color: c.claimant, upheld, by, evidence, audience: 'everyone' },
  ];
  let s: MatchState = withMatch(state, { claim: null });
  let result: GameResult | null = null;
  if (c.kind === 'repetition' || c.kind === 'fiftyMoves') {
    const r = decideByTheRecord(s, c, seat, upheld, evidence, now);
    s = r.state;
    result = r.result;
    events[0] = { ...(events[0] as EventOf<'claimDecided'>), ...r.told };
  } else if (c.kind === 'time') {
    // Both flags fallen and the arbiter judges: upheld, the opponent's flag counts as first.
    result = upheld ? flagResult(fen, opposite(c.claimant), profile) : null;
    if (!upheld) {
      s = continueAfterBoth(s, now);
      events.push({ type: 'bothFlagsFell', audience: 'everyone' });
    }
  } else if (c.kind === 'insufficientMaterial') {
    result = upheld ? { winner: null, reason: 'insufficientMaterial' } : null;
  } else if (c.kind === 'touchMove' && upheld) {
    const r = upholdTouchClaim(s, c, by, now);
    s = r.state;
    events.push(...r.events);
  }
  if (result) {
    const ended = endGame(s, result, now);
    return { state: ended.state, events: [...events, ...ended.events] };
  }
  if (c.clocksWereRunning && s.clock.running === null && !s.stoppedBy && !s.discrepancy) {
    const running = turnOf(s);
    const started = start(s.clock, now, running);
    if (started.ok) {
      s = withMatch(s, { clock: started.value });
      events.push({ type: 'clocksResumed', by, running, audience: 'everyone' });
    }
  }
  return { state: s, events };
}

function doDecideClaim(state: MatchState, upheld: boolean, by: Role, now: number): Outcome {
  if (!state.claim) return no('noClaim', 'There is no claim to decide.');
  const r = decide(state, upheld, by, [], now);
  return done(r.state, [...r.events]);
}

export const claimHandlers: Pick<Handlers, 'claim' | 'decideClaim'> = {
  claim: {
    authorize: (state, intent) => {
      if (isPlayer(intent.by)) return allowed;
      // BL-32, r.9(e): the assistant claims on time.
      if (intent.by === 'blindAssistant' && intent.claim === 'time' && hasDuty(state, intent.by, 'claimTime'))
        return allowed;
      return refuse('notAuthorized', 'You may not make this claim.');
    },
    apply: doClaim,
    when: { notWhileSealing: true },
  },
  decideClaim: {
    authorize: arbiterOnly('Only the arbiter may do this.'),
    apply: (state, intent, now) => doDecideClaim(state, intent.upheld, intent.by, now),
  },
};
