/**
 * Adjournment and the sealed move (spec §2.13, GR-70–GR-73, checklist 73–77; BL-34). The player
 * having the move (or the blind player's assistant, S85 r.9(f)) writes the sealed move privately
 * and may change it until he stops the clock; the clock then stops without starting the
 * opponent's. The envelope (names, position before the sealed move, times used, sealer, move
 * number) is kept by the arbiter with every custody step logged, and the move stays unreadable to
 * everyone, the arbiter included (GR-71), until resumption: only then is it opened, played on both
 * boards and the replying player's clock started. An invalid sealed move is judged by the edition.
 */
import {
  boardOutcome,
  chargeTime,
  earlyAdjournmentCharge,
  findMove,
  parseMoveInfo,
  sealedMoveResult,
  start,
  stop,
  timeUsed,
  type Clock,
  type Color,
  type Game,
  type MoveInfo,
  type Profile,
} from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { agreedFen, done, endGame, no, type Handlers, type Outcome, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { factsOf } from '../plies.ts';
import { hasArrived } from './lateArrival.ts';
import { awaitingAnnouncement, awaitingExecution, awaitingRepetition } from '../progress.ts';
import { allowed, arbiterOrPlayersWithout, hasDuty, refuse } from '../rights.ts';
import { apertureFor, dutiesOf, opposite, profileOf, scoresWith, seatOf, turnOf } from '../setup.ts';
import type {
  Envelope,
  MatchAdjournment,
  MatchState,
  PlayerRole,
  PlyRecord,
  Role,
  SealedMove,
} from '../types.ts';

/** How the sealed move was judged when the envelope was opened. */
type SealedVerdict =
  | { readonly kind: 'played'; readonly move: MoveInfo }
  | { readonly kind: 'loss'; readonly loser: Color; readonly reason: InvalidKind }
  | { readonly kind: 'draw'; readonly reason: InvalidKind }
  | { readonly kind: 'arbiterDecides'; readonly reason: InvalidKind };

/** Why a free-text sealed move is invalid (E93 Art 10.16: ambiguous, false, illegal). */
type InvalidKind = 'ambiguous' | 'unintelligible' | 'illegal';

/** What the envelope does with the clock: stop both at its times used, or also start the replier's. */
type ClockEffect =
  | { readonly kind: 'stopBoth'; readonly timeUsed: { readonly w: number; readonly b: number } }
  | {
      readonly kind: 'start';
      readonly color: Color;
      readonly timeUsed: { readonly w: number; readonly b: number };
    };

/** Who may write the sealed move for `sealer`: the player himself, or the blind player's assistant (BL-34). */
export function canWriteSealedMove(
  by: Role,
  sealer: Color,
  seats: { readonly blindColor: Color; readonly assistantMayAdjourn: boolean },
): boolean {
  const sealerRole: Role = seats.blindColor === sealer ? 'blind' : 'sighted';
  if (by === sealerRole) return true;
  return by === 'blindAssistant' && sealerRole === 'blind' && seats.assistantMayAdjourn;
}

/** Whether `role` may write the sealed move and stop the clock for the side to move (§2.13, BL-34). */
export function maySeal(state: MatchState, role: Role): boolean {
  const sealer = state.adjournment?.envelope.sealer ?? turnOf(state);
  return canWriteSealedMove(role, sealer, {
    blindColor: state.setup.blindColor,
    assistantMayAdjourn: state.participants.blindAssistant && hasDuty(state, 'blindAssistant', 'adjourn'),
  });
}

/**
 * Reads a free-text sealed move against the position with the core's notation reader (short or
 * long algebraic, UCI, correspondence digits, Uedemann code): `move` when exactly one legal move
 * fits, otherwise why not, in the words of E93 Art 10.16 (ambiguous, false, illegal).
 */
export function readSealedText(
  fen: string,
  text: string,
): { kind: 'move'; move: MoveInfo } | { kind: InvalidKind } {
  const r = parseMoveInfo(fen, text);
  if (r.ok) return { kind: 'move', move: r.value };
  switch (r.error.code) {
    case 'ambiguous':
    case 'promotionPieceMissing':
      return { kind: 'ambiguous' };
    case 'empty':
    case 'unreadable':
    case 'invalidFen':
    case 'badPieceLetters':
      return { kind: 'unintelligible' };
    default:
      return { kind: 'illegal' };
  }
}

/**
 * Judges the sealed move by the profile (spec §2.13, §3 row 22; checklist 77) with the core's
 * `sealedMoveResult`: E72/E80 lose only when the real significance cannot be established
 * (ambiguous or unintelligible), an illegal but clear move goes to the arbiter (000 Interp 17.3
 * (1965)); E88 adds illegal; E93 ambiguous, false or illegal. Against a bare king the invalid
 * sealed move draws instead (E88/E93 Art 10.5).
 */
export function judgeSealedMove(fen: string, sealed: SealedMove, rules: Profile): SealedVerdict {
  const read =
    sealed.kind === 'move'
      ? (() => {
          const m = findMove(fen, sealed.uci);
          return m.ok ? ({ kind: 'move', move: m.value } as const) : ({ kind: 'illegal' } as const);
        })()
      : readSealedText(fen, sealed.text);
  if (read.kind === 'move') return { kind: 'played', move: read.move };
  const sealer = fenTurn(fen);
  const result = sealedMoveResult(fen, sealer, read.kind, rules);
  if (result === null) return { kind: 'arbiterDecides', reason: read.kind };
  if (result.winner === null) return { kind: 'draw', reason: read.kind };
  return { kind: 'loss', loser: sealer, reason: read.kind };
}

function fenTurn(fen: string): Color {
  return fen.split(' ')[1] === 'b' ? 'b' : 'w';
}

/** Both players' time used on the core clock at `now` (the envelope's "time used by each player"). */
function timeUsedOn(clock: Clock, now: number): { readonly w: number; readonly b: number } {
  return { w: timeUsed(clock, 'w', now), b: timeUsed(clock, 'b', now) };
}

/**
 * Applies the envelope's clock effect to the core clock: stop both clocks and set each side's used time
 * to the envelope's (an early adjournment's session time is charged to the sealer, E93 13.1(b)),
 * then start the replier's clock when asked.
 */
function applyClockEffect(clock: Clock, effect: ClockEffect, now: number): Clock {
  let c = stop(clock, now);
  for (const side of ['w', 'b'] as const) {
    const extra = effect.timeUsed[side] - timeUsed(c, side, now);
    if (extra > 0) c = chargeTime(c, side, extra, now);
  }
  if (effect.kind === 'start') {
    const started = start(c, now, effect.color);
    if (started.ok) c = started.value;
  }
  return c;
}

const notAdjourned = (): Outcome => no('notAdjourned', 'No move is being sealed.');

/** The roles who may read the sealed move while it is written: its writers (GR-70, GR-71, BL-34). */
function sealWriters(state: MatchState, sealer: Color): Role[] {
  const seat = seatOf(state.setup, sealer);
  const assistant =
    seat === 'blind' &&
    state.participants.blindAssistant &&
    dutiesOf(state.setup, 'blindAssistant').includes('adjourn');
  return assistant ? [seat, 'blindAssistant'] : [seat];
}

/** The sealed move as the setup's entry mode accepts it (GR-73), or why not. */
function readSealed(
  state: MatchState,
  fen: string,
  text: string,
): { ok: true; sealed: SealedMove; san: string | null } | { ok: false; message: string } {
  const parsed = parseMoveInfo(fen, text);
  if (state.setup.sealing === 'freeText')
    return {
      ok: true,
      sealed: { kind: 'text', text: text.trim() },
      san: parsed.ok ? parsed.value.san : null,
    };
  // DEFAULT structured entry: exactly one legal move, so the sealed move cannot be invalid.
  // The refusal is spoken on the writer's screen: it must not repeat what he wrote (GR-70).
  if (!parsed.ok) return { ok: false, message: 'That is not exactly one legal move in this position.' };
  return { ok: true, sealed: { kind: 'move', uci: parsed.value.uci }, san: parsed.value.san };
}

function doSealMove(state: MatchState, intent: IntentOf<'sealMove'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is being decided.');
  const current = state.adjournment;
  if (current?.phase === 'adjourned')
    return no('adjourned', 'The clock is stopped: the sealed move can no longer change.');
  if (!current && (awaitingAnnouncement(state) || awaitingRepetition(state)))
    return no('boardBehind', 'The last move must be announced and repeated before sealing.');
  if (!current && (awaitingExecution(state, 'blind') || awaitingExecution(state, 'sighted')))
    return no('boardBehind', 'The last move must stand on both boards before sealing.');
  const sealer = turnOf(state);
  const fen = current?.envelope.fenBefore ?? agreedFen(state);
  const events: MatchEvent[] = [];
  let adjournment: MatchAdjournment;
  if (current) adjournment = current;
  else {
    const envelope: Envelope = {
      white: seatOf(state.setup, 'w'),
      black: seatOf(state.setup, 'b'),
      fenBefore: fen,
      timeUsed: timeUsedOn(state.clock, now),
      sealer,
      moveNumber: Number(fen.split(' ')[5] ?? '1') || 1,
      writtenBy: intent.by,
    };
    adjournment = {
      phase: 'sealing',
      envelope,
      sealed: null,
      custody: [{ at: now, by: intent.by, action: 'sealingBegun' }],
      replierClockSince: null,
      resumeAskedBy: [],
    };
    events.push({ type: 'sealingBegun', sealer, by: intent.by, audience: 'everyone' });
  }
  const changed = adjournment.sealed !== null;
  let sealed: MatchAdjournment['sealed'];
  if (intent.hidden === true && intent.move === undefined) sealed = { kind: 'hidden' };
  else if (intent.move !== undefined && intent.hidden === undefined) {
    const read = readSealed(state, fen, intent.move);
    if (!read.ok) return no('illegalSealedMove', read.message);
    sealed = read.sealed;
    const move = read.sealed.kind === 'move' ? read.sealed.uci : read.sealed.text;
    events.push({
      type: 'sealedMoveWritten',
      move,
      san: read.san,
      fen,
      changed,
      by: intent.by,
      audience: sealWriters(state, sealer),
    });
  } else return no('badIntent', 'A sealed move is written, or received hidden.');
  // GR-71: the arbiter holds the envelope and sees its custody, never the move.
  events.push({ type: 'sealedMoveRecorded', changed, by: intent.by, audience: ['arbiter'] });
  const custody = [
    ...adjournment.custody,
    { at: now, by: intent.by, action: changed ? 'moveChanged' : 'moveWritten' } as const,
  ];
  return done(withMatch(state, { adjournment: { ...adjournment, sealed, custody } }), events);
}

function doAdjourn(state: MatchState, intent: IntentOf<'adjourn'>, now: number): Outcome {
  const by = intent.by;
  const a = state.adjournment;
  if (!a) return notAdjourned();
  if (a.phase !== 'sealing') return no('adjourned', 'The game is already adjourned.');
  if (a.sealed === null) return no('noSealedMove', 'Write the sealed move before stopping the clock.');
  if (intent.opponentAbsent === true) return sealReplyForAbsent(state, a, by, now);
  // E93 13.1(a): "only then stop his clock without starting his opponent's clock"; 13.1(b): an
  // adjournment before the end of the session adds the remaining session time to the sealer's.
  const sealer = a.envelope.sealer;
  const charge = earlyAdjournmentCharge(profileOf(state), intent.sessionEndsAt ?? now, now);
  const used = timeUsedOn(state.clock, now);
  const timeUsed = { ...used, [sealer]: used[sealer] + charge.chargeMs };
  const clock = applyClockEffect(state.clock, { kind: 'stopBoth', timeUsed }, now);
  const adjournment: MatchAdjournment = {
    ...a,
    phase: 'adjourned',
    envelope: { ...a.envelope, timeUsed },
    custody: [
      ...a.custody,
      { at: now, by, action: 'clockStopped' },
      { at: now, by: 'arbiter', action: 'envelopeHeld' },
    ],
  };
  return done(withMatch(state, { clock, readySince: null, adjournment }), [
    {
      type: 'adjourned',
      sealer,
      moveNumber: a.envelope.moveNumber,
      chargedMs: charge.chargeMs,
      by,
      audience: 'everyone',
    },
  ]);
}

/** Whether this session began with the envelope opened (a reply is sealed for an absent opponent only then). */
export function resumedThisSession(state: MatchState): boolean {
  const since = state.sessionStartedAt;
  return since !== null && state.log.some((l) => l.what === 'resume' && !l.refused && l.at >= since);
}

/**
 * 000 Art 16.4; 003/001 Art 14.4; 002 Art 16.4: the sealer is absent at the resumption, and the
 * player having the move "is not obliged to reply to the sealed move on the chessboard": he seals
 * his reply, stops his clock and starts his opponent's; the envelope is opened on the opponent's
 * arrival (the next `resume`, as for an absent replier). No early-adjournment charge: the session
 * goes on, and the absent player's lateness still counts from its start.
 */
function sealReplyForAbsent(state: MatchState, a: MatchAdjournment, by: Role, now: number): Outcome {
  if (!resumedThisSession(state))
    return no('notAdjourned', 'A reply is sealed for an absent opponent only at a resumption.');
  const absent = opposite(a.envelope.sealer);
  if (hasArrived(state, seatOf(state.setup, absent)))
    return no(
      'notLate',
      'Your opponent is at the board: reply on the board, or adjourn at the end of the session.',
    );
  const timeUsed = timeUsedOn(state.clock, now);
  const clock = applyClockEffect(state.clock, { kind: 'start', color: absent, timeUsed }, now);
  const adjournment: MatchAdjournment = {
    ...a,
    phase: 'awaitingReplier',
    envelope: { ...a.envelope, timeUsed },
    replierClockSince: now,
    custody: [
      ...a.custody,
      { at: now, by, action: 'clockStopped' },
      { at: now, by: 'arbiter', action: 'envelopeHeld' },
      { at: now, by, action: 'replierClockStarted' },
    ],
  };
  return done(withMatch(state, { clock, readySince: null, adjournment }), [
    {
      type: 'adjourned',
      sealer: a.envelope.sealer,
      moveNumber: a.envelope.moveNumber,
      chargedMs: 0,
      by,
      audience: 'everyone',
    },
    { type: 'clocksResumed', by, running: absent, audience: 'everyone' },
  ]);
}

function doResume(state: MatchState, intent: IntentOf<'resume'>, now: number): Outcome {
  const a = state.adjournment;
  if (!a) return notAdjourned();
  if (a.phase === 'sealing') return no('sealing', 'The clock must be stopped before resumption.');
  if (intent.replierAbsent === true) return startAbsentReplier(state, a, intent.by, now);
  // 000 Art 16.2; 003/001 Art 14.2: the envelope is opened when the player who must reply is
  // present; the sealer's absence does not hold it closed, so the replier alone asks when no
  // arbiter takes part.
  const replierAlone = intent.sealerAbsent === true && a.phase === 'adjourned';
  if (intent.sealerAbsent === true && !replierAlone)
    return no('adjourned', 'The envelope waits for the player who must reply.');
  if (
    replierAlone &&
    intent.by !== 'arbiter' &&
    intent.by !== seatOf(state.setup, opposite(a.envelope.sealer))
  )
    return no('notAuthorized', 'Only the player who must reply opens the envelope in the sealer’s absence.');
  if (intent.by !== 'arbiter' && !replierAlone) {
    // GR-96: without an arbiter both players agree to open the envelope.
    const seat = intent.by as PlayerRole;
    if (a.resumeAskedBy.includes(seat)) return no('alreadyAgreed', 'You have already asked to resume.');
    const asked = [...a.resumeAskedBy, seat];
    if (asked.length < 2)
      return done(withMatch(state, { adjournment: { ...a, resumeAskedBy: asked } }), [
        { type: 'resumeAsked', by: intent.by, audience: 'everyone' },
      ]);
  }
  let sealed: SealedMove;
  if (a.sealed === null) return no('noSealedMove', 'The envelope holds no sealed move.');
  if (a.sealed.kind === 'hidden') {
    // A copy of the match that never saw the move plays the one the envelope's holder revealed.
    // Without it (a screen's trial run of its own request) the copy cannot open the envelope: it
    // changes nothing here and leaves the decision to the holder, whose logged entry names the move.
    if (intent.revealed === undefined) return done(state, []);
    sealed =
      state.setup.sealing === 'freeText'
        ? { kind: 'text', text: intent.revealed }
        : { kind: 'move', uci: intent.revealed };
  } else sealed = a.sealed;
  // E93 14.3: an absent replier's clock ran until he arrived; that time stays on it.
  const timeUsed = a.phase === 'awaitingReplier' ? timeUsedOn(state.clock, now) : a.envelope.timeUsed;
  const custody = [...a.custody, { at: now, by: intent.by, action: 'envelopeOpened' } as const];
  return openEnvelope(state, { ...a, custody }, sealed, timeUsed, intent.by, now);
}

/**
 * The replying player is absent at resumption: his clock is started from the envelope's times and
 * the envelope stays closed until he arrives (000 Art 16; E93 14.3; GR-72).
 */
function startAbsentReplier(state: MatchState, a: MatchAdjournment, by: Role, now: number): Outcome {
  if (by !== 'arbiter') return no('notAuthorized', 'The arbiter starts an absent player’s clock.');
  if (a.phase !== 'adjourned') return no('adjourned', 'The replier’s clock is already running.');
  const replier = opposite(a.envelope.sealer);
  const clock = applyClockEffect(
    state.clock,
    { kind: 'start', color: replier, timeUsed: a.envelope.timeUsed },
    now,
  );
  const custody = [
    ...a.custody,
    { at: now, by, action: 'resumptionBegun' } as const,
    { at: now, by, action: 'replierClockStarted' } as const,
  ];
  return done(
    {
      ...state,
      clock,
      sessionStartedAt: now,
      adjournment: { ...a, phase: 'awaitingReplier', replierClockSince: now, custody },
    },
    [{ type: 'clocksResumed', by, running: replier, audience: 'everyone' }],
  );
}

/** Opens the envelope (000 Art 16; 003/001 Art 14) and applies the edition's verdict (§2.13). */
function openEnvelope(
  state: MatchState,
  a: MatchAdjournment,
  sealed: SealedMove,
  timeUsed: { readonly w: number; readonly b: number },
  by: Role,
  now: number,
): Outcome {
  const { envelope } = a;
  const sealer = envelope.sealer;
  const verdict: SealedVerdict = judgeSealedMove(envelope.fenBefore, sealed, profileOf(state));
  const opened = openedEvent(envelope, sealed, verdict, by);
  // A resumption begins a new session (a late arrival counts from it, 000 Interp 17.2 (1962)),
  // unless the absent replier's session began when his clock was started (E93 14.3).
  const sessionStartedAt = a.phase === 'awaitingReplier' ? state.sessionStartedAt : now;
  const base: MatchState = {
    ...state,
    // The clocks are set to the times used at adjournment (000 Art 16.1).
    clock: applyClockEffect(state.clock, { kind: 'stopBoth', timeUsed }, now),
    adjournment: null,
    stoppedBy: null,
    sessionStartedAt,
  };
  if (verdict.kind === 'loss' || verdict.kind === 'draw') {
    const ended = endGame(
      base,
      { winner: verdict.kind === 'draw' ? null : opposite(sealer), reason: 'invalidSealedMove' },
      now,
    );
    return done(ended.state, [opened, ...ended.events]);
  }
  if (verdict.kind === 'arbiterDecides')
    // E72/E80 (000 Interp 17.3 (1965)): a clear but irregular sealed move is the arbiter's to judge;
    // the clocks stay stopped in the position before it until he decides (penalty or play on).
    return done(withMatch(base, { stoppedBy: 'arbiter' }), [opened]);
  return playSealedMove(base, verdict.move, sealer, timeUsed, opened, by, now);
}

/** What everyone is told when the envelope is opened: the move as judged, or as written. */
function openedEvent(envelope: Envelope, sealed: SealedMove, verdict: SealedVerdict, by: Role): MatchEvent {
  const written = sealed.kind === 'move' ? sealed.uci : sealed.text;
  return {
    type: 'sealedMoveOpened',
    sealer: envelope.sealer,
    move: verdict.kind === 'played' ? verdict.move.uci : written,
    san: verdict.kind === 'played' ? verdict.move.san : null,
    fen: envelope.fenBefore,
    verdict: verdict.kind,
    reason: verdict.kind === 'played' ? null : verdict.reason,
    by,
    audience: 'everyone',
  };
}

/**
 * The valid sealed move played on BOTH boards and announced (GR-72), then the replier's clock
 * started (unless the move mates) and the position's ending applied. `base` is the state with the
 * envelope opened and the clocks at their times used.
 */
function playSealedMove(
  base: MatchState,
  move: MoveInfo,
  sealer: Color,
  timeUsed: { readonly w: number; readonly b: number },
  opened: MatchEvent,
  by: Role,
  now: number,
): Outcome {
  const seat = seatOf(base.setup, sealer);
  const replier = opposite(sealer);
  const clock = move.mate
    ? base.clock
    : applyClockEffect(base.clock, { kind: 'start', color: replier, timeUsed }, now);
  const ply = base.plies.length + 1;
  const boards = boardsWithMove(base, move);
  const record: PlyRecord = {
    ply,
    color: sealer,
    uci: move.uci,
    san: move.san,
    announced: move.uci,
    announcedBy: by,
    repeated: move.uci,
    repeatedBy: 'twinboard',
    executed: move.uci,
    executedBy: 'twinboard',
    completedAt: now,
    clockAfter: clock,
  };
  let s: MatchState = {
    ...base,
    clock,
    boards,
    scores: scoresWith(withMatch(base, { scores: scoresWith(base, 'blind', move.uci) }), 'sighted', move.uci),
    plies: [...base.plies, record],
  };
  const events: MatchEvent[] = [
    opened,
    { type: 'announced', seat, color: sealer, by, ply, ...factsOf(move), audience: 'everyone' },
  ];
  if (!move.mate) events.push({ type: 'clocksResumed', by, running: replier, audience: 'everyone' });
  const outcome = boardOutcome(boards.blind.game, profileOf(s));
  if (outcome) {
    const ended = endGame(s, outcome, now);
    s = ended.state;
    events.push(...ended.events);
  }
  return done(s, events);
}

/** Both boards with `move` played on them, each aperture ready in the position after it. */
function boardsWithMove(state: MatchState, move: MoveInfo): MatchState['boards'] {
  const boards = { ...state.boards };
  for (const s of ['blind', 'sighted'] as const) {
    const game: Game = {
      startFen: state.boards[s].game.startFen,
      moves: [...state.boards[s].game.moves, move.uci],
    };
    boards[s] = { game, aperture: apertureFor(state.setup, s, move.fenAfter) };
  }
  return boards;
}

const sealRight = (state: MatchState, intent: { readonly by: Role }) =>
  // §2.13: the player having the move seals; S r.9(f) / BL-34: or the VH player's assistant.
  maySeal(state, intent.by)
    ? allowed
    : refuse('notAuthorized', 'Only the player having the move, or his assistant, seals the move.');

export const adjournmentHandlers: Pick<Handlers, 'sealMove' | 'adjourn' | 'resume'> = {
  sealMove: { authorize: sealRight, apply: doSealMove, when: { whileAdjourned: true } },
  adjourn: {
    authorize: sealRight,
    apply: doAdjourn,
    when: { whileAdjourned: true },
  },
  resume: {
    // 000 Art 16; 003/001 Art 14: the arbiter opens the envelope; without one, both players (GR-96).
    authorize: arbiterOrPlayersWithout('The arbiter opens the sealed envelope.'),
    apply: doResume,
    when: { whileAdjourned: true, notWhileSealing: true },
  },
};
