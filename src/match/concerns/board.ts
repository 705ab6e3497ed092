/**
 * The move lifecycle on the mover's own board (core aperture): lifting, capturing, placing,
 * promoting, touching, adjusting, announcing a correction and pressing the clock, with the
 * automatic press after the correction window (BL-13 CONFIG) and the endings that stand before the
 * press (003/001 Art 6.5).
 */
import {
  applyStep,
  endsRegardlessOfClock,
  findMove,
  isSquare,
  legalMovesFrom,
  placedMove,
  positionOutcome,
  readyForClock,
  type ApertureEvent,
  type ApertureState,
  type ApertureStep,
  type Square,
} from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { doneWith, no, type Handlers, type Outcome, type Reduction, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { announcedEvent, completePly, eventOf } from '../plies.ts';
import { moverSeat } from '../progress.ts';
import {
  allowed,
  announceRight,
  hasDuty,
  isPlayer,
  ownPiece,
  playersOnly,
  refuse,
  type Right,
} from '../rights.ts';
import { boardsWith, colorOf, hasAccessibleBoard, profileOf, seatOfRole, seersOf, turnOf } from '../setup.ts';
import type { MatchState, PlayerRole, Role } from '../types.ts';

export function boardStep(state: MatchState, by: Role, step: ApertureStep, now: number): Outcome {
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
  const refusedEvent = eventOf(r.events, 'refused');
  if (refusedEvent) {
    return no(refusedEvent.code, refusedEvent.message, {
      ...(refusedEvent.missing ? { missing: refusedEvent.missing } : {}),
      ...(refusedEvent.obligation ? { obligation: refusedEvent.obligation } : {}),
      ...(refusedEvent.reason ? { reason: refusedEvent.reason } : {}),
      ...(refusedEvent.piece ? { piece: refusedEvent.piece } : {}),
    });
  }
  const unbound = boundPieceRefusal(state, seat, board.aperture, r.state);
  if (unbound) return unbound;
  const declared = state.declaredMove;
  if (declared && declared.color === colorOf(state.setup, seat)) {
    const placed = placedMove(r.state);
    if (placed && placed.uci.slice(0, 4) !== declared.uci.slice(0, 4))
      return no('declaredMove', `The declared move ${declared.uci} must be played (Art 10.13(b)).`);
  }
  const changes: BoardChanges = {
    boards: boardsWith(state.boards, seat, { game: board.game, aperture: r.state }),
  };
  if (step.type === 'correctAnnouncement') changes.earlyRepetition = null;
  // Only the seat's board (and the early repetition) change: the events, ending and readiness
  // are asked of `state`, and the next state is made once (issue 14).
  const events = mapApertureEvents(state, seat, by, board.aperture.fen, r.events);
  const completed = eventOf(r.events, 'moveCompleted');
  if (completed) {
    // (No correction completes a move: the boards are all that change before the ply.)
    const c = completePly(
      state,
      seat,
      completed.move,
      by,
      board.aperture.announced,
      'press',
      now,
      changes.boards,
    );
    return doneWith(c.state, events.concat(c.events));
  }
  // Asked once of the new aperture: the ending and the readiness both depend on it.
  const complete = readyForClock(r.state);
  if (complete) {
    const ending = immediateEnding(state, changes, seat, by, now);
    if (ending) {
      return doneWith(trackReadiness(ending.state, seat, step, now), events.concat(ending.events));
    }
  }
  const readySince = readinessAfter(state, seat, r.state, step, now, complete);
  if (readySince !== state.readySince) changes.readySince = readySince;
  return doneWith(withMatch(state, changes), events);
}

/**
 * An arbiter's ruling binds even where the board itself only advises (BL-11 advisory): a placement
 * that does not move the bound piece is refused, naming the piece and its square.
 */
function boundPieceRefusal(
  state: MatchState,
  seat: PlayerRole,
  before: ApertureState,
  after: ApertureState,
): Outcome | null {
  const bound = state.boundPiece;
  if (!bound || bound.color !== colorOf(state.setup, seat)) return null;
  const placed = placedMove(after);
  if (!placed || placed.uci.slice(0, 2) === bound.square || placed.uci.slice(2, 4) === bound.square)
    return null;
  const hand = before.hand;
  const piece = before.board.get(bound.square) ?? (hand?.from === bound.square ? hand.piece : undefined);
  return no(
    'touchObligation',
    `The touched piece on ${bound.square} must be moved (Art 7.2).`,
    piece ? { obligation: { kind: 'move', square: bound.square, piece } } : {},
  );
}

/** What a board step changes in the match state. */
interface BoardChanges {
  boards: MatchState['boards'];
  earlyRepetition?: null;
  readySince?: number | null;
}

/** Notes since when the move in progress is ready for the clock (BL-13 CONFIG). */
function trackReadiness(state: MatchState, seat: PlayerRole, step: ApertureStep, now: number): MatchState {
  const aperture = state.boards[seat].aperture;
  const complete = readyForClock(aperture);
  const readySince = readinessAfter(state, seat, aperture, step, now, complete);
  return readySince === state.readySince ? state : withMatch(state, { readySince });
}

/**
 * Since when the move in progress is ready for the clock (BL-13 CONFIG) once the seat's board shows
 * `aperture` (`complete`: nothing is missing there for the clock); a correction restarts the window.
 */
function readinessAfter(
  state: MatchState,
  seat: PlayerRole,
  aperture: ApertureState,
  step: ApertureStep,
  now: number,
  complete: boolean,
): number | null {
  // The automatic press is a configuration of the VH player's clock only (BL-13).
  if (state.phase !== 'playing' || moverSeat(state) !== seat || !hasAccessibleBoard(state.setup, seat))
    return null;
  if (aperture.placements.length === 0 || !complete) return null;
  const restart = state.readySince === null || step.type === 'correctAnnouncement';
  return restart ? now : state.readySince;
}

/** BL-13 CONFIG: the automatic clock press once the correction window has passed. */
export function autoPress(state: MatchState, now: number): Reduction {
  const delay = state.setup.autoPressAfterMs;
  const since = state.readySince;
  if (delay === null || since === null || now < since + delay) return { state, events: [] };
  if (state.discrepancy || state.claim || state.stoppedBy || state.clock.running === null)
    return { state, events: [] };
  const seat = moverSeat(state);
  const board = state.boards[seat];
  const at = since + delay;
  const r = applyStep(board.aperture, { type: 'pressClock' }, profileOf(state));
  const completed = eventOf(r.events, 'moveCompleted');
  if (!completed) return { state: withMatch(state, { readySince: null }), events: [] };
  const s: MatchState = withMatch(state, {
    readySince: null,
    boards: boardsWith(state.boards, seat, { ...board, aperture: r.state }),
  });
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
  // The list made at its size (a list grown by push keeps room for 16, issue 14).
  let count = 0;
  for (const e of events)
    if (
      e.type !== 'refused' &&
      e.type !== 'clockPressed' &&
      e.type !== 'moveCompleted' &&
      e.type !== 'moveReceived'
    )
      count += 1;
  const out = new Array<MatchEvent>(count);
  let i = 0;
  for (const e of events) {
    switch (e.type) {
      case 'refused':
      case 'clockPressed':
      case 'moveCompleted':
      case 'moveReceived':
        break;
      case 'jAdoubeDeclared':
        // BL-10: the adjustment must be announced to the opponent.
        out[i++] = { type: 'jAdoubeDeclared', seat, color, audience: 'everyone' };
        break;
      case 'announced': {
        const move = findMove(fenBefore, e.uci);
        if (move.ok) out[i++] = announcedEvent(move.value, seat, color, by, null);
        break;
      }
      case 'announcementCorrected':
        out[i++] = {
          type: 'announcementCorrected',
          seat,
          color,
          previous: e.previous,
          uci: e.uci,
          san: e.san,
          fen: fenBefore,
          by,
          audience: 'everyone',
        };
        break;
      // = { ...e, seat, color, audience }, as one literal for the events of nearly every step.
      case 'lifted':
        out[i++] = {
          type: e.type,
          square: e.square,
          piece: e.piece,
          own: e.own,
          exempt: e.exempt,
          obligation: e.obligation,
          seat,
          color,
          audience: seers,
        };
        break;
      case 'placed':
        out[i++] = { type: e.type, from: e.from, to: e.to, piece: e.piece, seat, color, audience: seers };
        break;
      case 'captureRemoved':
        out[i++] = { type: e.type, square: e.square, piece: e.piece, seat, color, audience: seers };
        break;
      default:
        // = { ...e, seat, color, audience }: a spread of so many shapes of event at one place is
        // several times slower than this (issue 14).
        out[i++] = Object.assign({}, e, { seat, color, audience: seers });
    }
  }
  // (An announcement whose move is not found is left out.)
  if (i < count) out.length = i;
  return out;
}

/**
 * Selecting an own piece picks it up; touching an opponent's piece only records the touch
 * (Art 7.2(b)) — on the sighted board it stays where it is until captured.
 */
function doTouch(state: MatchState, intent: IntentOf<'touch'>, now: number): Outcome {
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
  const hand = s.boards[seat].aperture.hand;
  // Another piece in the hand goes back first; its touch stays in the ledger (touch-move decides).
  const putBack = hand !== null && hand.from !== from;
  const lift = hand?.from !== from;
  // One click or one spoken move includes taking the captured piece off (Art 4.3), also where the
  // aperture board asks for that step explicitly (BL-14 CONFIG).
  const aperture = s.boards[seat].aperture;
  const capture = captureOn(aperture, from, to);
  let removed = false;
  for (const r of aperture.removed) if (r.square === capture) removed = true;
  const remove = capture !== undefined && aperture.options.captureRemoval === 'explicit' && !removed;
  // The steps and the events are lists made at their size (lists grown by push keep room for 16).
  const steps = new Array<ApertureStep>(
    Number(putBack) + Number(lift) + Number(remove) + 1 + Number(promotion !== ''),
  );
  let n = 0;
  if (putBack) steps[n++] = { type: 'place', square: hand.from };
  if (lift) steps[n++] = { type: 'lift', square: from };
  if (remove) steps[n++] = { type: 'removeCaptured', square: capture };
  steps[n++] = { type: 'place', square: to };
  if (promotion) steps[n++] = { type: 'choosePromotion', piece: promotion };
  let events: MatchEvent[] = [];
  for (const step of steps) {
    const r = boardStep(s, intent.by, step, now);
    // One intent, one outcome: a refused part leaves the whole move undone.
    if (!r.ok) return r;
    s = r.state;
    events = events.length === 0 ? r.events : events.concat(r.events);
  }
  return doneWith(s, events);
}

/**
 * The square of the piece the legal move `from`–`to` captures, if any (loops: arrows over the
 * squares made a context on every move, issue 14).
 */
function captureOn(aperture: ApertureState, from: string, to: string): Square | undefined {
  for (const m of legalMovesFrom(aperture.fen, from)) if (m.to === to) return m.capturedOn;
  return undefined;
}

/**
 * Endings that stand as soon as the move is executed, even before the clock press (003/001 Art 6.5;
 * profile `immediateEndings`): mate, stalemate or (E88/E93) insufficient material on the mover's
 * board with nothing missing.
 */
function immediateEnding(
  state: MatchState,
  changes: BoardChanges,
  seat: PlayerRole,
  by: Role,
  now: number,
): Reduction | null {
  // The caller has found nothing missing for the clock on the board `changes` give the seat.
  const board = changes.boards[seat];
  const profile = profileOf(state);
  const placed = placedMove(board.aperture);
  if (!placed) return null;
  const after = positionOutcome(placed.fenAfter, profile);
  // 003/001 Art 6.5 with 10.4: an insufficient-material position "immediately ends the game" too.
  if (!after || !endsRegardlessOfClock(after.reason, profile)) return null;
  const pressed = applyStep(board.aperture, { type: 'pressClock' }, profile);
  const next = withMatch(state, {
    ...changes,
    boards: boardsWith(changes.boards, seat, { game: board.game, aperture: pressed.state }),
  });
  return completePly(next, seat, placed, by, board.aperture.announced, 'ending', now);
}

/** Only the player moves the pieces on his own aperture board (BL-08, BL-14). */
function apertureRight(state: MatchState, intent: { readonly by: Role }): Right {
  if (!isPlayer(intent.by))
    return refuse('notAuthorized', 'Only the player moves the pieces on his own board.');
  if (!hasAccessibleBoard(state.setup, intent.by))
    return refuse('notAuthorized', 'This board has no apertures; move the piece directly.');
  // Lifting an opponent's piece on one's own board is the capture step (BL-08, BL-14).
  return allowed;
}

const work = { boardWork: true } as const;

export const boardHandlers: Pick<
  Handlers,
  | 'lift'
  | 'removeCaptured'
  | 'returnCaptured'
  | 'place'
  | 'choosePromotion'
  | 'touch'
  | 'move'
  | 'jAdoube'
  | 'correctAnnouncement'
  | 'pressClock'
> = {
  lift: {
    authorize: apertureRight,
    apply: (state, intent, now) => boardStep(state, intent.by, { type: 'lift', square: intent.square }, now),
    when: work,
  },
  removeCaptured: {
    authorize: apertureRight,
    apply: (state, intent, now) =>
      boardStep(state, intent.by, { type: 'removeCaptured', square: intent.square }, now),
    when: work,
  },
  returnCaptured: {
    authorize: apertureRight,
    apply: (state, intent, now) =>
      boardStep(state, intent.by, { type: 'returnCaptured', square: intent.square }, now),
    when: work,
  },
  place: {
    authorize: apertureRight,
    apply: (state, intent, now) => boardStep(state, intent.by, { type: 'place', square: intent.square }, now),
    when: work,
  },
  choosePromotion: {
    authorize: apertureRight,
    apply: (state, intent, now) =>
      boardStep(state, intent.by, { type: 'choosePromotion', piece: intent.piece }, now),
    when: work,
  },
  touch: {
    authorize: playersOnly('Only a player touches pieces on his own board.'),
    apply: doTouch,
    when: work,
  },
  move: {
    authorize: (state, intent) => {
      if (!isPlayer(intent.by)) return refuse('notAuthorized', 'Only the player moves his own pieces.');
      const from = intent.uci.slice(0, 2);
      if (!isSquare(from)) return refuse('badMove', `“${intent.uci}” is not a move.`);
      return ownPiece(state, intent.by, from);
    },
    apply: doMove,
    when: work,
  },
  jAdoube: {
    authorize: playersOnly('Only a player adjusts his own pieces.'),
    apply: (state, intent, now) => boardStep(state, intent.by, { type: 'declareJAdoube' }, now),
    when: work,
  },
  correctAnnouncement: {
    authorize: (state, intent) => announceRight(state, intent.by, null),
    apply: (state, intent, now) =>
      boardStep(state, intent.by, { type: 'correctAnnouncement', uci: intent.uci }, now),
    when: work,
  },
  pressClock: {
    authorize: (state, intent) => {
      const role = intent.by;
      const seat = moverSeat(state);
      if (isPlayer(role)) return allowed;
      // r.9(c): the assistant starts the opponent's clock (keeping rule 3.c in mind).
      if (role === 'blindAssistant' && seat === 'blind' && hasDuty(state, role, 'score')) return allowed;
      return refuse('notEntitled', 'You may not press this clock.');
    },
    apply: (state, intent, now) => boardStep(state, intent.by, { type: 'pressClock' }, now),
    when: work,
  },
};
