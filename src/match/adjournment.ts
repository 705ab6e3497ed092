/**
 * Adjournment and the sealed move (spec §2.13, GR-70–GR-73, checklist 73–77; BL-34): a pure state
 * machine. The player having the move (or the blind player's assistant, S85 r.9(f)) writes the
 * sealed move privately and may change it until he stops the clock; the clock then stops without
 * starting the opponent's. The envelope (names, position before the sealed move, times used,
 * sealer, move number) is kept by the arbiter with every custody step logged, and the move stays
 * unreadable to everyone, the arbiter included (GR-71), until resumption: only then is it opened,
 * played on both boards and the replying player's clock started. An invalid sealed move is judged
 * by the rule edition (profile). Time is a parameter (`now`, milliseconds); nothing here speaks.
 */
import {
  chargeTime,
  err,
  start,
  stop,
  timeUsed,
  type Clock,
  findMove,
  inspect,
  ok,
  parseMoveInfo,
  type Color,
  type MoveInfo,
  type Result,
  sealedMoveResult,
  type GameResult,
  type Profile,
} from '../core/index.ts';
import type { Role } from './types.ts';

/**
 * What the rule edition decides for adjournments: `sealedMoveInvalid`, `earlyAdjournment` and the
 * bare-king rule (`flagVsBareKing`, E88/E93 Art 10.5) of the core profile.
 */
export type AdjournmentRules = Profile;

/**
 * The sealed move as written. `move` is the default structured entry (a UCI move chosen on the board
 * or by a notation parser; it cannot be ambiguous or illegal, GR-73); `text` is the CONFIG free-text
 * sealing, judged only when the envelope is opened.
 */
export type SealedMove =
  { readonly kind: 'move'; readonly uci: string } | { readonly kind: 'text'; readonly text: string };

/** The five envelope items of 000 Art 15.2 / 003/001 Art 13.2, and the move itself. */
export interface Envelope {
  readonly white: string;
  readonly black: string;
  /** The position immediately before the sealed move. */
  readonly fenBefore: string;
  /** Time used by each player at the moment the clock was stopped, in milliseconds. */
  readonly timeUsed: { readonly w: number; readonly b: number };
  readonly sealer: Color;
  /** The number of the sealed move (the full-move number of `fenBefore`). */
  readonly moveNumber: number;
  /** Who wrote it: the player or the blind player's assistant (BL-34). */
  readonly writtenBy: Role;
}

/** One custody step (GR-71); it never contains the sealed move. */
export interface CustodyEntry {
  readonly at: number;
  readonly by: Role;
  readonly action:
    | 'sealingBegun'
    | 'moveWritten'
    | 'moveChanged'
    | 'clockStopped'
    | 'envelopeHeld'
    | 'envelopeViewed'
    | 'resumptionBegun'
    | 'replierClockStarted'
    | 'envelopeOpened'
    | 'gameEndedBeforeOpening';
}

/** How the sealed move was judged when the envelope was opened. */
export type SealedVerdict =
  | { readonly kind: 'played'; readonly move: MoveInfo }
  | { readonly kind: 'loss'; readonly loser: Color; readonly reason: InvalidKind }
  | { readonly kind: 'draw'; readonly reason: InvalidKind }
  | { readonly kind: 'arbiterDecides'; readonly reason: InvalidKind };

/** Why a free-text sealed move is invalid (E93 Art 10.16: ambiguous, false, illegal). */
export type InvalidKind = 'ambiguous' | 'unintelligible' | 'illegal';

/** An agreed draw or a resignation made before the envelope is opened stands (003/001 Art 14.2). */
export type EarlyEnd = { readonly kind: 'resigned'; readonly loser: Color } | { readonly kind: 'drawAgreed' };

export type AdjournmentState =
  | {
      readonly phase: 'sealing';
      readonly envelope: Envelope;
      readonly rules: AdjournmentRules;
      readonly sealed: SealedMove | null;
      readonly custody: readonly CustodyEntry[];
    }
  | {
      readonly phase: 'sealed';
      readonly envelope: Envelope;
      readonly rules: AdjournmentRules;
      readonly sealed: SealedMove;
      readonly custody: readonly CustodyEntry[];
    }
  | {
      readonly phase: 'awaitingReplier';
      readonly envelope: Envelope;
      readonly rules: AdjournmentRules;
      readonly sealed: SealedMove;
      readonly custody: readonly CustodyEntry[];
      /** When the absent replier's clock was started (E93 14.3). */
      readonly replierClockSince: number;
    }
  | {
      readonly phase: 'opened';
      readonly envelope: Envelope;
      readonly rules: AdjournmentRules;
      readonly sealed: SealedMove;
      readonly custody: readonly CustodyEntry[];
      readonly verdict: SealedVerdict;
    }
  | {
      readonly phase: 'ended';
      readonly envelope: Envelope;
      readonly rules: AdjournmentRules;
      readonly custody: readonly CustodyEntry[];
      readonly end: EarlyEnd;
    };

/** What the surrounding match must do with the clock after a step. */
export type ClockEffect =
  | { readonly kind: 'none' }
  | { readonly kind: 'stopBoth'; readonly timeUsed: { readonly w: number; readonly b: number } }
  | {
      readonly kind: 'start';
      readonly color: Color;
      readonly timeUsed: { readonly w: number; readonly b: number };
    };

export interface Step {
  readonly state: AdjournmentState;
  readonly clock: ClockEffect;
}

export type AdjournmentErrorCode =
  | 'gameNotRunning'
  | 'notAllowed'
  | 'illegalSealedMove'
  | 'emptySealedMove'
  | 'noSealedMove'
  | 'alreadySealed'
  | 'notSealed'
  | 'notAwaitingReplier'
  | 'badPosition';

export interface AdjournmentError {
  readonly code: AdjournmentErrorCode;
  readonly message: string;
}

const fail = (code: AdjournmentErrorCode, message: string) => err<AdjournmentError>({ code, message });
const NO_CLOCK: ClockEffect = { kind: 'none' };

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

export interface BeginSealing {
  readonly fen: string;
  readonly white: string;
  readonly black: string;
  readonly timeUsed: { readonly w: number; readonly b: number };
  readonly by: Role;
  readonly seats: { readonly blindColor: Color; readonly assistantMayAdjourn: boolean };
  readonly rules: AdjournmentRules;
  readonly now: number;
}

/**
 * The session ends (or the player asks to adjourn): the player having the move starts sealing.
 * The clock keeps running while he thinks (000 Art 15.1: he stops it only after sealing).
 */
export function beginSealing(input: BeginSealing): Result<Step, AdjournmentError> {
  const position = inspect(input.fen);
  if (!position.ok) return fail('badPosition', position.error.message);
  const p = position.value;
  if (p.checkmate || p.stalemate) return fail('gameNotRunning', 'The game is already over.');
  if (!canWriteSealedMove(input.by, p.turn, input.seats))
    return fail('notAllowed', 'Only the player having the move, or his assistant, seals the move.');
  const envelope: Envelope = {
    white: input.white,
    black: input.black,
    fenBefore: p.fen,
    timeUsed: input.timeUsed,
    sealer: p.turn,
    moveNumber: p.fullmoveNumber,
    writtenBy: input.by,
  };
  return ok({
    state: {
      phase: 'sealing',
      envelope,
      rules: input.rules,
      sealed: null,
      custody: [{ at: input.now, by: input.by, action: 'sealingBegun' }],
    },
    clock: NO_CLOCK,
  });
}

/**
 * Writes (or changes) the sealed move. Allowed until the clock is stopped (E88/E93 13.1; 000 Interp
 * 15.1 (1966)). A structured move must be legal in the position (GR-73); free text is kept as
 * written and judged at resumption.
 */
export function writeSealedMove(
  state: AdjournmentState,
  sealed: SealedMove,
  by: Role,
  seats: { readonly blindColor: Color; readonly assistantMayAdjourn: boolean },
  now: number,
): Result<Step, AdjournmentError> {
  if (state.phase !== 'sealing')
    return fail('alreadySealed', 'The clock is stopped: the sealed move can no longer change.');
  if (!canWriteSealedMove(by, state.envelope.sealer, seats))
    return fail('notAllowed', 'Only the player having the move, or his assistant, writes the sealed move.');
  let entry: SealedMove = sealed;
  if (sealed.kind === 'move') {
    const move = findMove(state.envelope.fenBefore, sealed.uci);
    if (!move.ok) return fail('illegalSealedMove', 'That move is not legal in this position.');
    entry = { kind: 'move', uci: move.value.uci };
  } else if (sealed.text.trim() === '') {
    return fail('emptySealedMove', 'The sealed move is empty.');
  }
  const action = state.sealed === null ? 'moveWritten' : 'moveChanged';
  return ok({
    state: { ...state, sealed: entry, custody: [...state.custody, { at: now, by, action }] },
    clock: NO_CLOCK,
  });
}

export interface StopClock {
  readonly by: Role;
  readonly seats: { readonly blindColor: Color; readonly assistantMayAdjourn: boolean };
  readonly now: number;
  /** The sealer's time used when he stops the clock. */
  readonly timeUsed: { readonly w: number; readonly b: number };
  /** Session time still left when the clock is stopped (E93 13.1(b): added if adjourning early). */
  readonly sessionTimeLeft: number;
}

/**
 * The sealer stops the clock without starting the opponent's (E93 13.1(a)); from now on the move is
 * fixed and unreadable. Under E93 13.1(b) adjourning before the end of the session adds the whole
 * remaining session time to the sealer's used time (checklist 76).
 */
export function stopClockAndSeal(state: AdjournmentState, input: StopClock): Result<Step, AdjournmentError> {
  if (state.phase !== 'sealing') return fail('alreadySealed', 'The move is already sealed.');
  if (!canWriteSealedMove(input.by, state.envelope.sealer, input.seats))
    return fail('notAllowed', 'Only the sealer, or his assistant, stops the clock.');
  if (state.sealed === null) return fail('noSealedMove', 'Write the sealed move before stopping the clock.');
  const sealer = state.envelope.sealer;
  const early = Math.max(0, input.sessionTimeLeft);
  const penalty = state.rules.earlyAdjournment === 'remainingSessionTimeAdded' ? early : 0;
  const used = { ...input.timeUsed, [sealer]: input.timeUsed[sealer] + penalty };
  const envelope: Envelope = { ...state.envelope, timeUsed: used };
  return ok({
    state: {
      phase: 'sealed',
      envelope,
      rules: state.rules,
      sealed: state.sealed,
      custody: [
        ...state.custody,
        { at: input.now, by: input.by, action: 'clockStopped' },
        { at: input.now, by: 'arbiter', action: 'envelopeHeld' },
      ],
    },
    clock: { kind: 'stopBoth', timeUsed: used },
  });
}

export interface Resume {
  /** Whether the player who must reply to the sealed move is present (000 Art 16; 003/001 Art 14). */
  readonly replierPresent: boolean;
  readonly by: Role;
  readonly now: number;
}

/**
 * Resumption: the position before the sealed move and the times used are set up again (the
 * envelope holds both). With the replier present the envelope is opened at once; if he is absent
 * his clock is started and the envelope waits for him (E93 14.3).
 */
export function resume(state: AdjournmentState, input: Resume): Result<Step, AdjournmentError> {
  if (state.phase !== 'sealed') return fail('notSealed', 'There is no sealed envelope to open.');
  const custody = [...state.custody, { at: input.now, by: input.by, action: 'resumptionBegun' } as const];
  if (input.replierPresent) return ok(open({ ...state, custody }, input.by, input.now));
  const replier = other(state.envelope.sealer);
  return ok({
    state: {
      phase: 'awaitingReplier',
      envelope: state.envelope,
      rules: state.rules,
      sealed: state.sealed,
      custody: [...custody, { at: input.now, by: input.by, action: 'replierClockStarted' }],
      replierClockSince: input.now,
    },
    clock: { kind: 'start', color: replier, timeUsed: state.envelope.timeUsed },
  });
}

/**
 * The absent replier arrives: his clock is stopped (the time he was away stays on it), the envelope
 * is opened, the sealed move played and his clock restarted (E93 14.3).
 */
export function replierArrives(
  state: AdjournmentState,
  input: { readonly by: Role; readonly now: number },
): Result<Step, AdjournmentError> {
  if (state.phase !== 'awaitingReplier')
    return fail('notAwaitingReplier', 'No envelope is waiting for the replier.');
  const replier = other(state.envelope.sealer);
  const away = Math.max(0, input.now - state.replierClockSince);
  const timeUsed = { ...state.envelope.timeUsed, [replier]: state.envelope.timeUsed[replier] + away };
  return ok(
    open(
      {
        phase: 'sealed',
        envelope: { ...state.envelope, timeUsed },
        rules: state.rules,
        sealed: state.sealed,
        custody: state.custody,
      },
      input.by,
      input.now,
    ),
  );
}

/**
 * A resignation or an agreed draw before the envelope is opened stands whatever the sealed move
 * turns out to be (003/001 Art 14.2; 000 Interp 16.2 (1974); checklist 71). The move is never revealed.
 */
export function endBeforeOpening(
  state: AdjournmentState,
  end: EarlyEnd,
  input: { readonly by: Role; readonly now: number },
): Result<Step, AdjournmentError> {
  if (state.phase !== 'sealed' && state.phase !== 'awaitingReplier')
    return fail('notSealed', 'The game is not adjourned with a sealed envelope.');
  return ok({
    state: {
      phase: 'ended',
      envelope: state.envelope,
      rules: state.rules,
      end,
      custody: [...state.custody, { at: input.now, by: input.by, action: 'gameEndedBeforeOpening' }],
    },
    clock: { kind: 'stopBoth', timeUsed: state.envelope.timeUsed },
  });
}

function open(state: Extract<AdjournmentState, { phase: 'sealed' }>, by: Role, now: number): Step {
  const verdict = judgeSealedMove(state.envelope.fenBefore, state.sealed, state.rules);
  const replier = other(state.envelope.sealer);
  const timeUsed = state.envelope.timeUsed;
  const clock: ClockEffect =
    verdict.kind === 'played' && !verdict.move.mate
      ? { kind: 'start', color: replier, timeUsed }
      : { kind: 'stopBoth', timeUsed };
  return {
    state: {
      phase: 'opened',
      envelope: state.envelope,
      rules: state.rules,
      sealed: state.sealed,
      verdict,
      custody: [...state.custody, { at: now, by, action: 'envelopeOpened' }],
    },
    clock,
  };
}

const other = (c: Color): Color => (c === 'w' ? 'b' : 'w');

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
export function judgeSealedMove(fen: string, sealed: SealedMove, rules: AdjournmentRules): SealedVerdict {
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

/** What one role may see of an adjournment (GR-71: the move is hidden from everyone until opened). */
export interface AdjournmentView {
  readonly phase: AdjournmentState['phase'];
  readonly sealer: Color;
  readonly moveNumber: number;
  readonly fenBefore: string;
  readonly timeUsed: { readonly w: number; readonly b: number };
  readonly white: string;
  readonly black: string;
  /** Whether a move has been written (so the sealer knows he may stop the clock). */
  readonly hasSealedMove: boolean;
  /**
   * The sealed move, as written: only for its writer (the sealer and, for the blind player, his
   * assistant) while sealing, and for everyone once the envelope is opened. Null otherwise.
   */
  readonly sealedMove: SealedMove | null;
  /** The custody log: for the arbiter only (it holds the envelope). */
  readonly custody: readonly CustodyEntry[] | null;
}

/** The redacted view of an adjournment for one role. */
export function adjournmentView(
  state: AdjournmentState,
  viewer: Role,
  seats: { readonly blindColor: Color; readonly assistantMayAdjourn: boolean },
): AdjournmentView {
  const sealed = state.phase === 'ended' ? null : state.sealed;
  const writerSees = state.phase === 'sealing' && canWriteSealedMove(viewer, state.envelope.sealer, seats);
  return {
    phase: state.phase,
    sealer: state.envelope.sealer,
    moveNumber: state.envelope.moveNumber,
    fenBefore: state.envelope.fenBefore,
    timeUsed: state.envelope.timeUsed,
    white: state.envelope.white,
    black: state.envelope.black,
    hasSealedMove: sealed !== null,
    sealedMove: writerSees || state.phase === 'opened' ? sealed : null,
    custody: viewer === 'arbiter' ? state.custody : null,
  };
}

/**
 * Someone looks at the envelope (GR-71: access is logged): the access goes into the custody log and
 * the viewer gets his redacted view. Nobody, the arbiter included, reads the move before opening.
 */
export function viewEnvelope(
  state: AdjournmentState,
  viewer: Role,
  seats: { readonly blindColor: Color; readonly assistantMayAdjourn: boolean },
  now: number,
): { readonly state: AdjournmentState; readonly view: AdjournmentView } {
  const next: AdjournmentState = {
    ...state,
    custody: [...state.custody, { at: now, by: viewer, action: 'envelopeViewed' }],
  };
  return { state: next, view: adjournmentView(next, viewer, seats) };
}

/**
 * The game result (the core's `{ winner, reason }`, as the match keeps it) that a verdict or an
 * early end produces, or null when play simply goes on (the sealed move was played and did not end
 * the game) or the arbiter must decide.
 */
export function adjournmentResult(state: AdjournmentState): GameResult | null {
  if (state.phase === 'ended')
    return state.end.kind === 'resigned'
      ? { winner: other(state.end.loser), reason: 'resignation' }
      : { winner: null, reason: 'agreement' };
  if (state.phase !== 'opened') return null;
  const v = state.verdict;
  if (v.kind === 'loss') return { winner: other(v.loser), reason: 'invalidSealedMove' };
  if (v.kind === 'draw') return { winner: null, reason: 'invalidSealedMove' };
  if (v.kind === 'played') {
    const after = inspect(v.move.fenAfter);
    if (after.ok && after.value.checkmate) return { winner: v.move.color, reason: 'checkmate' };
    if (after.ok && after.value.stalemate) return { winner: null, reason: 'stalemate' };
  }
  return null;
}

/** Both players' time used on the core clock at `now` (the envelope's "time used by each player"). */
export function timeUsedOn(clock: Clock, now: number): { readonly w: number; readonly b: number } {
  return { w: timeUsed(clock, 'w', now), b: timeUsed(clock, 'b', now) };
}

/**
 * Applies a step's clock effect to the core clock: stop both clocks and set each side's used time
 * to the envelope's (an early adjournment's session time is charged to the sealer, E93 13.1(b)),
 * then start the replier's clock when the step says so.
 */
export function applyClockEffect(clock: Clock, effect: ClockEffect, now: number): Clock {
  if (effect.kind === 'none') return clock;
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
