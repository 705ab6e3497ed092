/**
 * Who may do what: `authorize(state, intent)` decides whether the intent's role has the right to
 * it, before any rule of play is applied. The server calls the same function before it logs an
 * intent. Grounds: BL-04 (roles; spectators have no input), BL-05 (one assistant), BL-29 / BL-35
 * (assistant duties chosen at game start), BL-24 (relay modes), GR-63 / GR-95 (arbiter), GR-97.
 */
import { err, isSquare, ok, type Result } from '../core/index.ts';
import type { Refusal } from './events.ts';
import type { Intent } from './intents.ts';
import {
  awaitingAnnouncement,
  awaitingExecution,
  awaitingRepetition,
  moverSeat,
  seatOfPly,
} from './progress.ts';
import { canWriteSealedMove } from './adjournment.ts';
import { colorOf, dutiesOf, hasAccessibleBoard, isS85Style, otherSeat, profileOf, turnOf } from './setup.ts';
import { ROLES, type Duty, type MatchState, type PlayerRole, type Role } from './types.ts';

const refuse = (code: Refusal['code'], message: string): Result<void, Refusal> => err({ code, message });
const allowed: Result<void, Refusal> = ok(undefined);

function isPlayer(role: Role): role is PlayerRole {
  return role === 'blind' || role === 'sighted';
}

function hasDuty(state: MatchState, role: Role, duty: Duty): boolean {
  return dutiesOf(state.setup, role).includes(duty);
}

/** Whether `role` may announce (or correct the announcement of) a move of `seat` (r.1, r.9(b), r.10). */
function mayAnnounceFor(state: MatchState, role: Role, seat: PlayerRole): boolean {
  if (role === seat) return true;
  const s85 = isS85Style(profileOf(state));
  if (role === 'blindAssistant' && hasDuty(state, role, 'announce')) return s85 || seat === 'sighted';
  if (role === 'sightedAssistant') return s85 || seat === 'sighted';
  return false;
}

/** Whether `role` may execute a move of `moverSeat` onto the board `board` (BL-24, r.9(a), r.10). */
function mayExecute(
  state: MatchState,
  role: Role,
  board: PlayerRole,
  mover: PlayerRole,
): Result<void, Refusal> {
  if (board === mover) return refuse('notEntitled', 'A move is relayed onto the opponent’s board.');
  const relay = state.setup.twinBoards ? state.setup.relay : 'automatic';
  if (relay === 'automatic') return refuse('notEntitled', 'Twinboard relays the moves in automatic relay.');
  if (relay === 'manual') {
    return role === board
      ? allowed
      : refuse('notEntitled', 'In manual relay each player executes on his own board.');
  }
  // S72/S80 r.9(a), r.10: the assistant makes the blind player's moves on the opponent's board;
  // S85 r.9(a): either player's move.
  const assistantMay = (r: Role): boolean =>
    (r === 'blindAssistant' || r === 'sightedAssistant') &&
    state.participants[r] &&
    hasDuty(state, r, 'relay') &&
    (isS85Style(profileOf(state)) || mover === 'blind');
  if (role === 'blindAssistant' || role === 'sightedAssistant')
    return assistantMay(role) ? allowed : refuse('notEntitled', 'This assistant does not relay this move.');
  // A direction no assistant relays is executed by the board's owner, as at a real table.
  if (role === board && !(['blindAssistant', 'sightedAssistant'] as const).some(assistantMay)) return allowed;
  return refuse('notEntitled', 'The assistant relays this move in assisted relay.');
}

/**
 * Whether the intent's role may perform it at all. Game-state rules (turn, legality, the aperture
 * gates) are checked by `reduce` afterwards; this is the rights table.
 */
export function authorize(state: MatchState, intent: Intent): Result<void, Refusal> {
  const role = intent.by;
  if (!(ROLES as readonly string[]).includes(role)) return refuse('notAuthorized', 'Unknown role.');
  if (intent.kind === 'join' || intent.kind === 'leave') {
    if (intent.role !== role)
      return refuse('notAuthorized', 'Only the person taking a role can join or leave it.');
    if (intent.kind === 'leave') return allowed;
    if (state.participants[role]) return refuse('roleTaken', 'That role is taken.');
    // BL-05: the sighted player's assistant only while the blind player has none (S85: arbiter override).
    if (
      role === 'sightedAssistant' &&
      state.participants.blindAssistant &&
      !state.setup.allowSightedAssistant
    ) {
      return refuse(
        'assistantConflict',
        'The sighted player may have an assistant only if the blind player has none.',
      );
    }
    if (
      role === 'blindAssistant' &&
      state.participants.sightedAssistant &&
      !state.setup.allowSightedAssistant
    ) {
      return refuse(
        'assistantConflict',
        'The sighted player’s assistant must leave before the blind player’s joins.',
      );
    }
    return allowed;
  }
  if (!state.participants[role]) return refuse('notAuthorized', 'That role is not taking part in this game.');
  // BL-04: "Spectators are not to speak or otherwise to interfere" (000 Interp 11.1 (1976)).
  if (role === 'spectator') return refuse('notAuthorized', 'Spectators watch; they cannot act.');
  const arbiterPresent = state.participants.arbiter;

  switch (intent.kind) {
    case 'startGame':
      return isPlayer(role) || role === 'arbiter'
        ? allowed
        : refuse('notAuthorized', 'The players or the arbiter start the game.');
    case 'setTwinBoards':
      // BL-01: either player may demand two boards; the other cannot refuse.
      return isPlayer(role) ? allowed : refuse('notAuthorized', 'Only a player may demand two boards.');
    case 'lift':
    case 'removeCaptured':
    case 'returnCaptured':
    case 'place':
    case 'choosePromotion': {
      if (!isPlayer(role))
        return refuse('notAuthorized', 'Only the player moves the pieces on his own board.');
      if (!hasAccessibleBoard(state.setup, role))
        return refuse('notAuthorized', 'This board has no apertures; move the piece directly.');
      // Lifting an opponent's piece on one's own board is the capture step (BL-08, BL-14).
      return allowed;
    }
    case 'touch':
      return isPlayer(role)
        ? allowed
        : refuse('notAuthorized', 'Only a player touches pieces on his own board.');
    case 'move': {
      if (!isPlayer(role)) return refuse('notAuthorized', 'Only the player moves his own pieces.');
      const from = intent.uci.slice(0, 2);
      if (!isSquare(from)) return refuse('badMove', `“${intent.uci}” is not a move.`);
      return ownPiece(state, role, from);
    }
    case 'jAdoube':
      return isPlayer(role) ? allowed : refuse('notAuthorized', 'Only a player adjusts his own pieces.');
    case 'announce':
    case 'correctAnnouncement': {
      const waiting = intent.kind === 'announce' ? awaitingAnnouncement(state) : null;
      if (waiting)
        return mayAnnounceFor(state, role, seatOfPly(state, waiting))
          ? allowed
          : refuse('notEntitled', 'You may not announce this move.');
      // A player announces on his own board (the reducer refuses it out of turn).
      if (isPlayer(role)) return allowed;
      // The VH player's assistant announces the VH player's move on his board (S85 r.9(b)).
      const seat = moverSeat(state);
      if (role === 'blindAssistant' && seat === 'blind' && mayAnnounceFor(state, role, seat)) return allowed;
      return refuse('notEntitled', 'You may not announce this move.');
    }
    case 'pressClock': {
      const seat = moverSeat(state);
      if (role === seat || (isPlayer(role) && role !== seat)) return allowed;
      // r.9(c): the assistant starts the opponent's clock (keeping rule 3.c in mind).
      if (role === 'blindAssistant' && seat === 'blind' && hasDuty(state, role, 'score')) return allowed;
      return refuse('notEntitled', 'You may not press this clock.');
    }
    case 'repeat': {
      // r.1: the move is "repeated by the opponent".
      if (!isPlayer(role)) return refuse('notAuthorized', 'The opponent repeats the announced move.');
      const waiting = awaitingRepetition(state);
      const mover = waiting ? seatOfPly(state, waiting) : moverSeat(state);
      return mover !== role ? allowed : refuse('notEntitled', 'The opponent repeats the announced move.');
    }
    case 'execute': {
      const board =
        intent.board ??
        (['blind', 'sighted'] as const).find((seat) => awaitingExecution(state, seat) !== null) ??
        null;
      const ply = board ? awaitingExecution(state, board) : null;
      if (!board || !ply) return refuse('nothingToExecute', 'Every announced move stands on both boards.');
      return mayExecute(state, role, board, otherSeat(board));
    }
    case 'offerDraw':
    case 'acceptDraw':
    case 'declineDraw':
    case 'resign':
      return isPlayer(role) ? allowed : refuse('notAuthorized', 'Only a player may do this.');
    case 'claim':
      if (isPlayer(role)) return allowed;
      // BL-32, r.9(e): the assistant claims on time.
      if (role === 'blindAssistant' && intent.claim === 'time' && hasDuty(state, role, 'claimTime'))
        return allowed;
      return refuse('notAuthorized', 'You may not make this claim.');
    case 'reportTouch':
      // BL-33: S85 r.9(e) only.
      if (role === 'blindAssistant' && isS85Style(profileOf(state)) && hasDuty(state, role, 'claimTime'))
        return allowed;
      return refuse('notAuthorized', 'Only the blind player’s assistant reports touches (S85 r.9(e)).');
    case 'query':
      // BL-31: the VH player asks; an assistant with duty (d) asks on his behalf; the arbiter's
      // answers stay with the arbiter (GR-97).
      if (isPlayer(role) || role === 'arbiter') return allowed;
      if (role === 'blindAssistant' && hasDuty(state, role, 'inform')) return allowed;
      return refuse('notAuthorized', 'You may not ask for this.');
    case 'stopClocks':
    case 'resumeClocks':
      // GR-63: the arbiter; a player only when no arbiter is present.
      if (role === 'arbiter') return allowed;
      if (isPlayer(role) && !arbiterPresent) return allowed;
      return refuse('notAuthorized', 'Only the arbiter stops or starts the clocks.');
    case 'confirmCorrection':
      if (role === 'arbiter') return allowed;
      // GR-96: without an arbiter, the players agree.
      if (isPlayer(role) && !arbiterPresent) return allowed;
      return refuse('notAuthorized', 'The arbiter confirms corrections.');
    case 'decideClaim':
    case 'adjustClock':
    case 'penalize':
      return role === 'arbiter' ? allowed : refuse('notAuthorized', 'Only the arbiter may do this.');
    case 'overrideSetting':
      if (role !== 'arbiter') return refuse('notAuthorized', 'Only the arbiter adapts the rules.');
      // BL-03: local adaptation exists only in S85.
      return profileOf(state).localAdaptation
        ? allowed
        : refuse('fixedSetting', 'This edition allows no local adaptation.');
    case 'sealMove':
    case 'adjourn':
      // §2.13: the player having the move seals; S r.9(f) / BL-34: or the VH player's assistant.
      return maySeal(state, role)
        ? allowed
        : refuse('notAuthorized', 'Only the player having the move, or his assistant, seals the move.');
    case 'resume':
      // 000 Art 16; 003/001 Art 14: the arbiter opens the envelope; without one, both players (GR-96).
      if (role === 'arbiter') return allowed;
      if (isPlayer(role) && !arbiterPresent) return allowed;
      return refuse('notAuthorized', 'The arbiter opens the sealed envelope.');
    default:
      // An intent from the network that names no known kind (the protocol should have caught it).
      return refuse('notAuthorized', 'Unknown action.');
  }
}

/** Whether `role` may write the sealed move and stop the clock for the side to move (§2.13, BL-34). */
export function maySeal(state: MatchState, role: Role): boolean {
  const sealer = state.adjournment?.envelope.sealer ?? turnOf(state);
  return canWriteSealedMove(role, sealer, {
    blindColor: state.setup.blindColor,
    assistantMayAdjourn: state.participants.blindAssistant && hasDuty(state, 'blindAssistant', 'adjourn'),
  });
}

function ownPiece(state: MatchState, seat: PlayerRole, square: string): Result<void, Refusal> {
  if (!isSquare(square)) return refuse('badMove', `“${square}” is not a square.`);
  const piece = state.boards[seat].aperture.board.get(square);
  if (!piece) return allowed; // the reducer reports the empty square
  // "Nobody moves the other side's pieces" (lifting an enemy piece is `removeCaptured`).
  return piece.color === colorOf(state.setup, seat)
    ? allowed
    : refuse('notYourPiece', 'That is not your piece.');
}
