/**
 * `view(state, role, now)`: what one role may see of the match, as plain data for a screen. A
 * player sees his own board, his own scoresheet and the announcements; an assistant sees both
 * boards and his player's score; the arbiter sees everything including the evidence log (GR-95);
 * spectators see the boards and the announcements. Clock readings are part of the view (the clock
 * stands on the table); whether a screen SPEAKS them is the screen's business (BL-31).
 */
import {
  findMove,
  moveInHand,
  readClock,
  scoreOf,
  type ClockReading,
  type Color,
  type GameResult,
  type Score,
  type MoveInHand,
  type Piece,
  type Profile,
  type Square,
} from '../core/index.ts';
import { canWriteSealedMove, maySeal } from './concerns/adjournment.ts';
import {
  awaitingAnnouncement,
  awaitingExecution,
  awaitingRepetition,
  moverSeat,
  seatOfPly,
} from './progress.ts';
import { colorOf, dutiesOf, hasAccessibleBoard, profileOf, seatOfRole, turnOf } from './setup.ts';
import { aidsAllowed } from './concerns/participants.ts';
import { authorize } from './authorize.ts';
import { touchedHimself } from './concerns/touchMove.ts';
import type {
  CustodyEntry,
  Discrepancy,
  Duty,
  LogEntry,
  MatchPhase,
  MatchSetup,
  MatchState,
  Participants,
  PendingClaim,
  PlayerRole,
  PlyRecord,
  Role,
} from './types.ts';

/** One board as its viewer sees it. */
export interface BoardView {
  readonly seat: PlayerRole;
  /** The colour of the board's owner. */
  readonly color: Color;
  /** Whether this is an accessible aperture board (BL-02). */
  readonly accessible: boolean;
  /** The position before the move in progress (a valid FEN, for describe and navigation). */
  readonly fen: string;
  /** What stands in the apertures right now (a lifted piece is absent, a removed capture gone). */
  readonly pieces: ReadonlyMap<Square, Piece>;
  readonly hand: { readonly piece: Piece; readonly from: Square } | null;
  /** Every move standing on this board. */
  readonly moves: readonly string[];
}

/** One line of a scoresheet or of the announcement log as a viewer sees it. */
export interface AnnouncementView {
  readonly ply: number;
  readonly color: Color;
  /** The move as announced (what the opponent was told). */
  readonly uci: string;
  readonly san: string;
  readonly repeated: string | null;
  readonly executed: boolean;
}

/** What one role may see of an adjournment (spec §2.13, GR-70, GR-71). */
export interface AdjournmentView {
  readonly phase: 'sealing' | 'adjourned' | 'awaitingReplier';
  readonly sealer: Color;
  readonly moveNumber: number;
  /** Whether a sealed move has been written (the sealer may then stop the clock). */
  readonly hasSealedMove: boolean;
  /**
   * The sealed move as written, for its writers only and only while sealing (GR-70); null for
   * everyone else, the arbiter included, until the envelope is opened (GR-71).
   */
  readonly sealedMove: { readonly move: string; readonly san: string | null } | null;
  /** This viewer may write or change the sealed move and stop the clock (§2.13, BL-34). */
  readonly maySeal: boolean;
  /**
   * This viewer may open the envelope: the arbiter, or each player without one (GR-96); while an
   * absent replier's clock runs (`awaitingReplier`), the arbiter on his arrival (E93 14.3).
   */
  readonly mayResume: boolean;
  /** Without an arbiter: the players who have asked to resume. */
  readonly resumeAskedBy: readonly PlayerRole[];
  /** The envelope's other items (names, position, times used), for the arbiter who holds it. */
  readonly envelope: {
    readonly white: string;
    readonly black: string;
    readonly fenBefore: string;
    readonly timeUsed: { readonly w: number; readonly b: number };
  } | null;
  /** Custody and access (GR-71), for the arbiter. */
  readonly custody: readonly CustodyEntry[] | null;
}

export interface MatchView {
  readonly role: Role;
  /** The seat the role plays or assists; null for the arbiter and spectators. */
  readonly seat: PlayerRole | null;
  readonly color: Color | null;
  readonly phase: MatchPhase;
  readonly profile: Profile;
  readonly setup: MatchSetup;
  readonly participants: Participants;
  readonly turn: Color;
  /** It is this viewer's side to move and his board is up to date. */
  readonly myTurn: boolean;
  /** The viewer's own board (a player), his player's board (an assistant), or null. */
  readonly board: BoardView | null;
  /** Every board this role may see. */
  readonly boards: Partial<Readonly<Record<PlayerRole, BoardView>>>;
  /** The viewer's own scoresheet (an assistant: the VH player's, r.9(c)); the arbiter: null. */
  readonly scoresheet: readonly string[] | null;
  /** Both scoresheets, for the arbiter (rules 7 and 8 consult both). */
  readonly scoresheets: Readonly<Record<PlayerRole, readonly string[]>> | null;
  /** The announcements made so far. */
  readonly announcements: readonly AnnouncementView[];
  /** The viewer's move in hand (his own turn), with what is still missing for the clock (BL-12). */
  readonly moveInHand: MoveInHand | null;
  readonly canPressClock: boolean;
  /** When the clock will be pressed automatically (BL-13 CONFIG), if that is configured and pending. */
  readonly autoPressAt: number | null;
  /** The ply waiting for this viewer's repetition (BL-18). */
  readonly toRepeat: AnnouncementView | null;
  /** The ply waiting to be executed by this viewer (manual or assisted relay), and on which board. */
  readonly toExecute: (AnnouncementView & { readonly board: PlayerRole }) | null;
  /** A completed move waiting for this viewer's announcement (an assistant, r.9(b)). */
  readonly toAnnounce: { readonly ply: number; readonly uci: string; readonly san: string } | null;
  readonly clock: ClockReading;
  readonly drawOffer: { readonly by: Color } | null;
  readonly claim: PendingClaim | null;
  readonly discrepancy: Discrepancy | null;
  readonly clocksStoppedBy: Role | null;
  /** The assistant's duties, shown to both players (BL-29). */
  readonly assistantDuties: readonly Duty[];
  readonly result: (GameResult & { readonly score: Score }) | null;
  /** The evidence log, for the arbiter only (GR-95). */
  readonly log: readonly LogEntry[] | null;
  /** The adjournment in progress, redacted for this role (§2.13). */
  readonly adjournment: AdjournmentView | null;
  /** Whether aids (legal-move read-outs, move hints) may be offered: never in competition (checklist 84). */
  readonly aidsAllowed: boolean;
  /** E72 Art 20.3: this viewer must name the touched man his opponent must move. */
  readonly mustNameTouchedPiece: boolean;
  /**
   * The procedures this viewer may start now (the hook for a player's keys and typed commands):
   * each is an intent of the same kind; `claimTouch` and `nameTouchedPiece` take a square.
   */
  readonly procedures: readonly PlayerProcedure[];
}

/** A procedure a player starts himself (issue 12). */
export type PlayerProcedure = 'claimTouch' | 'nameTouchedPiece' | 'forfeitLateArrival' | 'writeScore';

export function proceduresFor(state: MatchState, role: Role): PlayerProcedure[] {
  if (state.phase !== 'playing' || (role !== 'blind' && role !== 'sighted')) return [];
  const color = colorOf(state.setup, role);
  const out: PlayerProcedure[] = [];
  if (state.touchNaming?.namer === color) out.push('nameTouchedPiece');
  else if (!state.claim && !state.touchNaming && !touchedHimself(state, role)) out.push('claimTouch');
  if (authorize(state, { kind: 'forfeitLateArrival', color: color === 'w' ? 'b' : 'w', by: role }).ok)
    out.push('forfeitLateArrival');
  if (role === 'blind' && state.setup.blindScore === 'typed') out.push('writeScore');
  return out;
}

function boardView(state: MatchState, seat: PlayerRole): BoardView {
  const { game, aperture } = state.boards[seat];
  return {
    seat,
    color: colorOf(state.setup, seat),
    accessible: hasAccessibleBoard(state.setup, seat),
    fen: aperture.fen,
    pieces: aperture.board,
    hand: aperture.hand,
    moves: game.moves,
  };
}

function announcementOf(p: PlyRecord): AnnouncementView | null {
  if (p.announced === null) return null;
  return {
    ply: p.ply,
    color: p.color,
    uci: p.announced,
    san: p.san,
    repeated: p.repeated,
    executed: p.executed !== null,
  };
}

/** What `role` may see at `now`. */
export function view(state: MatchState, role: Role, now: number): MatchView {
  const seat = seatOfRole(role);
  const profile = profileOf(state);
  const isArbiter = role === 'arbiter';
  const isPlayer = role === 'blind' || role === 'sighted';
  // A player sees his own board only (twin boards); assistants, the arbiter and spectators see both.
  const boards: Partial<Record<PlayerRole, BoardView>> = isPlayer
    ? { [role]: boardView(state, role as PlayerRole) }
    : { blind: boardView(state, 'blind'), sighted: boardView(state, 'sighted') };
  const turn = turnOf(state);
  const mover = moverSeat(state);
  const myBoardCurrent = seat !== null && state.boards[seat].game.moves.length >= state.plies.length;
  const myTurn = state.phase === 'playing' && seat === mover && myBoardCurrent;
  const inHand = seat !== null && seat === mover ? moveInHand(state.boards[seat].aperture, profile) : null;
  const announcements = state.plies.flatMap((p) => announcementOf(p) ?? []);
  const waitingRepeat = awaitingRepetition(state);
  const toRepeat =
    isPlayer && waitingRepeat && seatOfPly(state, waitingRepeat) !== role
      ? announcementOf(waitingRepeat)
      : null;
  const execBoard = executionBoardFor(state, role);
  const execPly = execBoard ? awaitingExecution(state, execBoard) : null;
  const execView = execPly ? announcementOf(execPly) : null;
  const waitingAnnouncement = awaitingAnnouncement(state);
  const announces = role === 'blindAssistant' || role === 'sightedAssistant';
  const result = state.result ? { ...state.result, score: scoreOf(state.result) } : null;
  return {
    role,
    seat,
    color: seat ? colorOf(state.setup, seat) : null,
    phase: state.phase,
    profile,
    setup: state.setup,
    participants: state.participants,
    turn,
    myTurn,
    board: seat ? (boards[seat] ?? boardView(state, seat)) : null,
    boards,
    scoresheet: seat
      ? state.scores[seat === 'sighted' && role === 'sightedAssistant' ? 'sighted' : seat]
      : null,
    scoresheets: isArbiter ? state.scores : null,
    announcements,
    moveInHand: inHand,
    canPressClock: myTurn && inHand !== null && inHand.move !== null && inHand.missing.length === 0,
    autoPressAt:
      state.setup.autoPressAfterMs !== null && state.readySince !== null
        ? state.readySince + state.setup.autoPressAfterMs
        : null,
    toRepeat,
    toExecute: execView && execBoard && execPly?.repeated !== null ? { ...execView, board: execBoard } : null,
    toAnnounce:
      announces && waitingAnnouncement && dutiesOf(state.setup, role).includes('announce')
        ? { ply: waitingAnnouncement.ply, uci: waitingAnnouncement.uci, san: waitingAnnouncement.san }
        : null,
    clock: readClock(state.clock, now),
    drawOffer: state.drawOffer ? { by: state.drawOffer.by } : null,
    claim: state.claim,
    discrepancy: state.discrepancy,
    clocksStoppedBy: state.stoppedBy,
    assistantDuties: dutiesOf(
      state.setup,
      state.participants.sightedAssistant ? 'sightedAssistant' : 'blindAssistant',
    ),
    result,
    log: isArbiter ? state.log : null,
    adjournment: viewAdjournment(state, role),
    aidsAllowed: aidsAllowed(state),
    procedures: proceduresFor(state, role),
    mustNameTouchedPiece: isPlayer && state.touchNaming?.namer === colorOf(state.setup, role),
  };
}

/** What `role` may see of the adjournment in progress (§2.13, GR-71), or null when there is none. */
export function viewAdjournment(state: MatchState, role: Role): AdjournmentView | null {
  const a = state.adjournment;
  if (!a) return null;
  const { envelope } = a;
  const writer = canWriteSealedMove(role, envelope.sealer, {
    blindColor: state.setup.blindColor,
    assistantMayAdjourn:
      state.participants.blindAssistant && dutiesOf(state.setup, 'blindAssistant').includes('adjourn'),
  });
  const sealed = a.sealed;
  const readable = a.phase === 'sealing' && writer && sealed !== null && sealed.kind !== 'hidden';
  const isArbiter = role === 'arbiter';
  const isPlayer = role === 'blind' || role === 'sighted';
  return {
    phase: a.phase,
    sealer: envelope.sealer,
    moveNumber: envelope.moveNumber,
    hasSealedMove: sealed !== null,
    sealedMove: readable
      ? sealed.kind === 'move'
        ? { move: sealed.uci, san: sanOf(envelope.fenBefore, sealed.uci) }
        : { move: sealed.text, san: null }
      : null,
    maySeal: a.phase === 'sealing' && maySeal(state, role),
    mayResume:
      (a.phase === 'adjourned' &&
        (isArbiter || (isPlayer && !state.participants.arbiter && !a.resumeAskedBy.includes(role)))) ||
      (a.phase === 'awaitingReplier' && isArbiter),
    resumeAskedBy: a.resumeAskedBy,
    envelope: isArbiter
      ? {
          white: envelope.white,
          black: envelope.black,
          fenBefore: envelope.fenBefore,
          timeUsed: envelope.timeUsed,
        }
      : null,
    custody: isArbiter ? a.custody : null,
  };
}

function sanOf(fen: string, uci: string): string | null {
  const m = findMove(fen, uci);
  return m.ok ? m.value.san : null;
}

/** The board on which `role` would execute the next relayed move (BL-24), if any. */
function executionBoardFor(state: MatchState, role: Role): PlayerRole | null {
  if (!state.setup.twinBoards || state.setup.relay === 'automatic') return null;
  if (state.setup.relay === 'manual') {
    if (role !== 'blind' && role !== 'sighted') return null;
    return awaitingExecution(state, role) ? role : null;
  }
  if (
    (role === 'blindAssistant' || role === 'sightedAssistant') &&
    dutiesOf(state.setup, role).includes('relay')
  ) {
    for (const seat of ['sighted', 'blind'] as const) if (awaitingExecution(state, seat)) return seat;
  }
  return null;
}
