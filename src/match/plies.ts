/**
 * The ply pipeline shared by the board, relay and adjournment handlers: a completed move goes into
 * the mover's game and score and the announcement log with its clock snapshot (GR-26), is read
 * back (BL-18), relayed where relay is automatic (BL-24), the twin boards are compared (BL-25) and
 * the board's outcome is applied.
 */
import {
  boardOutcome,
  currentFen,
  findMove,
  positionOutcome,
  press,
  receiveMove,
  stop,
  type ApertureEvent,
  type Clock,
  type Color,
  type Game,
  type GameResult,
  type MoveInfo,
  type Profile,
  withItem,
} from '../core/index.ts';
import { compareTwins } from './concerns/twins.ts';
import type { AnnouncedMove, MatchEvent } from './events.ts';
import {
  doneWith,
  endGame,
  NO_EVENTS,
  no,
  type Actor,
  type Outcome,
  type Reduction,
  withMatch,
  intoLog,
  withLines,
  withMatchLogged,
  withMatchLoggedLater,
} from './handler.ts';
import { awaitingExecution, relaysAutomatically, seatOfPly } from './progress.ts';
import {
  appended,
  boardsWith,
  colorOf,
  dutiesOf,
  hasAccessibleBoard,
  keepsOwnScore,
  otherSeat,
  profileOf,
  scoresWith,
  seersOf,
} from './setup.ts';
import type { LogEntry, MatchState, PlayerRole, PlyRecord } from './types.ts';

/** The first aperture event of a type (a loop: a `find` with an arrow costs on every step, issue 14). */
export function eventOf<T extends ApertureEvent['type']>(
  events: readonly ApertureEvent[],
  type: T,
): Extract<ApertureEvent, { type: T }> | undefined {
  for (const e of events) if (e.type === type) return e as Extract<ApertureEvent, { type: T }>;
  return undefined;
}

export function announcedFacts(fen: string, uci: string): AnnouncedMove | null {
  const m = findMove(fen, uci);
  if (!m.ok) return null;
  return factsOf(m.value);
}

export function factsOf(m: MoveInfo): AnnouncedMove {
  // Built field by field in the order of AnnouncedMove (conditional spreads cost on every move).
  const facts: { -readonly [K in keyof AnnouncedMove]: AnnouncedMove[K] } = {
    uci: m.uci,
    san: m.san,
    fen: m.fenBefore,
    capture: m.captured !== undefined,
    enPassant: m.enPassant,
  } as AnnouncedMove;
  if (m.castle) facts.castle = m.castle;
  if (m.promotion) facts.promotion = m.promotion;
  facts.check = m.check;
  facts.mate = m.mate;
  return facts;
}

/**
 * `{ type: 'announced', seat, color, by, ply, ...factsOf(move), audience: 'everyone' }`, built in
 * that field order without the facts' own object and its spread (issue 14: every move is announced).
 */
export function announcedEvent(
  move: MoveInfo,
  seat: PlayerRole,
  color: Color,
  by: Actor,
  ply: number | null,
): MatchEvent {
  const event: { -readonly [K in keyof Announced]: Announced[K] } = {
    type: 'announced',
    seat,
    color,
    by,
    ply,
    uci: move.uci,
    san: move.san,
    fen: move.fenBefore,
    capture: move.captured !== undefined,
    enPassant: move.enPassant,
  } as Announced;
  if (move.castle) event.castle = move.castle;
  if (move.promotion) event.promotion = move.promotion;
  event.check = move.check;
  event.mate = move.mate;
  event.audience = 'everyone';
  return event;
}

type Announced = Extract<MatchEvent, { type: 'announced' }>;

/**
 * A ply is complete (the clock press, or a mate that ends the game): it goes into the mover's game
 * and score and the log with the clock snapshot (GR-26), is announced and read back where that is
 * automatic, relayed where relay is automatic, the boards are compared, and the board's outcome
 * (mate, stalemate, the profile's automatic draws) is applied. `boards`: the boards to complete
 * it on, when they are not yet `state`'s (the step that completes it need not make a state first).
 */
export function completePly(
  state: MatchState,
  seat: PlayerRole,
  move: MoveInfo,
  by: Actor,
  announced: string | null,
  mode: 'press' | 'ending',
  now: number,
  boards: MatchState['boards'] = state.boards,
): Reduction {
  const color = colorOf(state.setup, seat);
  const events: MatchEvent[] = [];
  const clock = clockAfterPly(state.clock, color, mode, now);
  const ply = state.plies.length + 1;
  const board = boards[seat];
  const game: Game = {
    startFen: board.game.startFen,
    moves: appended(board.game.moves, move.uci, state.scores[seat]),
  };
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
  const plies = withItem(state.plies, record);
  let s: MatchState = withMatch(state, {
    readySince: null,
    declaredMove: null,
    boundPiece: null,
    clock,
    boards: boardsWith(boards, seat, { game, aperture: board.aperture }),
    scores: scoresWith(state, seat, move.uci, game.moves),
    plies,
  });
  const seers = seersOf(s, seat);
  if (mode === 'press') events.push({ type: 'clockPressed', seat, color, by, ply, audience: seers });
  events.push({ type: 'moveCompleted', seat, color, ply, uci: move.uci, san: move.san, audience: seers });
  if (!aperture && announcement) events.push(announcedEvent(move, seat, color, 'twinboard', ply));
  // GR-51: completing a move rejects the opponent's pending draw offer.
  if (s.drawOffer && s.drawOffer.by !== color) {
    events.push({ type: 'drawDeclined', color, implicit: true, audience: 'everyone' });
    s = withMatch(s, { drawOffer: null });
  }
  return { state: followPly(s, ply, game, Boolean(announcement), now, events), events };
}

/**
 * The clock once the ply is complete: pressed, or (a move that ends the game, complete without the
 * press, 003/001 Art 6.5) stopped with the move counted.
 */
function clockAfterPly(clock: Clock, color: Color, mode: 'press' | 'ending', now: number): Clock {
  if (mode === 'press') {
    const pressed = press(clock, color, now);
    return pressed.ok ? pressed.value : clock;
  }
  const stopped = stop(clock, now);
  const side = stopped.sides[color];
  return { ...stopped, sides: { ...stopped.sides, [color]: { ...side, moves: side.moves + 1 } } };
}

/**
 * What follows a recorded ply, its events pushed onto `events`: the read-back of an announced
 * move, the relay and the comparison of the boards (afterExecution), then the board's outcome.
 */
function followPly(
  state: MatchState,
  ply: number,
  game: Game,
  announced: boolean,
  now: number,
  events: MatchEvent[],
): MatchState {
  let s = state;
  // The repetition and the execution are logged together (afterExecution writes them).
  const pipe: Pipeline = { lines: [] };
  if (announced) {
    const r = readBack(s, ply, now, pipe);
    s = r.state;
    for (const e of r.events) events.push(e);
  }
  const settled = afterExecution(s, now, pipe);
  s = settled.state;
  for (const e of settled.events) events.push(e);
  if (s.phase === 'playing' && !s.discrepancy) {
    const outcome = gameOutcome(game, profileOf(s));
    if (outcome) {
      const ended = endGame(s, outcome, now);
      s = ended.state;
      for (const e of ended.events) events.push(e);
    }
  }
  return s;
}

/**
 * `boardOutcome` of the game; where the edition has no automatic repetition or move-limit draw, the
 * outcome depends on the last position only, which is remembered (issue 14).
 */
function gameOutcome(game: Game, profile: Profile): GameResult | null {
  if (profile.automaticRepetition === null && profile.automaticMoveLimit === null)
    return positionOutcome(currentFen(game), profile);
  return boardOutcome(game, profile);
}

/** Whether an assistant present with duty (b) announces the sighted player's moves (r.9(b), r.10). */
function assistantAnnounces(state: MatchState): boolean {
  if (state.setup.relay !== 'assisted') return false;
  for (const role of ASSISTANTS)
    if (state.participants[role] && dutiesOf(state.setup, role).includes('announce')) return true;
  return false;
}

const ASSISTANTS = ['blindAssistant', 'sightedAssistant'] as const;

/**
 * The repetition of an announced ply (BL-18): an early explicit one, or — unless explicit
 * repetition is required — the automatic read-back, logged as the repetition (BL-18(c) DEFAULT).
 */
export function readBack(state: MatchState, ply: number, now: number, pipe?: Pipeline): Reduction {
  const record = state.plies[ply - 1];
  if (!record || record.announced === null || record.repeated !== null) return { state, events: NO_EVENTS };
  const early = state.earlyRepetition;
  if (early)
    return recordRepetition(
      withMatch(state, { earlyRepetition: null }),
      record,
      early.uci,
      early.by,
      now,
      false,
      pipe,
    );
  if (state.setup.requireRepetition) return { state, events: NO_EVENTS };
  return recordRepetition(state, record, record.announced, 'twinboard', now, false, pipe);
}

export function recordRepetition(
  state: MatchState,
  record: PlyRecord,
  uci: string,
  by: Actor,
  now: number,
  emit: boolean,
  pipe?: Pipeline,
): Reduction {
  const repeaterSeat = otherSeat(seatOfPly(state, record));
  const plies = withPly(state.plies, record.ply, 'repeated', uci, by);
  const changes = {
    plies,
    // The repeating player writes the move as he heard it in his own score (BL-24).
    scores: scoresWith(state, repeaterSeat, uci, state.boards[seatOfPly(state, record)].game.moves),
  };
  const detail = `${record.ply}: ${uci}`;
  const s: MatchState = pipe
    ? withMatchLoggedLater(state, changes, pipe.lines, now, by, 'repetition', detail)
    : withMatchLogged(state, changes, now, by, 'repetition', detail);
  const fen = keepsOwnScore(state.setup, repeaterSeat)
    ? currentFen({
        startFen: state.setup.startFen,
        moves: state.plies.slice(0, record.ply - 1).map((p) => p.uci),
      })
    : scoreFen(state, repeaterSeat);
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
  return { state: s, events };
}

/**
 * `plies.map((p) => (p.ply === n ? { ...p, [field]: uci, [field + 'By']: by } : p))`: every record of
 * ply `n` changed, each built as one literal in PlyRecord's order, without a closure or a spread
 * (issue 14). The list is a new one: lists of plies are never written to (progress.ts remembers
 * answers by the list).
 */
function withPly(
  plies: readonly PlyRecord[],
  n: number,
  field: 'repeated' | 'executed',
  uci: string,
  by: Actor,
): readonly PlyRecord[] {
  const next = plies.slice();
  for (let i = 0; i < next.length; i++) {
    const p = next[i] as PlyRecord;
    if (p.ply !== n) continue;
    next[i] =
      field === 'repeated'
        ? plyRecord(p, uci, by, p.executed, p.executedBy)
        : plyRecord(p, p.repeated, p.repeatedBy, uci, by);
  }
  return next;
}

/** `{ ...p, repeated, repeatedBy, executed, executedBy }` as one literal in PlyRecord's order. */
function plyRecord(
  p: PlyRecord,
  repeated: string | null,
  repeatedBy: PlyRecord['repeatedBy'],
  executed: string | null,
  executedBy: PlyRecord['executedBy'],
): PlyRecord {
  return {
    ply: p.ply,
    color: p.color,
    uci: p.uci,
    san: p.san,
    announced: p.announced,
    announcedBy: p.announcedBy,
    repeated,
    repeatedBy,
    executed,
    executedBy,
    completedAt: p.completedAt,
    clockAfter: p.clockAfter,
  };
}

/** What a completed move's pipeline (the read-back, the relay) holds for itself: the log lines it writes together. */
export interface Pipeline {
  readonly lines: LogEntry[];
}

const SEATS = ['blind', 'sighted'] as const;

/** The position of a seat's scoresheet (what he has written), for words and for legality. */
export function scoreFen(state: MatchState, seat: PlayerRole): string {
  return currentFen({ startFen: state.setup.startFen, moves: state.scores[seat] });
}

/**
 * After a ply is announced, repeated or executed: relay automatically and compare the twins. Log
 * lines held back in `pipe` are written first, with those of the relay.
 */
export function afterExecution(state: MatchState, now: number, pipe?: Pipeline): Reduction {
  let s = state;
  // Usually one execution's events, taken as they are (a list grown by push keeps room for 16).
  let events: readonly MatchEvent[] = NO_EVENTS;
  if (relaysAutomatically(s)) {
    for (const seat of SEATS) {
      const ply = awaitingExecution(s, seat);
      if (!ply || ply.announced === null || ply.repeated === null) continue;
      const r = executeOn(s, seat, ply, ply.announced, 'twinboard', now, pipe);
      if (r.ok) {
        s = r.state;
        events = events.length === 0 ? r.events : events.concat(r.events);
      }
    }
  }
  // A state executeOn made just above is held by nothing else: the lines go into it.
  if (pipe) s = s === state ? withLines(s, pipe.lines) : intoLog(s, pipe.lines);
  const compared = compareTwins(s, now);
  if (compared.events.length === 0) return { state: compared.state, events };
  return { state: compared.state, events: [...events, ...compared.events] };
}

export function executeOn(
  state: MatchState,
  seat: PlayerRole,
  ply: PlyRecord,
  uci: string,
  by: Actor,
  now: number,
  pipe?: Pipeline,
): Outcome {
  const board = state.boards[seat];
  const r = receiveMove(board.aperture, uci);
  const refusedEvent = eventOf(r.events, 'refused');
  if (refusedEvent)
    return no('illegalExecution', `${uci} cannot be played on this board: ${refusedEvent.message}`);
  const played = eventOf(r.events, 'moveReceived') ?? null;
  const game: Game = {
    startFen: board.game.startFen,
    moves: appended(board.game.moves, played?.uci ?? uci, state.scores[seat]),
  };
  const executed = played?.uci ?? uci;
  const plies = withPly(state.plies, ply.ply, 'executed', executed, by);
  const changes = { plies, boards: boardsWith(state.boards, seat, { game, aperture: r.state }) };
  const detail = `${ply.ply} on ${seat}: ${uci}`;
  const s: MatchState = pipe
    ? withMatchLoggedLater(state, changes, pipe.lines, now, by, 'execute', detail)
    : withMatchLogged(state, changes, now, by, 'execute', detail);
  return doneWith(s, [
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
