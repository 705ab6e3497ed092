/**
 * The shape of one intent's handler (`{ authorize, apply, when }`) and the building blocks every
 * handler shares: the outcome of applying an intent, the evidence log and the end of the game.
 * The table of handlers is `handlers.ts`; each concern (board, relay, claims, …) is one module.
 */
import { currentFen, scoreOf, stop, type GameResult, type Result } from '../core/index.ts';
import type { MatchEvent, Refusal } from './events.ts';
import type { IntentKind, IntentOf } from './intents.ts';
import type { LogEntry, LoggedRefusal, LogSubject, MatchState, Role } from './types.ts';

/** The next state and what happened. */
export interface Reduction {
  readonly state: MatchState;
  readonly events: readonly MatchEvent[];
}

/** Who acts: a role, or Twinboard itself (automatic relay, read-back, the arbiter's automation). */
export type Actor = Role | 'twinboard';

/** What applying an intent gives: the next state and its events, or a refusal (state unchanged). */
export type Outcome =
  | { readonly ok: true; readonly state: MatchState; readonly events: MatchEvent[] }
  | { readonly ok: false; readonly refusal: Refusal };

/** No events (shared: the events of a reduction are never written to once it has returned them). */
export const NO_EVENTS: readonly MatchEvent[] = [];

export const done = (state: MatchState, events: readonly MatchEvent[] = []): Outcome => ({
  ok: true,
  state,
  events: [...events],
});
/** `done` with events the caller has just made and hands over: they are not copied again. */
export const doneWith = (state: MatchState, events: MatchEvent[]): Outcome => ({ ok: true, state, events });
export const no = (code: Refusal['code'], message: string, extra: Partial<Refusal> = {}): Outcome => ({
  ok: false,
  refusal: { code, message, ...extra },
});

/** When an intent can be applied (omitted: only while the game is played and nothing holds it). */
export interface When {
  /** Also before the start and after the end (participants, settings, queries). */
  readonly anyPhase?: true;
  /** Moves the game on: not while a claim is decided, the clocks are stopped or a move is sealed. */
  readonly boardWork?: true;
  /** Still possible while the boards differ and the correction waits for confirmation. */
  readonly duringDiscrepancy?: true;
  /** Not while the sealed move is being written. */
  readonly notWhileSealing?: true;
  /** Still possible once the game is adjourned (003/001 Art 14.2). */
  readonly whileAdjourned?: true;
}

/** One intent kind's handler: the role's right to it, then the rules of play. */
export interface Handler<K extends IntentKind> {
  /** Whether the intent's role may do this at all (BL-04, BL-29, GR-63…); game rules come after. */
  readonly authorize: (state: MatchState, intent: IntentOf<K>) => Result<void, Refusal>;
  readonly apply: (state: MatchState, intent: IntentOf<K>, now: number) => Outcome;
  readonly when?: When;
}

/** A handler for every intent kind. */
export type Handlers = { readonly [K in IntentKind]: Handler<K> };

/**
 * The state with some fields changed: `{ ...state, ...changes }`, but copied field by field, which
 * costs a tenth of a spread of this many fields (issue 14). Fields in the order `createMatch` makes.
 */
export function withMatch(state: MatchState, changes: Partial<MatchState>): MatchState {
  const next: { -readonly [K in keyof MatchState]: MatchState[K] } = {
    setup: state.setup,
    participants: state.participants,
    phase: state.phase,
    boards: state.boards,
    scores: state.scores,
    plies: state.plies,
    earlyRepetition: state.earlyRepetition,
    relayHand: state.relayHand,
    declaredMove: state.declaredMove,
    boundPiece: state.boundPiece,
    readySince: state.readySince,
    clock: state.clock,
    clockAtStart: state.clockAtStart,
    drawOffer: state.drawOffer,
    claim: state.claim,
    discrepancy: state.discrepancy,
    stoppedBy: state.stoppedBy,
    flagged: state.flagged,
    result: state.result,
    adjournment: state.adjournment,
    sessionStartedAt: state.sessionStartedAt,
    touchNaming: state.touchNaming,
    annulled: state.annulled,
    log: state.log,
  };
  return Object.assign(next, changes);
}

export function addLog(
  state: MatchState,
  at: number,
  by: Actor,
  what: string,
  detail: string,
  refused: boolean,
  subject?: LogSubject,
  refusal?: Refusal,
): MatchState {
  const entry = logLine(state.log.length + 1, at, by, what, detail, refused, subject, refusal);
  return withMatch(state, { log: state.log.with(entry) });
}

/**
 * `addLog(withMatch(state, changes), at, by, what, detail, false)` making one state, not two
 * (issue 14). `changes` is a fresh literal of the caller's; the log is added to it.
 */
export function withMatchLogged(
  state: MatchState,
  changes: { -readonly [K in keyof MatchState]?: MatchState[K] },
  at: number,
  by: Actor,
  what: string,
  detail: string,
): MatchState {
  changes.log = state.log.with(
    logLine(state.log.length + 1, at, by, what, detail, false, undefined, undefined),
  );
  return withMatch(state, changes);
}

/**
 * `withMatchLogged` with the line held back in `lines` (a list of the caller's, written by
 * `withLines`): a completed move logs its repetition and its execution one after the other, and
 * each line would otherwise copy the whole log (issue 14). The line is numbered after those held.
 */
export function withMatchLoggedLater(
  state: MatchState,
  changes: Partial<MatchState>,
  lines: LogEntry[],
  at: number,
  by: Actor,
  what: string,
  detail: string,
): MatchState {
  const seq = state.log.length + lines.length + 1;
  lines.push(logLine(seq, at, by, what, detail, false, undefined, undefined));
  return withMatch(state, changes);
}

/** The state with the lines held back in `lines` written to its log (the list is emptied). */
export function withLines(state: MatchState, lines: LogEntry[]): MatchState {
  if (lines.length === 0) return state;
  const log = state.log.concat(lines);
  lines.length = 0;
  return withMatch(state, { log });
}

/**
 * `withLines` for a state the caller has just made and holds alone: its log is replaced in place
 * (with a new list: an earlier state may hold the old one).
 */
export function intoLog(made: MatchState, lines: LogEntry[]): MatchState {
  if (lines.length === 0) return made;
  (made as { log: MatchState['log'] }).log = made.log.concat(lines);
  lines.length = 0;
  return made;
}

/**
 * `addLog` for the last line of a reduction that began from `before`. A state other than `before`
 * was made during this reduction (handlers are given the state and make new ones, and no state
 * holds another), so it is held by nothing outside it: its log is replaced in place instead of the
 * whole state being copied again for it (issue 14). The log itself is a new list (`with`), as
 * an earlier state may hold the old one. The caller returns the state it gets, and the reduction's
 * other states are dropped.
 */
export function addLastLog(
  state: MatchState,
  before: MatchState,
  at: number,
  by: Actor,
  what: string,
  detail: string,
  refused: boolean,
  subject?: LogSubject,
  refusal?: Refusal,
): MatchState {
  if (state === before) return addLog(state, at, by, what, detail, refused, subject, refusal);
  const line = logLine(state.log.length + 1, at, by, what, detail, refused, subject, refusal);
  (state as { log: MatchState['log'] }).log = state.log.with(line);
  return state;
}

function logLine(
  seq: number,
  at: number,
  by: Actor,
  what: string,
  detail: string,
  refused: boolean,
  subject: LogSubject | undefined,
  refusal: Refusal | undefined,
): LogEntry {
  // Built field by field in the order of LogEntry (conditional spreads cost on every intent).
  const entry: { -readonly [K in keyof LogEntry]: LogEntry[K] } = { seq, at, by, what, detail, refused };
  if (subject) entry.subject = subject;
  if (refusal) {
    const logged: { -readonly [K in keyof LoggedRefusal]: LoggedRefusal[K] } = { code: refusal.code };
    if (refusal.reason) logged.reason = refusal.reason;
    if (refusal.piece) logged.piece = refusal.piece.type;
    entry.refusal = logged;
  }
  return entry;
}

/** The position both boards should show: the blind player's board unless a difference is open. */
export function agreedFen(state: MatchState): string {
  return currentFen(state.boards.blind.game);
}

export function endGame(state: MatchState, result: GameResult, now: number): Reduction {
  const score = scoreOf(result);
  // 003/001 Art 14.2: a resignation or agreed draw before the envelope is opened stands; the
  // sealed move is never revealed.
  const s: MatchState = withMatchLogged(
    state,
    { phase: 'over', result, clock: stop(state.clock, now), drawOffer: null, adjournment: null },
    now,
    'twinboard',
    'gameEnded',
    `${score} ${result.reason}`,
  );
  return {
    state: s,
    events: [{ type: 'gameEnded', result, score, audience: 'everyone' }],
  };
}
