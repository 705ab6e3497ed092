/**
 * Twin boards (BL-24…BL-27): after every execution the two boards and the two scores are compared;
 * a difference stops the clocks and proposes the rule 7 or rule 8 correction, which the arbiter
 * (or, without one, both players) confirms.
 */
import {
  checkFloors,
  currentFen,
  flagFallen,
  proportionalTimes,
  readClock,
  readTypedScore,
  start,
  stop,
  type Clock,
  type Game,
} from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import {
  addLog,
  done,
  no,
  NO_EVENTS,
  type Actor,
  type Handlers,
  type Outcome,
  type Reduction,
  withMatch,
} from '../handler.ts';
import { seatOfPly, twinsComplete } from '../progress.ts';
import { allowed, arbiterOrPlayersWithout, refuse } from '../rights.ts';
import type { IntentOf } from '../intents.ts';
import { apertureFor, clockAfterMoves, keepsOwnScore, profileOf, turnOf } from '../setup.ts';
import type { Discrepancy, MatchState, PlayerRole, Role } from '../types.ts';

export function sameMoves(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  // (A loop: `every` with an arrow over `b` made a context on every comparison, issue 14.)
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** BL-25: after every execution, compare board with board, each board with its owner's score, and the scores. */
export function compareTwins(state: MatchState, now: number): Reduction {
  if (!twinsComplete(state) || state.discrepancy) return { state, events: NO_EVENTS };
  const { blind, sighted } = state.boards;
  const differences: string[] = [];
  if (!sameMoves(blind.game.moves, sighted.game.moves)) differences.push('board/board');
  if (!sameMoves(blind.game.moves, state.scores.blind)) differences.push('board/score:blind');
  if (!sameMoves(sighted.game.moves, state.scores.sighted)) differences.push('board/score:sighted');
  const scoresAgree = sameMoves(state.scores.blind, state.scores.sighted);
  if (!scoresAgree) differences.push('score/score');
  if (differences.length === 0) return { state, events: NO_EVENTS };
  const profile = profileOf(state);
  let discrepancy: Discrepancy;
  if (scoresAgree) {
    // Rule 7 (S85): the player who wrote the correct move but executed the wrong one adjusts his
    // position to the scores; S72/S80: the arbiter chooses the "certain disadvantages" (BL-26).
    const moves = state.scores.blind;
    discrepancy = {
      rule: 7,
      detectedAt: now,
      differences,
      correctedMoves: moves,
      boardsToReset: (['blind', 'sighted'] as const).filter(
        (seat) => !sameMoves(state.boards[seat].game.moves, moves),
      ),
      clock: null,
      clockSource: null,
      sanctionChoice: profile.rule7 === 'arbiterSanction',
      agreedBy: [],
    };
  } else {
    // Rule 8: retrace to the last move where both scores agree; the clocks to the readings logged
    // there (GR-26), else the proportional formula within the floors (BL-27).
    let k = 0;
    while (k < state.scores.blind.length && state.scores.blind[k] === state.scores.sighted[k]) k++;
    const restored = clockAtPly(state, k, now);
    discrepancy = {
      rule: 8,
      detectedAt: now,
      differences,
      correctedMoves: state.scores.blind.slice(0, k),
      boardsToReset: ['blind', 'sighted'],
      clock: restored.clock,
      clockSource: restored.source,
      sanctionChoice: false,
      agreedBy: [],
    };
  }
  // BL-25 / Art 12.5: an interruption that requires the arbiter stops both clocks.
  let s: MatchState = withMatch(state, { clock: stop(state.clock, now), discrepancy });
  s = addLog(
    s,
    now,
    'twinboard',
    'discrepancy',
    `rule ${discrepancy.rule}: ${differences.join(', ')}`,
    false,
  );
  const events: MatchEvent[] = [
    { type: 'clocksStopped', by: 'twinboard', reason: 'discrepancy', audience: 'everyone' },
    { type: 'discrepancy', discrepancy, announced: lastAnnounced(state), audience: 'everyone' },
  ];
  // GR-96: without an arbiter only the objectively checkable rule-7 reset is automated.
  if (discrepancy.rule === 7 && !s.participants.arbiter) {
    const applied = applyCorrection(s, 'twinboard', now);
    return { state: applied.state, events: [...events, ...applied.events] };
  }
  return { state: s, events };
}

/** The last ply's announcement and the position before it, from its mover's score (issue 10). */
function lastAnnounced(state: MatchState): { fen: string; uci: string } | null {
  const last = state.plies.at(-1);
  if (!last?.announced) return null;
  const moves = state.scores[seatOfPly(state, last)].slice(0, last.ply - 1);
  return { fen: currentFen({ startFen: state.setup.startFen, moves }), uci: last.announced };
}

/** The clock as it stood after ply `k` (0 = the start): logged, or proportional within the floors. */
export function clockAtPly(
  state: MatchState,
  k: number,
  now: number,
): { clock: Clock; source: 'log' | 'proportional' } {
  // A resumed game's first plies have no readings; the clock at the resumption is `clockAtStart`
  // (003/001 Art 12.6: the formula only when the times "cannot be determined").
  let resumedAt = 0;
  while (resumedAt < state.plies.length && state.plies[resumedAt]?.clockAfter === null) resumedAt++;
  const logged = k === resumedAt ? state.clockAtStart : k > 0 ? state.plies[k - 1]?.clockAfter : null;
  if (logged) return { clock: { ...logged, running: null, since: null, paused: null }, source: 'log' };
  const game: Game = { startFen: state.setup.startFen, moves: state.scores.blind.slice(0, k) };
  let clock = clockAfterMoves(state.setup.timeControl, game);
  const used = {
    w: readClock(state.clock, now).sides.w.usedMs,
    b: readClock(state.clock, now).sides.b.usedMs,
  };
  const scaled = proportionalTimes(used, Math.max(1, state.plies.length), k);
  for (const side of ['w', 'b'] as const) {
    const want = scaled.ok ? scaled.value[side] : 0;
    // 003/001 Art 12.6: never below five minutes to the control nor one minute per move to it.
    const { maxUsedMs } = checkFloors(clock, side, want, profileOf(state).clockAdjustmentFloors);
    clock = {
      ...clock,
      sides: { ...clock.sides, [side]: { ...clock.sides[side], usedMs: Math.min(want, maxUsedMs) } },
    };
  }
  return { clock: { ...clock, running: null, since: null, paused: null }, source: 'proportional' };
}

/**
 * How many moves the correction takes back (issue 10: the count each role hears): on each board
 * reset, the moves after the last one it shares with the corrected game; under rule 8 also the
 * plies retracted from the record. The largest of these.
 */
function movesTakenBack(state: MatchState, d: NonNullable<MatchState['discrepancy']>): number {
  const shared = (moves: readonly string[]) => {
    let i = 0;
    while (i < moves.length && i < d.correctedMoves.length && moves[i] === d.correctedMoves[i]) i += 1;
    return i;
  };
  const onBoards = d.boardsToReset.map((seat) => {
    const moves = state.boards[seat].game.moves;
    return moves.length - shared(moves);
  });
  const retracted = d.rule === 8 ? Math.max(0, state.plies.length - d.correctedMoves.length) : 0;
  return Math.max(0, retracted, ...onBoards);
}

function applyCorrection(state: MatchState, by: Actor, now: number): Reduction {
  const d = state.discrepancy;
  if (!d) return { state, events: [] };
  const game: Game = { startFen: state.setup.startFen, moves: d.correctedMoves };
  const boards = { ...state.boards };
  for (const seat of d.boardsToReset)
    boards[seat] = { game, aperture: apertureFor(state.setup, seat, currentFen(game)) };
  let s: MatchState = withMatch(state, {
    boards,
    discrepancy: null,
    earlyRepetition: null,
    readySince: null,
  });
  if (d.rule === 8) {
    s = {
      ...s,
      scores: { blind: d.correctedMoves, sighted: d.correctedMoves },
      plies: state.plies.slice(0, d.correctedMoves.length),
      clock: d.clock ?? s.clock,
    };
    // With the clocks back at earlier readings a flag signalled since may stand again.
    s = withMatch(s, { flagged: { w: flagFallen(s.clock, 'w', now), b: flagFallen(s.clock, 'b', now) } });
  }
  const events: MatchEvent[] = [
    {
      type: 'correctionApplied',
      rule: d.rule,
      plies: d.correctedMoves.length,
      takenBack: movesTakenBack(state, d),
      boardsReset: d.boardsToReset,
      clockRestored: d.clockSource,
      by,
      audience: 'everyone',
    },
  ];
  s = addLog(s, now, by, 'correction', `rule ${d.rule}: ${d.correctedMoves.length} plies`, false);
  if (s.phase === 'playing' && !s.stoppedBy && !s.claim) {
    const running = turnOf(s);
    const started = start({ ...s.clock, running: null, since: null }, now, running);
    if (started.ok) {
      s = withMatch(s, { clock: started.value });
      events.push({ type: 'clocksResumed', by, running, audience: 'everyone' });
    }
  }
  return { state: s, events };
}

function doConfirmCorrection(state: MatchState, by: Role, now: number): Outcome {
  const d = state.discrepancy;
  if (!d) return no('noDiscrepancy', 'There is no difference between the boards to correct.');
  if (by === 'arbiter') {
    const r = applyCorrection(state, by, now);
    return done(r.state, [...r.events]);
  }
  // GR-96: without an arbiter, both players agree to the retraction.
  const seat = by as PlayerRole;
  if (d.agreedBy.includes(seat))
    return no('alreadyAgreed', 'You have already agreed; the opponent must agree too.');
  const agreedBy = [...d.agreedBy, seat];
  const s: MatchState = withMatch(state, { discrepancy: { ...d, agreedBy } });
  const events: MatchEvent[] = [{ type: 'correctionAgreed', by, audience: 'everyone' }];
  if (agreedBy.length < 2) return done(s, events);
  const r = applyCorrection(s, 'twinboard', now);
  return done(r.state, [...events, ...r.events]);
}

/**
 * The blind player's own typed score (BL-38(c), GR-81): read from the start position in any
 * notation the core reads and taken as his scoresheet, so rules 7 and 8 compare the score he kept.
 * An unreadable move or a score longer than the game is refused and the sheet stays as it was.
 */
function doWriteScore(state: MatchState, intent: IntentOf<'writeScore'>, now: number): Outcome {
  if (!keepsOwnScore(state.setup, 'blind'))
    return no('fixedSetting', 'Twinboard keeps your score in this game.');
  const read = readTypedScore(state.setup.startFen, intent.text);
  // The log's words; the player is told the code's (speech/refusals.ts).
  if (!read.ok)
    return no('badScore', `Move ${read.error.ply} (“${read.error.written}”): ${read.error.reason.code}.`);
  const moves = read.value.moves;
  if (moves.length > state.plies.length)
    return no('badScore', `Your score has ${moves.length} moves; ${state.plies.length} have been played.`);
  const s: MatchState = withMatch(state, { scores: { ...state.scores, blind: moves } });
  const compared = compareTwins(s, now);
  return done(compared.state, [
    {
      type: 'scoreWritten',
      moves: moves.length,
      by: intent.by,
      audience: ['blind', 'blindAssistant', 'arbiter'],
    },
    ...compared.events,
  ]);
}

export const twinHandlers: Pick<Handlers, 'confirmCorrection' | 'writeScore'> = {
  confirmCorrection: {
    // GR-96: without an arbiter, the players agree.
    authorize: arbiterOrPlayersWithout('The arbiter confirms corrections.'),
    apply: (state, intent, now) => doConfirmCorrection(state, intent.by, now),
    when: { duringDiscrepancy: true },
  },
  writeScore: {
    authorize: (_state, intent) =>
      intent.by === 'blind'
        ? allowed
        : refuse('notAuthorized', 'Only the blind player writes his own score.'),
    apply: doWriteScore,
    when: { whileAdjourned: true },
  },
};

/**
 * Takes the game back to the position after ply `k` on both boards and in the log (a touch-move
 * violation upheld after the move, Art 7.4 / 8.4; an illegal move found later, Art 8.1 / 9.1): the
 * clocks as they stood then — logged, or by the proportional formula where unknown (GR-26) — with
 * the clock of the player to move running, unless the arbiter has stopped the clocks. Each score
 * keeps what its writer wrote up to that ply.
 */
export function retractTo(
  state: MatchState,
  k: number,
  now: number,
): { readonly state: MatchState; readonly source: 'log' | 'proportional' } {
  const moves = state.plies.slice(0, k).map((p) => p.uci);
  const game: Game = { startFen: state.setup.startFen, moves };
  const boards = { ...state.boards };
  for (const seat of ['blind', 'sighted'] as const)
    boards[seat] = { game, aperture: apertureFor(state.setup, seat, currentFen(game)) };
  const restored = clockAtPly(state, k, now);
  const s: MatchState = {
    ...state,
    boards,
    scores: { blind: state.scores.blind.slice(0, k), sighted: state.scores.sighted.slice(0, k) },
    plies: state.plies.slice(0, k),
    earlyRepetition: null,
    declaredMove: null,
    boundPiece: null,
    readySince: null,
    drawOffer: null,
    clock: restored.clock,
  };
  const flagged = { w: flagFallen(s.clock, 'w', now), b: flagFallen(s.clock, 'b', now) };
  if (state.stoppedBy) return { state: withMatch(s, { flagged }), source: restored.source };
  const started = start({ ...s.clock, running: null, since: null }, now, turnOf(s));
  return {
    state: withMatch(s, { flagged, clock: started.ok ? started.value : s.clock }),
    source: restored.source,
  };
}
