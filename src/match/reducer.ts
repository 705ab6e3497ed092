/**
 * The match reducer: `reduce(state, intent, now) → { state, events }`, the one path from an intent
 * (keyboard, voice, click or network) to the next state. It checks the role's rights (`authorize`),
 * runs the move lifecycle on the mover's own board (core aperture), completes plies at the clock
 * press, relays them to the other board (BL-24), compares the twin boards and scores after every
 * execution (BL-25) and runs the rule 7 / rule 8 corrections (BL-26, BL-27), the draw offers, claims,
 * clock interventions and queries. Every accepted or refused intent is written to the evidence log.
 */
import {
  adjustClock as adjustCoreClock,
  agreeDraw,
  applyStep,
  boardOutcome,
  chargeTime,
  checkFloors,
  claimFiftyMoves,
  claimRepetition,
  classifyDrawOffer,
  currentFen,
  findMove,
  flagFallen,
  flagResult,
  giveTime,
  insufficientMaterial,
  legalMoves as legalMovesOf,
  missingForClock,
  parseMoveInfo,
  moveInHand,
  movesMade,
  openClaim,
  press,
  proportionalTimes,
  readClock,
  receiveMove,
  resign as resignResult,
  scoreOf,
  settleClaim,
  squareColor,
  start,
  stop,
  touchClaimAllowed,
  type ApertureEvent,
  type ApertureStep,
  type Color,
  type Clock,
  type Game,
  type GameResult,
  type MoveInfo,
} from '../core/index.ts';
import {
  applyClockEffect,
  judgeSealedMove,
  timeUsedOn,
  type Envelope,
  type SealedMove,
  type SealedVerdict,
} from './adjournment.ts';
import { authorize } from './authorize.ts';
import type { Answer, AnnouncedMove, MatchEvent, Refusal } from './events.ts';
import { INTENT_KINDS, parseIntent, type Intent, type IntentOf } from './intents.ts';
import {
  awaitingAnnouncement,
  awaitingExecution,
  awaitingRepetition,
  moverSeat,
  relaysAutomatically,
  seatOfPly,
  twinsComplete,
} from './progress.ts';
import {
  apertureFor,
  clockAfterMoves,
  colorOf,
  dutiesOf,
  hasAccessibleBoard,
  opposite,
  otherSeat,
  profileOf,
  seatOf,
  seatOfRole,
  seersOf,
  turnOf,
} from './setup.ts';
import {
  ROLES,
  type Discrepancy,
  type MatchAdjournment,
  type MatchState,
  type PendingClaim,
  type PlayerRole,
  type PlyRecord,
  type Role,
} from './types.ts';

/** The next state and what happened. */
export interface Reduction {
  readonly state: MatchState;
  readonly events: readonly MatchEvent[];
}

type Actor = Role | 'twinboard';
type Outcome =
  | { readonly ok: true; readonly state: MatchState; readonly events: MatchEvent[] }
  | { readonly ok: false; readonly refusal: Refusal };

const done = (state: MatchState, events: MatchEvent[] = []): Outcome => ({ ok: true, state, events });
const no = (code: Refusal['code'], message: string, extra: Partial<Refusal> = {}): Outcome => ({
  ok: false,
  refusal: { code, message, ...extra },
});

/**
 * Applies one intent at time `now` (ms). Never throws on user input: a refused intent leaves the
 * game unchanged (apart from its line in the evidence log) and yields one `refused` event for the
 * role that tried.
 */
export function reduce(state: MatchState, input: Intent, now: number): Reduction {
  // Keyboard and voice build intents in code; the network's come from outside: check them all.
  const parsed = parseIntent(input);
  if (!parsed.ok) {
    const by = (ROLES as readonly unknown[]).includes(input?.by) ? input.by : 'spectator';
    const kind = (INTENT_KINDS as readonly unknown[]).includes(input?.kind) ? input.kind : 'query';
    const refusal: Refusal = { code: 'badIntent', message: parsed.error.message };
    return {
      state: addLog(state, now, by, String(kind), refusal.message, true),
      events: [{ type: 'refused', intent: kind, by, refusal, audience: [by] }],
    };
  }
  const intent = parsed.value;
  const observed = observe(state, now);
  const base = observed.state;
  const auth = authorize(base, intent);
  const outcome = auth.ok ? apply(base, intent, now) : ({ ok: false, refusal: auth.error } as const);
  if (!outcome.ok) {
    const logged = addLog(base, now, intent.by, intent.kind, outcome.refusal.message, true);
    return {
      state: logged,
      events: [
        ...observed.events,
        {
          type: 'refused',
          intent: intent.kind,
          by: intent.by,
          refusal: outcome.refusal,
          audience: [intent.by],
        },
      ],
    };
  }
  // Queries leave no trace in the state except the log (answered only to the asker, BL-31).
  const logged = addLog(outcome.state, now, intent.by, intent.kind, describeIntent(intent), false);
  return { state: logged, events: [...observed.events, ...outcome.events] };
}

/**
 * Lets time pass: presses the clock where the automatic press is configured and its window has
 * passed (BL-13), signals a flag that has fallen by `now` (GR-61) and, with an arbiter present (who
 * "observes the fact", 000 Interp 14.4 (1974)), ends the game. Screens call it from their timer;
 * `reduce` calls it first on every intent.
 */
export function observe(state: MatchState, now: number): Reduction {
  if (state.phase !== 'playing') return { state, events: [] };
  const pressed = autoPress(state, now);
  let s = pressed.state;
  const events: MatchEvent[] = [...pressed.events];
  for (const side of ['w', 'b'] as const) {
    if (s.flagged[side] || !flagFallen(s.clock, side, now)) continue;
    s = { ...s, flagged: { ...s.flagged, [side]: true } };
    s = addLog(s, now, 'twinboard', 'flagFell', side, false);
    events.push({ type: 'flagFell', color: side, audience: 'everyone' });
    if (s.participants.arbiter) {
      const ended = endGame(s, flagResult(agreedFen(s), side, profileOf(s)), now);
      s = ended.state;
      events.push(...ended.events);
      break;
    }
  }
  return { state: s, events };
}

function describeIntent(intent: Intent): string {
  // GR-71: the evidence log (which the arbiter reads) never holds the sealed move.
  if (intent.kind === 'sealMove') return 'sealed move written';
  const { by: _by, kind: _kind, ...rest } = intent;
  return JSON.stringify(rest);
}

function addLog(
  state: MatchState,
  at: number,
  by: Actor,
  what: string,
  detail: string,
  refused: boolean,
): MatchState {
  const seq = state.log.length + 1;
  return { ...state, log: [...state.log, { seq, at, by, what, detail, refused }] };
}

/** The position both boards should show: the blind player's board unless a difference is open. */
function agreedFen(state: MatchState): string {
  return currentFen(state.boards.blind.game);
}

// ---------------------------------------------------------------------------------------------

const BOARD_INTENTS = new Set<Intent['kind']>([
  'lift',
  'removeCaptured',
  'returnCaptured',
  'place',
  'choosePromotion',
  'touch',
  'move',
  'jAdoube',
  'correctAnnouncement',
  'pressClock',
]);

function apply(state: MatchState, intent: Intent, now: number): Outcome {
  const always = applyAnyPhase(state, intent, now);
  if (always) return always;
  if (state.phase === 'setup') return no('notStarted', 'The game has not started.');
  if (state.phase === 'over') return no('gameOver', 'The game is over.');
  if (
    state.discrepancy &&
    ![
      'confirmCorrection',
      'resign',
      'penalize',
      'adjustClock',
      'offerDraw',
      'acceptDraw',
      'declineDraw',
    ].includes(intent.kind)
  )
    return no('discrepancyOpen', 'The boards differ; the correction must be confirmed first.');
  const busy =
    BOARD_INTENTS.has(intent.kind) ||
    intent.kind === 'announce' ||
    intent.kind === 'repeat' ||
    intent.kind === 'execute';
  if (busy && state.claim) return no('claimOpen', 'A claim is being decided.');
  const gate = adjournmentGate(state, intent, busy);
  if (gate) return gate;
  if (busy && state.stoppedBy) return no('clocksStopped', 'The clocks are stopped.');

  switch (intent.kind) {
    case 'lift':
      return boardStep(state, intent.by, { type: 'lift', square: intent.square }, now);
    case 'removeCaptured':
      return boardStep(state, intent.by, { type: 'removeCaptured', square: intent.square }, now);
    case 'returnCaptured':
      return boardStep(state, intent.by, { type: 'returnCaptured', square: intent.square }, now);
    case 'place':
      return boardStep(state, intent.by, { type: 'place', square: intent.square }, now);
    case 'choosePromotion':
      return boardStep(state, intent.by, { type: 'choosePromotion', piece: intent.piece }, now);
    case 'touch': {
      // Selecting an own piece picks it up; touching an opponent's piece only records the touch
      // (Art 7.2(b)) — on the sighted board it stays where it is until captured.
      const seat = seatOfRole(intent.by);
      const piece = seat ? state.boards[seat].aperture.board.get(intent.square) : undefined;
      const own = seat !== null && piece?.color === colorOf(state.setup, seat);
      return boardStep(
        state,
        intent.by,
        own || !piece
          ? { type: 'lift', square: intent.square }
          : { type: 'touchTogether', squares: [intent.square] },
        now,
      );
    }
    case 'jAdoube':
      return boardStep(state, intent.by, { type: 'declareJAdoube' }, now);
    case 'move':
      return doMove(state, intent, now);
    case 'announce':
      return doAnnounce(state, intent, now);
    case 'correctAnnouncement':
      return boardStep(state, intent.by, { type: 'correctAnnouncement', uci: intent.uci }, now);
    case 'pressClock':
      return boardStep(state, intent.by, { type: 'pressClock' }, now);
    case 'repeat':
      return doRepeat(state, intent, now);
    case 'execute':
      return doExecute(state, intent, now);
    case 'offerDraw':
      return doOfferDraw(state, intent.by as PlayerRole);
    case 'acceptDraw':
    case 'declineDraw':
      return doAnswerDraw(state, intent.by as PlayerRole, intent.kind === 'acceptDraw', now);
    case 'claim':
      return doClaim(state, intent, now);
    case 'reportTouch':
      return doReportTouch(state, intent, now);
    case 'resign': {
      const ended = endGame(state, resignResult(colorOf(state.setup, intent.by as PlayerRole)), now);
      return done(ended.state, [...ended.events]);
    }
    case 'stopClocks':
      return doStopClocks(state, intent.by, now);
    case 'resumeClocks':
      return doResumeClocks(state, intent.by, now);
    case 'confirmCorrection':
      return doConfirmCorrection(state, intent.by, now);
    case 'decideClaim':
      return doDecideClaim(state, intent.upheld, intent.by, now);
    case 'adjustClock':
      return doAdjustClock(state, intent, now);
    case 'penalize':
      return doPenalize(state, intent, now);
    case 'sealMove':
      return doSealMove(state, intent, now);
    case 'adjourn':
      return doAdjourn(state, intent.by, now);
    case 'resume':
      return doResume(state, intent, now);
    default:
      return no('notEntitled', 'This cannot be done now.');
  }
}

/** Intents that work in every phase: participants, settings, queries, the start. */
function applyAnyPhase(state: MatchState, intent: Intent, now: number): Outcome | null {
  switch (intent.kind) {
    case 'join':
      return done({ ...state, participants: { ...state.participants, [intent.role]: true } }, [
        { type: 'joined', role: intent.role, audience: 'everyone' },
      ]);
    case 'leave':
      if (intent.role === 'blind' || intent.role === 'sighted')
        return no('notEntitled', 'A player does not leave the game; he may resign.');
      return done({ ...state, participants: { ...state.participants, [intent.role]: false } }, [
        { type: 'left', role: intent.role, audience: 'everyone' },
      ]);
    case 'setTwinBoards':
      // BL-01: a demand for two boards cannot be refused, so it cannot be withdrawn either.
      if (!intent.on && state.setup.twinBoards)
        return no('fixedSetting', 'Two boards have been demanded; the demand stands.');
      return done({ ...state, setup: { ...state.setup, twinBoards: state.setup.twinBoards || intent.on } }, [
        {
          type: 'twinBoardsSet',
          on: state.setup.twinBoards || intent.on,
          by: intent.by,
          audience: 'everyone',
        },
      ]);
    case 'overrideSetting':
      return doOverride(state, intent);
    case 'query':
      return doQuery(state, intent, now);
    case 'startGame':
      return doStart(state, now);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The move lifecycle on the mover's own board.

function boardStep(state: MatchState, by: Role, step: ApertureStep, now: number): Outcome {
  // The mover's own board (his assistant acts on the same board, r.9(b)(c)).
  const seat = seatOfRole(by);
  if (!seat) return no('notAuthorized', 'Only the players act on the boards.');
  if (colorOf(state.setup, seat) !== turnOf(state)) {
    const justMoved = state.plies.at(-1)?.color === colorOf(state.setup, seat);
    if (step.type === 'pressClock' && justMoved)
      return no('alreadyPressed', 'The clock has already been pressed for this move.');
    if (step.type === 'correctAnnouncement' && justMoved)
      return no(
        'alreadyPressed',
        'The clock has been pressed; the announcement can no longer be corrected (r.6).',
      );
    return no('notYourTurn', 'It is not your move.');
  }
  if (state.boards[seat].game.moves.length < state.plies.length)
    return no('boardBehind', 'The opponent’s last move has not yet been executed on your board.');
  const board = state.boards[seat];
  const r = applyStep(board.aperture, step, profileOf(state));
  const refusedEvent = r.events.find((e) => e.type === 'refused');
  if (refusedEvent && refusedEvent.type === 'refused') {
    return no(refusedEvent.code, refusedEvent.message, {
      ...(refusedEvent.missing ? { missing: refusedEvent.missing } : {}),
      ...(refusedEvent.obligation ? { obligation: refusedEvent.obligation } : {}),
    });
  }
  let s: MatchState = { ...state, boards: { ...state.boards, [seat]: { ...board, aperture: r.state } } };
  if (step.type === 'correctAnnouncement') s = { ...s, earlyRepetition: null };
  const events = mapApertureEvents(s, seat, by, board.aperture.fen, r.events);
  const completed = r.events.find((e) => e.type === 'moveCompleted');
  if (completed && completed.type === 'moveCompleted') {
    const c = completePly(s, seat, completed.move, by, board.aperture.announced, 'press', now);
    return done(c.state, [...events, ...c.events]);
  }
  const ending = immediateEnding(s, seat, by, now);
  return done(trackReadiness(ending.state, seat, step, now), [...events, ...ending.events]);
}

/** Notes since when the move in progress is ready for the clock (BL-13 CONFIG); a correction restarts the window. */
function trackReadiness(state: MatchState, seat: PlayerRole, step: ApertureStep, now: number): MatchState {
  // The automatic press is a configuration of the VH player's clock only (BL-13).
  if (state.phase !== 'playing' || moverSeat(state) !== seat || !hasAccessibleBoard(state.setup, seat))
    return state.readySince === null ? state : { ...state, readySince: null };
  const aperture = state.boards[seat].aperture;
  const ready = aperture.placements.length > 0 && missingForClock(aperture).length === 0;
  if (!ready) return state.readySince === null ? state : { ...state, readySince: null };
  const restart = state.readySince === null || step.type === 'correctAnnouncement';
  return restart ? { ...state, readySince: now } : state;
}

/** BL-13 CONFIG: the automatic clock press once the correction window has passed. */
function autoPress(state: MatchState, now: number): Reduction {
  const delay = state.setup.autoPressAfterMs;
  const since = state.readySince;
  if (delay === null || since === null || now < since + delay) return { state, events: [] };
  if (state.discrepancy || state.claim || state.stoppedBy || state.clock.running === null)
    return { state, events: [] };
  const seat = moverSeat(state);
  const board = state.boards[seat];
  const at = since + delay;
  const r = applyStep(board.aperture, { type: 'pressClock' }, profileOf(state));
  const completed = r.events.find((e) => e.type === 'moveCompleted');
  if (!completed || completed.type !== 'moveCompleted')
    return { state: { ...state, readySince: null }, events: [] };
  const s: MatchState = {
    ...state,
    readySince: null,
    boards: { ...state.boards, [seat]: { ...board, aperture: r.state } },
  };
  return completePly(s, seat, completed.move, 'twinboard', board.aperture.announced, 'press', at);
}

/** The aperture's events as match events, tagged with the seat, colour and audience. */
function mapApertureEvents(
  state: MatchState,
  seat: PlayerRole,
  by: Role,
  fenBefore: string,
  events: readonly ApertureEvent[],
): MatchEvent[] {
  const color = colorOf(state.setup, seat);
  const seers = seersOf(state, seat);
  const out: MatchEvent[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'refused':
      case 'clockPressed':
      case 'moveCompleted':
      case 'moveReceived':
        break;
      case 'jAdoubeDeclared':
        // BL-10: the adjustment must be announced to the opponent.
        out.push({ type: 'jAdoubeDeclared', seat, color, audience: 'everyone' });
        break;
      case 'announced': {
        const facts = announcedFacts(fenBefore, e.uci);
        if (facts)
          out.push({ type: 'announced', seat, color, by, ply: null, ...facts, audience: 'everyone' });
        break;
      }
      case 'announcementCorrected':
        out.push({
          type: 'announcementCorrected',
          seat,
          color,
          previous: e.previous,
          uci: e.uci,
          san: e.san,
          fen: fenBefore,
          by,
          audience: 'everyone',
        });
        break;
      default:
        out.push({ ...e, seat, color, audience: seers });
    }
  }
  return out;
}

function announcedFacts(fen: string, uci: string): AnnouncedMove | null {
  const m = findMove(fen, uci);
  if (!m.ok) return null;
  return factsOf(m.value);
}

function factsOf(m: MoveInfo): AnnouncedMove {
  return {
    uci: m.uci,
    san: m.san,
    fen: m.fenBefore,
    capture: m.captured !== undefined,
    enPassant: m.enPassant,
    ...(m.castle ? { castle: m.castle } : {}),
    ...(m.promotion ? { promotion: m.promotion } : {}),
    check: m.check,
    mate: m.mate,
  };
}

/** The sighted player's click or drag (and a typed or spoken move on an aperture board): lift, place, promote. */
function doMove(state: MatchState, intent: IntentOf<'move'>, now: number): Outcome {
  const text = intent.uci.trim().toLowerCase();
  if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text)) return no('badMove', `“${intent.uci}” is not a move.`);
  const from = text.slice(0, 2);
  const to = text.slice(2, 4);
  const promotion = text.slice(4);
  const seat = seatOfRole(intent.by);
  if (!seat) return no('notAuthorized', 'Only the players move pieces.');
  let s = state;
  const events: MatchEvent[] = [];
  const steps: ApertureStep[] = [];
  const hand = s.boards[seat].aperture.hand;
  // Another piece in the hand goes back first; its touch stays in the ledger (touch-move decides).
  if (hand && hand.from !== from) steps.push({ type: 'place', square: hand.from });
  if (hand?.from !== from) steps.push({ type: 'lift', square: from });
  // One click or one spoken move includes taking the captured piece off (Art 4.3), also where the
  // aperture board asks for that step explicitly (BL-14 CONFIG).
  const aperture = s.boards[seat].aperture;
  const capture = legalMovesOf(aperture.fen).find((m) => m.uci.slice(0, 4) === text.slice(0, 4))?.capturedOn;
  const removed = aperture.removed.some((r) => r.square === capture);
  if (capture && aperture.options.captureRemoval === 'explicit' && !removed)
    steps.push({ type: 'removeCaptured', square: capture });
  steps.push({ type: 'place', square: to });
  if (promotion) steps.push({ type: 'choosePromotion', piece: promotion });
  for (const step of steps) {
    const r = boardStep(s, intent.by, step, now);
    // One intent, one outcome: a refused part leaves the whole move undone.
    if (!r.ok) return r;
    s = r.state;
    events.push(...r.events);
  }
  return done(s, events);
}

/**
 * Endings that stand as soon as the move is executed, even before the clock press (003/001 Art 6.5;
 * profile `immediateEndings`): mate or stalemate on the mover's board with nothing missing.
 */
function immediateEnding(state: MatchState, seat: PlayerRole, by: Role, now: number): Reduction {
  const board = state.boards[seat];
  const profile = profileOf(state);
  if (missingForClock(board.aperture).length > 0) return { state, events: [] };
  const inHand = moveInHand(board.aperture, profile);
  if (!inHand.move) return { state, events: [] };
  const m = findMove(board.aperture.fen, inHand.move.uci);
  if (!m.ok) return { state, events: [] };
  const after = boardOutcome({ startFen: m.value.fenAfter, moves: [] }, profile);
  const reasons = profile.immediateEndings as readonly string[];
  if (
    !after ||
    !(after.reason === 'checkmate' || after.reason === 'stalemate') ||
    !reasons.includes(after.reason)
  )
    return { state, events: [] };
  const pressed = applyStep(board.aperture, { type: 'pressClock' }, profile);
  const next = { ...state, boards: { ...state.boards, [seat]: { ...board, aperture: pressed.state } } };
  return completePly(next, seat, m.value, by, board.aperture.announced, 'ending', now);
}

/**
 * A ply is complete (the clock press, or a mate that ends the game): it goes into the mover's game
 * and score and the log with the clock snapshot (GR-26), is announced and read back where that is
 * automatic, relayed where relay is automatic, the boards are compared, and the board's outcome
 * (mate, stalemate, the profile's automatic draws) is applied.
 */
function completePly(
  state: MatchState,
  seat: PlayerRole,
  move: MoveInfo,
  by: Actor,
  announced: string | null,
  mode: 'press' | 'ending',
  now: number,
): Reduction {
  const color = colorOf(state.setup, seat);
  const events: MatchEvent[] = [];
  let clock: Clock;
  if (mode === 'press') {
    const pressed = press(state.clock, color, now);
    clock = pressed.ok ? pressed.value : state.clock;
  } else clock = stop(state.clock, now);
  const ply = state.plies.length + 1;
  const board = state.boards[seat];
  const game: Game = { startFen: board.game.startFen, moves: [...board.game.moves, move.uci] };
  // The VH player's move was announced on his board; a sighted move is announced by Twinboard
  // (BL-18(a)) unless an assistant with duty (b) does it (assisted relay).
  const aperture = hasAccessibleBoard(state.setup, seat);
  const announcement = aperture ? announced : assistantAnnounces(state) ? null : move.uci;
  const announcedBy: Actor | null = aperture ? by : announcement ? 'twinboard' : null;
  const record: PlyRecord = {
    ply,
    color,
    uci: move.uci,
    san: move.san,
    announced: announcement,
    announcedBy,
    repeated: null,
    repeatedBy: null,
    executed: null,
    executedBy: null,
    completedAt: now,
    clockAfter: clock,
  };
  let s: MatchState = {
    ...state,
    readySince: null,
    clock,
    boards: { ...state.boards, [seat]: { ...board, game } },
    scores: { ...state.scores, [seat]: [...state.scores[seat], move.uci] },
    plies: [...state.plies, record],
  };
  const seers = seersOf(s, seat);
  if (mode === 'press') events.push({ type: 'clockPressed', seat, color, by, ply, audience: seers });
  events.push({ type: 'moveCompleted', seat, color, ply, uci: move.uci, san: move.san, audience: seers });
  if (!aperture && announcement)
    events.push({
      type: 'announced',
      seat,
      color,
      by: 'twinboard',
      ply,
      ...factsOf(move),
      audience: 'everyone',
    });
  // GR-51: completing a move rejects the opponent's pending draw offer.
  if (s.drawOffer && s.drawOffer.by !== color) {
    events.push({ type: 'drawDeclined', color, implicit: true, audience: 'everyone' });
    s = { ...s, drawOffer: null };
  }
  if (announcement) {
    const r = readBack(s, ply, now);
    s = r.state;
    events.push(...r.events);
  }
  const settled = afterExecution(s, now);
  s = settled.state;
  events.push(...settled.events);
  if (s.phase === 'playing' && !s.discrepancy) {
    const outcome = boardOutcome(game, profileOf(s));
    if (outcome) {
      const ended = endGame(s, outcome, now);
      s = ended.state;
      events.push(...ended.events);
    }
  }
  return { state: s, events };
}

/** Whether an assistant present with duty (b) announces the sighted player's moves (r.9(b), r.10). */
function assistantAnnounces(state: MatchState): boolean {
  if (state.setup.relay !== 'assisted') return false;
  return (['blindAssistant', 'sightedAssistant'] as const).some(
    (role) => state.participants[role] && dutiesOf(state.setup, role).includes('announce'),
  );
}

/**
 * The repetition of an announced ply (BL-18): an early explicit one, or — unless explicit
 * repetition is required — the automatic read-back, logged as the repetition (BL-18(c) DEFAULT).
 */
function readBack(state: MatchState, ply: number, now: number): Reduction {
  const record = state.plies[ply - 1];
  if (!record || record.announced === null || record.repeated !== null) return { state, events: [] };
  const early = state.earlyRepetition;
  if (early)
    return recordRepetition({ ...state, earlyRepetition: null }, record, early.uci, early.by, now, false);
  if (state.setup.requireRepetition) return { state, events: [] };
  return recordRepetition(state, record, record.announced, 'twinboard', now, false);
}

function recordRepetition(
  state: MatchState,
  record: PlyRecord,
  uci: string,
  by: Actor,
  now: number,
  emit: boolean,
): Reduction {
  const repeaterSeat = otherSeat(seatOfPly(state, record));
  const updated: PlyRecord = { ...record, repeated: uci, repeatedBy: by };
  const plies = state.plies.map((p) => (p.ply === record.ply ? updated : p));
  const s: MatchState = {
    ...state,
    plies,
    // The repeating player writes the move as he heard it in his own score (BL-24).
    scores: { ...state.scores, [repeaterSeat]: [...state.scores[repeaterSeat], uci] },
  };
  const fen = scoreFen(state, repeaterSeat);
  const events: MatchEvent[] =
    emit || by === 'twinboard'
      ? [
          {
            type: 'repeated',
            ply: record.ply,
            color: colorOf(state.setup, repeaterSeat),
            uci,
            fen,
            by,
            matches: uci === record.announced,
            // The automatic read-back is evidence only; an explicit repetition is heard by all.
            audience: by === 'twinboard' ? ['arbiter'] : 'everyone',
          },
        ]
      : [];
  return { state: addLog(s, now, by, 'repetition', `${record.ply}: ${uci}`, false), events };
}

/** The position of a seat's scoresheet (what he has written), for words and for legality. */
function scoreFen(state: MatchState, seat: PlayerRole): string {
  return currentFen({ startFen: state.setup.startFen, moves: state.scores[seat] });
}

/** After a ply is announced, repeated or executed: relay automatically and compare the twins. */
function afterExecution(state: MatchState, now: number): Reduction {
  let s = state;
  const events: MatchEvent[] = [];
  if (relaysAutomatically(s)) {
    for (const seat of ['blind', 'sighted'] as const) {
      const ply = awaitingExecution(s, seat);
      if (!ply || ply.announced === null || ply.repeated === null) continue;
      const r = executeOn(s, seat, ply, ply.announced, 'twinboard', now);
      if (r.ok) {
        s = r.state;
        events.push(...r.events);
      }
    }
  }
  const compared = compareTwins(s, now);
  return { state: compared.state, events: [...events, ...compared.events] };
}

function executeOn(
  state: MatchState,
  seat: PlayerRole,
  ply: PlyRecord,
  uci: string,
  by: Actor,
  now: number,
): Outcome {
  const board = state.boards[seat];
  const r = receiveMove(board.aperture, uci);
  const refusedEvent = r.events.find((e) => e.type === 'refused');
  if (refusedEvent && refusedEvent.type === 'refused')
    return no('illegalExecution', `${uci} cannot be played on this board: ${refusedEvent.message}`);
  const received = r.events.find((e) => e.type === 'moveReceived');
  const played = received && received.type === 'moveReceived' ? received : null;
  const game: Game = { startFen: board.game.startFen, moves: [...board.game.moves, played?.uci ?? uci] };
  const plies = state.plies.map((p) =>
    p.ply === ply.ply ? { ...p, executed: played?.uci ?? uci, executedBy: by } : p,
  );
  const s: MatchState = { ...state, plies, boards: { ...state.boards, [seat]: { game, aperture: r.state } } };
  return done(addLog(s, now, by, 'execute', `${ply.ply} on ${seat}: ${uci}`, false), [
    {
      type: 'executed',
      ply: ply.ply,
      board: seat,
      uci: played?.uci ?? uci,
      san: played?.san ?? uci,
      by,
      matches: uci === ply.announced,
      audience: 'everyone',
    },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Announcements, repetitions, executions.

function doAnnounce(state: MatchState, intent: IntentOf<'announce'>, now: number): Outcome {
  const waiting = awaitingAnnouncement(state);
  if (waiting) {
    // r.9(b): the assistant announces a completed move.
    const uci = intent.uci?.trim().toLowerCase() ?? waiting.uci;
    if (uci !== waiting.uci)
      return no('announcementMismatch', `The board shows ${waiting.san}; announce that move.`);
    const seat = seatOfPly(state, waiting);
    const fenBefore = currentFen({
      startFen: state.setup.startFen,
      moves: state.boards[seat].game.moves.slice(0, waiting.ply - 1),
    });
    const facts = announcedFacts(fenBefore, uci);
    const plies = state.plies.map((p) =>
      p.ply === waiting.ply ? { ...p, announced: uci, announcedBy: intent.by } : p,
    );
    let s: MatchState = { ...state, plies };
    const events: MatchEvent[] = facts
      ? [
          {
            type: 'announced',
            seat,
            color: waiting.color,
            by: intent.by,
            ply: waiting.ply,
            ...facts,
            audience: 'everyone',
          },
        ]
      : [];
    const rb = readBack(s, waiting.ply, now);
    s = rb.state;
    events.push(...rb.events);
    const after = afterExecution(s, now);
    return done(after.state, [...events, ...after.events]);
  }
  if (state.claim) return no('claimOpen', 'A claim is being decided.');
  if (state.stoppedBy) return no('clocksStopped', 'The clocks are stopped.');
  return boardStep(
    state,
    intent.by,
    intent.uci === undefined ? { type: 'announce' } : { type: 'announce', uci: intent.uci },
    now,
  );
}

function doRepeat(state: MatchState, intent: IntentOf<'repeat'>, now: number): Outcome {
  const seat = intent.by as PlayerRole;
  const waiting = awaitingRepetition(state);
  if (waiting && seatOfPly(state, waiting) !== seat) {
    const uci = (intent.uci ?? waiting.announced ?? '').trim().toLowerCase();
    // The repeating player writes a move that is legal on his own score (he cannot write nonsense).
    if (!findMove(scoreFen(state, seat), uci).ok)
      return no('badMove', `“${uci}” is not a legal move on your score.`);
    const r = recordRepetition(state, waiting, uci, intent.by, now, true);
    const after = afterExecution(r.state, now);
    return done(after.state, [...r.events, ...after.events]);
  }
  // Repeated before the mover pressed his clock: kept and written at the press.
  const mover = moverSeat(state);
  const announced = state.boards[mover].aperture.announced;
  if (mover !== seat && announced !== null && state.setup.requireRepetition) {
    const uci = (intent.uci ?? announced).trim().toLowerCase();
    if (!findMove(state.boards[mover].aperture.fen, uci).ok)
      return no('badMove', `“${uci}” is not a legal move here.`);
    return done({ ...state, earlyRepetition: { uci, by: intent.by } }, [
      {
        type: 'repeated',
        ply: null,
        color: colorOf(state.setup, seat),
        uci,
        fen: state.boards[mover].aperture.fen,
        by: intent.by,
        matches: uci === announced,
        audience: 'everyone',
      },
    ]);
  }
  return no('nothingToRepeat', 'No announced move waits for your repetition.');
}

function doExecute(state: MatchState, intent: IntentOf<'execute'>, now: number): Outcome {
  const target: PlayerRole | null =
    intent.board ??
    (() => {
      const next = state.plies.find((p) => awaitingExecution(state, otherSeat(seatOfPly(state, p))) === p);
      return next ? otherSeat(seatOfPly(state, next)) : null;
    })();
  if (!target) return no('nothingToExecute', 'Every announced move stands on both boards.');
  const ply = awaitingExecution(state, target);
  if (!ply) return no('nothingToExecute', 'Every announced move stands on this board.');
  if (ply.announced === null) return no('nothingToExecute', 'The move has not been announced yet.');
  // r.1: "announced clearly, repeated by the opponent and executed on his board".
  if (ply.repeated === null) return no('notRepeated', 'The move must be repeated before it is executed.');
  const uci = (intent.uci ?? ply.announced).trim().toLowerCase();
  const r = executeOn(state, target, ply, uci, intent.by, now);
  if (!r.ok) return r;
  const compared = compareTwins(r.state, now);
  return done(compared.state, [...r.events, ...compared.events]);
}

// ---------------------------------------------------------------------------------------------
// Twin boards: comparison and the rule 7 / rule 8 corrections.

function sameMoves(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((m, i) => m === b[i]);
}

/** BL-25: after every execution, compare board with board, each board with its owner's score, and the scores. */
function compareTwins(state: MatchState, now: number): Reduction {
  if (!twinsComplete(state) || state.discrepancy) return { state, events: [] };
  const { blind, sighted } = state.boards;
  const differences: string[] = [];
  if (!sameMoves(blind.game.moves, sighted.game.moves)) differences.push('board/board');
  if (!sameMoves(blind.game.moves, state.scores.blind)) differences.push('board/score:blind');
  if (!sameMoves(sighted.game.moves, state.scores.sighted)) differences.push('board/score:sighted');
  const scoresAgree = sameMoves(state.scores.blind, state.scores.sighted);
  if (!scoresAgree) differences.push('score/score');
  if (differences.length === 0) return { state, events: [] };
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
  let s: MatchState = { ...state, clock: stop(state.clock, now), discrepancy };
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
    { type: 'discrepancy', discrepancy, audience: 'everyone' },
  ];
  // GR-96: without an arbiter only the objectively checkable rule-7 reset is automated.
  if (discrepancy.rule === 7 && !s.participants.arbiter) {
    const applied = applyCorrection(s, 'twinboard', now);
    return { state: applied.state, events: [...events, ...applied.events] };
  }
  return { state: s, events };
}

/** The clock as it stood after ply `k` (0 = the start): logged, or proportional within the floors. */
function clockAtPly(
  state: MatchState,
  k: number,
  now: number,
): { clock: Clock; source: 'log' | 'proportional' } {
  const logged = k === 0 ? state.clockAtStart : state.plies[k - 1]?.clockAfter;
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

function applyCorrection(state: MatchState, by: Actor, now: number): Reduction {
  const d = state.discrepancy;
  if (!d) return { state, events: [] };
  const game: Game = { startFen: state.setup.startFen, moves: d.correctedMoves };
  const boards = { ...state.boards };
  for (const seat of d.boardsToReset)
    boards[seat] = { game, aperture: apertureFor(state.setup, seat, currentFen(game)) };
  let s: MatchState = { ...state, boards, discrepancy: null, earlyRepetition: null, readySince: null };
  if (d.rule === 8) {
    s = {
      ...s,
      scores: { blind: d.correctedMoves, sighted: d.correctedMoves },
      plies: state.plies.slice(0, d.correctedMoves.length),
      clock: d.clock ?? s.clock,
    };
    // With the clocks back at earlier readings a flag signalled since may stand again.
    s = { ...s, flagged: { w: flagFallen(s.clock, 'w', now), b: flagFallen(s.clock, 'b', now) } };
  }
  const events: MatchEvent[] = [
    {
      type: 'correctionApplied',
      rule: d.rule,
      plies: d.correctedMoves.length,
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
      s = { ...s, clock: started.value };
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
  const s: MatchState = { ...state, discrepancy: { ...d, agreedBy } };
  const events: MatchEvent[] = [{ type: 'correctionAgreed', by, audience: 'everyone' }];
  if (agreedBy.length < 2) return done(s, events);
  const r = applyCorrection(s, 'twinboard', now);
  return done(r.state, [...events, ...r.events]);
}

// ---------------------------------------------------------------------------------------------
// Draws, claims, resignation, results.

function endGame(state: MatchState, result: GameResult, now: number): Reduction {
  const score = scoreOf(result);
  // 003/001 Art 14.2: a resignation or agreed draw before the envelope is opened stands; the
  // sealed move is never revealed.
  const s: MatchState = {
    ...state,
    phase: 'over',
    result,
    clock: stop(state.clock, now),
    drawOffer: null,
    adjournment: null,
  };
  return {
    state: addLog(s, now, 'twinboard', 'gameEnded', `${score} ${result.reason}`, false),
    events: [{ type: 'gameEnded', result, score, audience: 'everyone' }],
  };
}

function doOfferDraw(state: MatchState, seat: PlayerRole): Outcome {
  if (state.drawOffer) return no('drawOfferOpen', 'A draw offer is open.');
  const color = colorOf(state.setup, seat);
  const toMove = turnOf(state);
  const board = state.boards[seat].aperture;
  // GR-50: the regular offer goes with the move just completed: either the move is ready for the
  // clock press, or it has just been pressed and the opponent has not yet begun.
  const ready = toMove === color && board.placements.length > 0 && missingForClock(board).length === 0;
  const opponentBoard = state.boards[otherSeat(seat)].aperture;
  const justPressed =
    toMove !== color && state.plies.at(-1)?.color === color && opponentBoard.touches.length === 0;
  const timing = classifyDrawOffer(
    { offerer: color, toMove: ready ? opposite(color) : toMove, justMoved: ready || justPressed },
    profileOf(state),
  );
  return done({ ...state, drawOffer: { by: color, atPly: state.plies.length } }, [
    { type: 'drawOffered', color, regular: timing.kind === 'regular', audience: 'everyone' },
  ]);
}

function doAnswerDraw(state: MatchState, seat: PlayerRole, accept: boolean, now: number): Outcome {
  const color = colorOf(state.setup, seat);
  if (!state.drawOffer || state.drawOffer.by === color)
    return no('noDrawOffer', 'There is no draw offer to answer.');
  if (!accept)
    return done({ ...state, drawOffer: null }, [
      { type: 'drawDeclined', color, implicit: false, audience: 'everyone' },
    ]);
  const ended = endGame(state, agreeDraw(), now);
  return done(ended.state, [...ended.events]);
}

function doClaim(state: MatchState, intent: IntentOf<'claim'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is already being decided.');
  const seat = seatOfRole(intent.by);
  if (!seat) return no('notAuthorized', 'Only a player or his assistant claims.');
  const claimant = colorOf(state.setup, seat);
  const profile = profileOf(state);
  const game = state.boards[seat].game;
  const fen = currentFen(game);
  const claimed: MatchEvent = {
    type: 'claimed',
    claim: intent.claim,
    color: claimant,
    by: intent.by,
    move: intent.move ?? null,
    audience: 'everyone',
  };
  if (intent.claim === 'time') {
    // BL-32: without an arbiter the flag counts as fallen when claimed (003/001 Art 12.2).
    const flagged = opposite(claimant);
    const fell = flagFallen(state.clock, flagged, now);
    const decided: MatchEvent = {
      type: 'claimDecided',
      claim: 'time',
      color: claimant,
      upheld: fell,
      by: 'twinboard',
      evidence: [],
      audience: 'everyone',
    };
    if (!fell) return done(state, [claimed, decided]);
    const ended = endGame(state, flagResult(fen, flagged, profile), now);
    return done(ended.state, [claimed, decided, ...ended.events]);
  }
  if (intent.claim === 'insufficientMaterial') {
    const correct = insufficientMaterial(fen);
    return settle(
      state,
      {
        kind: 'insufficientMaterial',
        by: intent.by,
        claimant,
        move: null,
        square: null,
        verified: correct,
        clocksWereRunning: state.clock.running !== null,
      },
      [],
      claimed,
      now,
    );
  }
  // Repetition / fifty moves: only by the player having the move, before he moves (GR-55).
  if (turnOf(state) !== claimant)
    return no('claimNotAllowed', 'Only the player having the move may claim this.');
  if (state.boards[seat].aperture.placements.length > 0)
    return no('claimNotAllowed', 'The claim must be made before the move is played; state the move instead.');
  const verdict =
    intent.claim === 'repetition'
      ? claimRepetition(
          game,
          intent.move ? { form: 'aboutToAppear', uci: intent.move } : { form: 'hasAppeared' },
        )
      : claimFiftyMoves(game, profile, intent.move);
  if (!verdict.ok) return no('badMove', verdict.error.message);
  const pending: PendingClaim = {
    kind: intent.claim,
    by: intent.by,
    claimant,
    move: verdict.value.declaredMove?.uci ?? null,
    square: null,
    verified: verdict.value.correct,
    clocksWereRunning: state.clock.running !== null,
  };
  return settle(state, pending, verdict.value.evidence, claimed, now);
}

/** Opens a claim: with an arbiter it waits for his decision; without one Twinboard's check decides (GR-96). */
function settle(
  state: MatchState,
  pending: PendingClaim,
  evidence: readonly number[],
  claimed: MatchEvent,
  now: number,
): Outcome {
  const profile = profileOf(state);
  const clock = openClaim(state.clock, profile, now);
  const events: MatchEvent[] = [claimed];
  if (clock.running === null && state.clock.running !== null)
    events.push({ type: 'clocksStopped', by: 'twinboard', reason: 'claim', audience: 'everyone' });
  const s: MatchState = { ...state, clock, claim: pending };
  if (state.participants.arbiter) return done(s, events);
  const decided = decide(s, pending.verified === true, 'twinboard', evidence, now);
  return done(decided.state, [...events, ...decided.events]);
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
  let s: MatchState = { ...state, claim: null };
  let result: GameResult | null = null;
  if (c.kind === 'repetition' || c.kind === 'fiftyMoves') {
    const reason = c.kind;
    const settled = settleClaim(
      s.clock,
      c.claimant,
      { correct: upheld, evidence, result: upheld ? { winner: null, reason } : null },
      profile,
      fen,
      now,
    );
    s = { ...s, clock: settled.clock };
    result = settled.result;
    if (!upheld && c.move && !result) {
      // 003 Art 10.11(b): the declared move must then be played — its piece counts as touched.
      const touched = applyStep(
        s.boards[seat].aperture,
        { type: 'touchTogether', squares: [c.move.slice(0, 2)] },
        profile,
      );
      if (!touched.events.some((e) => e.type === 'refused'))
        s = { ...s, boards: { ...s.boards, [seat]: { ...s.boards[seat], aperture: touched.state } } };
    }
  } else if (c.kind === 'insufficientMaterial') {
    result = upheld ? { winner: null, reason: 'insufficientMaterial' } : null;
  } else if (c.kind === 'touchMove' && upheld && c.square) {
    // BL-33: the sighted player's reported touch binds him (Art 7.2) if it is his move.
    const sighted = seatOf(state.setup, opposite(c.claimant));
    if (turnOf(s) === colorOf(s.setup, sighted)) {
      const touched = applyStep(
        s.boards[sighted].aperture,
        { type: 'touchTogether', squares: [c.square] },
        profile,
      );
      if (!touched.events.some((e) => e.type === 'refused'))
        s = { ...s, boards: { ...s.boards, [sighted]: { ...s.boards[sighted], aperture: touched.state } } };
    }
  }
  if (result) {
    const ended = endGame(s, result, now);
    return { state: ended.state, events: [...events, ...ended.events] };
  }
  if (c.clocksWereRunning && s.clock.running === null && !s.stoppedBy && !s.discrepancy) {
    const running = turnOf(s);
    const started = start(s.clock, now, running);
    if (started.ok) {
      s = { ...s, clock: started.value };
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

function doReportTouch(state: MatchState, intent: IntentOf<'reportTouch'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is already being decided.');
  const claimant = state.setup.blindColor;
  // 003/001 Art 7.4: the claim must come before the claimant has touched a piece himself.
  if (!touchClaimAllowed(state.boards.blind.aperture.touches.length > 0 && turnOf(state) === claimant))
    return no('claimNotAllowed', 'The blind player has touched a piece since; the claim is too late.');
  const events: MatchEvent[] = [
    { type: 'touchReported', square: intent.square, by: intent.by, audience: 'everyone' },
    { type: 'claimed', claim: 'touchMove', color: claimant, by: intent.by, move: null, audience: 'everyone' },
  ];
  // GR-96: an unwitnessed touch is for the arbiter; without one it is only logged.
  if (!state.participants.arbiter) return done(state, events);
  const clock = stop(state.clock, now);
  if (state.clock.running !== null)
    events.push({ type: 'clocksStopped', by: 'twinboard', reason: 'claim', audience: 'everyone' });
  return done(
    {
      ...state,
      clock,
      claim: {
        kind: 'touchMove',
        by: intent.by,
        claimant,
        move: null,
        square: intent.square,
        verified: null,
        clocksWereRunning: state.clock.running !== null,
      },
    },
    events,
  );
}

// ---------------------------------------------------------------------------------------------
// Clocks and the arbiter.

function doStart(state: MatchState, now: number): Outcome {
  if (state.phase !== 'setup') return no('alreadyStarted', 'The game has already started.');
  // Checklist 6: the initial position (both boards alike) and the orientation — a light square at
  // each player's right, h1 (000 Art 2.2; 001 Art 1.2) — are verified before the clock starts.
  const { blind, sighted } = state.boards;
  if (
    !sameMoves(blind.game.moves, sighted.game.moves) ||
    blind.game.startFen !== sighted.game.startFen ||
    squareColor('h1') !== 'light'
  )
    return no('positionNotVerified', 'The two boards do not show the same initial position.');
  const toMove = turnOf(state);
  const started = start({ ...state.clock, running: null, since: null }, now, toMove);
  if (!started.ok) return no('clocksRunning', started.error.message);
  return done({ ...state, phase: 'playing', clock: started.value }, [
    { type: 'gameStarted', toMove, audience: 'everyone' },
  ]);
}

function doStopClocks(state: MatchState, by: Role, now: number): Outcome {
  if (state.clock.running === null) return no('clocksStopped', 'The clocks are already stopped.');
  return done({ ...state, clock: stop(state.clock, now), stoppedBy: by }, [
    {
      type: 'clocksStopped',
      by,
      reason: by === 'arbiter' ? 'arbiter' : 'seekingArbiter',
      audience: 'everyone',
    },
  ]);
}

function doResumeClocks(state: MatchState, by: Role, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is being decided.');
  if (state.clock.running !== null) return no('clocksRunning', 'The clocks are running.');
  const running = turnOf(state);
  const started = start(state.clock, now, running);
  if (!started.ok) return no('clocksRunning', started.error.message);
  return done({ ...state, clock: started.value, stoppedBy: null }, [
    { type: 'clocksResumed', by, running, audience: 'everyone' },
  ]);
}

function doAdjustClock(state: MatchState, intent: IntentOf<'adjustClock'>, now: number): Outcome {
  const r = adjustCoreClock(state.clock, intent.color, intent.usedMs, profileOf(state), now);
  if (!r.ok) return no('badTime', r.error.message);
  const flagged = { ...state.flagged, [intent.color]: flagFallen(r.value.clock, intent.color, now) };
  // GR-64: the floors are enforced as warnings shown to the arbiter with the numbers.
  // BL-31 / checklist 49, 83: the readings go to the arbiter and the assistants; the players and
  // spectators learn only that the arbiter adjusted the clocks (a player asks for times himself).
  return done({ ...state, clock: r.value.clock, flagged }, [
    {
      type: 'clockAdjusted',
      color: intent.color,
      usedMs: intent.usedMs,
      warnings: r.value.warnings,
      audience: ['arbiter', 'blindAssistant', 'sightedAssistant'],
    },
    { type: 'clocksAdjusted', by: intent.by, audience: ['blind', 'sighted', 'spectator'] },
  ]);
}

function doPenalize(state: MatchState, intent: IntentOf<'penalize'>, now: number): Outcome {
  const ms = intent.ms ?? 0;
  const event: MatchEvent = {
    type: 'penalized',
    color: intent.color,
    penalty: intent.penalty,
    ms,
    audience: 'everyone',
  };
  switch (intent.penalty) {
    case 'warning':
      return done(state, [event]);
    case 'timeAddedToOffender':
    case 'timeAddedToOpponent': {
      if (!(ms > 0)) return no('badTime', 'A time penalty needs a positive number of milliseconds.');
      // E93 Art 16.5: "adding to the player's used time or to his opponent's unused time".
      const clock =
        intent.penalty === 'timeAddedToOffender'
          ? chargeTime(state.clock, intent.color, ms, now)
          : giveTime(state.clock, opposite(intent.color), ms, now);
      return done({ ...state, clock }, [event]);
    }
    case 'lossOfGame': {
      const ended = endGame(state, { winner: opposite(intent.color), reason: 'forfeit' }, now);
      return done(ended.state, [event, ...ended.events]);
    }
  }
}

function doOverride(state: MatchState, intent: IntentOf<'overrideSetting'>): Outcome {
  const o = intent.override;
  const setup = { ...state.setup };
  switch (o.setting) {
    case 'relay':
      setup.relay = o.value;
      break;
    case 'assistantDuties':
      setup.assistantDuties = o.value;
      break;
    case 'requireRepetition':
      setup.requireRepetition = o.value;
      break;
    case 'allowSightedAssistant':
      setup.allowSightedAssistant = o.value;
      break;
    case 'twinBoards':
      // S85 intro: the tournament director may adapt even the two-board rule locally.
      setup.twinBoards = o.value;
      break;
  }
  // BL-03: overrides are logged (by `reduce`) and announced to both players.
  return done({ ...state, setup }, [{ type: 'settingOverridden', override: o, audience: 'everyone' }]);
}

// ---------------------------------------------------------------------------------------------
// Queries (BL-31): answered to the asker only, nothing volunteered.

function doQuery(state: MatchState, intent: IntentOf<'query'>, now: number): Outcome {
  const answer = answerFor(state, intent.by, intent.topic, now);
  return done(state, [
    { type: 'answered', by: intent.by, topic: intent.topic, answer, audience: [intent.by] },
  ]);
}

function answerFor(state: MatchState, by: Role, topic: IntentOf<'query'>['topic'], now: number): Answer {
  switch (topic) {
    case 'movesMade':
      return { topic, moves: { w: movesMade(state.clock, 'w'), b: movesMade(state.clock, 'b') } };
    case 'timeUsed': {
      const r = readClock(state.clock, now);
      return {
        topic,
        usedMs: { w: r.sides.w.usedMs, b: r.sides.b.usedMs },
        remainingMs: { w: r.sides.w.remainingMs, b: r.sides.b.remainingMs },
        movesToControl: { w: r.sides.w.movesToControl, b: r.sides.b.movesToControl },
      };
    }
    case 'lastMove': {
      // Only what was announced: an unannounced move is not told (GR-62).
      const last = [...state.plies].reverse().find((p) => p.announced !== null);
      if (!last || last.announced === null) return { topic, move: null };
      const fenBefore = currentFen({
        startFen: state.setup.startFen,
        moves: state.plies.slice(0, last.ply - 1).map((p) => p.announced ?? p.uci),
      });
      const m = findMove(fenBefore, last.announced);
      return {
        topic,
        move: { color: last.color, uci: last.announced, san: m.ok ? m.value.san : last.san, fenBefore },
      };
    }
    case 'moveInProgress': {
      const seat = seatOfRole(by) ?? moverSeat(state);
      const inHand = moveInHand(state.boards[seat].aperture, profileOf(state));
      return {
        topic,
        holding: inHand.holding?.from ?? null,
        placed: inHand.placed,
        announced: inHand.announced,
        obligation: inHand.obligation,
        missing: inHand.missing,
      };
    }
    case 'duties': {
      const role =
        by === 'sightedAssistant' ||
        (!state.participants.blindAssistant && state.participants.sightedAssistant)
          ? 'sightedAssistant'
          : 'blindAssistant';
      return { topic, duties: dutiesOf(state.setup, role) };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Adjournment and the sealed move (spec §2.13, GR-70–GR-73, checklist 73–77; BL-34).

/** What stays possible while a move is being sealed or the game is adjourned. */
const DURING_ADJOURNMENT = new Set<Intent['kind']>([
  'sealMove',
  'adjourn',
  'resume',
  // 003/001 Art 14.2: a resignation or an agreed draw before the envelope is opened stands.
  'resign',
  'offerDraw',
  'acceptDraw',
  'declineDraw',
  'penalize',
  'adjustClock',
  'stopClocks',
]);

function adjournmentGate(state: MatchState, intent: Intent, busy: boolean): Outcome | null {
  const a = state.adjournment;
  if (!a) return intent.kind === 'adjourn' || intent.kind === 'resume' ? notAdjourned() : null;
  if (a.phase === 'sealing') {
    // The session has ended: the player having the move writes his sealed move, nothing is played.
    if (busy || intent.kind === 'claim' || intent.kind === 'resume')
      return no('sealing', 'The move is being sealed; the game is not played on now.');
    return null;
  }
  if (!DURING_ADJOURNMENT.has(intent.kind)) return no('adjourned', 'The game is adjourned.');
  return null;
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
  return done({ ...state, adjournment: { ...adjournment, sealed, custody } }, events);
}

function doAdjourn(state: MatchState, by: Role, now: number): Outcome {
  const a = state.adjournment;
  if (!a) return notAdjourned();
  if (a.phase === 'adjourned') return no('adjourned', 'The game is already adjourned.');
  if (a.sealed === null) return no('noSealedMove', 'Write the sealed move before stopping the clock.');
  // E93 13.1(a): "only then stop his clock without starting his opponent's clock". Twinboard keeps
  // no session timetable, so no remaining session time is charged (E93 13.1(b) is the arbiter's).
  const timeUsed = timeUsedOn(state.clock, now);
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
  return done({ ...state, clock, readySince: null, adjournment }, [
    {
      type: 'adjourned',
      sealer: a.envelope.sealer,
      moveNumber: a.envelope.moveNumber,
      by,
      audience: 'everyone',
    },
  ]);
}

function doResume(state: MatchState, intent: IntentOf<'resume'>, now: number): Outcome {
  const a = state.adjournment;
  if (!a) return notAdjourned();
  if (a.phase === 'sealing') return no('sealing', 'The clock must be stopped before resumption.');
  if (intent.replierAbsent === true) return startAbsentReplier(state, a, intent.by, now);
  if (intent.by !== 'arbiter') {
    // GR-96: without an arbiter both players agree to open the envelope.
    const seat = intent.by as PlayerRole;
    if (a.resumeAskedBy.includes(seat)) return no('alreadyAgreed', 'You have already asked to resume.');
    const asked = [...a.resumeAskedBy, seat];
    if (asked.length < 2)
      return done({ ...state, adjournment: { ...a, resumeAskedBy: asked } }, [
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
    { ...state, clock, adjournment: { ...a, phase: 'awaitingReplier', replierClockSince: now, custody } },
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
  // The clocks are set to the times used at adjournment (000 Art 16.1).
  const restored = applyClockEffect(state.clock, { kind: 'stopBoth', timeUsed }, now);
  const written = sealed.kind === 'move' ? sealed.uci : sealed.text;
  const opened: MatchEvent = {
    type: 'sealedMoveOpened',
    sealer,
    move: verdict.kind === 'played' ? verdict.move.uci : written,
    san: verdict.kind === 'played' ? verdict.move.san : null,
    fen: envelope.fenBefore,
    verdict: verdict.kind,
    reason: verdict.kind === 'played' ? null : verdict.reason,
    by,
    audience: 'everyone',
  };
  const base: MatchState = { ...state, clock: restored, adjournment: null, stoppedBy: null };
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
    return done({ ...base, stoppedBy: 'arbiter' }, [opened]);
  // Played on BOTH boards and announced (GR-72), then the replier's clock starts.
  const move = verdict.move;
  const seat = seatOf(state.setup, sealer);
  const replier = opposite(sealer);
  const clock = move.mate
    ? restored
    : applyClockEffect(restored, { kind: 'start', color: replier, timeUsed }, now);
  const ply = state.plies.length + 1;
  const boards = { ...state.boards };
  for (const s of ['blind', 'sighted'] as const) {
    const game: Game = {
      startFen: state.boards[s].game.startFen,
      moves: [...state.boards[s].game.moves, move.uci],
    };
    boards[s] = { game, aperture: apertureFor(state.setup, s, move.fenAfter) };
  }
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
    scores: { blind: [...state.scores.blind, move.uci], sighted: [...state.scores.sighted, move.uci] },
    plies: [...state.plies, record],
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
