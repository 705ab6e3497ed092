/**
 * The building blocks of the rights table (each handler's `authorize`): who is a player, who has
 * which assistant duty, who announces and who relays a move. Grounds: BL-04, BL-05, BL-24, BL-29,
 * BL-35, r.1, r.9, r.10.
 */
import { err, isSquare, ok, type Result } from '../core/index.ts';
import type { Refusal } from './events.ts';
import { moverSeat, seatOfPly } from './progress.ts';
import { colorOf, dutiesOf, isS85Style, profileOf } from './setup.ts';
import type { Duty, MatchState, PlayerRole, PlyRecord, Role } from './types.ts';

export type Right = Result<void, Refusal>;

export const refuse = (code: Refusal['code'], message: string): Right => err({ code, message });
export const allowed: Right = ok(undefined);

export function isPlayer(role: Role): role is PlayerRole {
  return role === 'blind' || role === 'sighted';
}

export function hasDuty(state: MatchState, role: Role, duty: Duty): boolean {
  return dutiesOf(state.setup, role).includes(duty);
}

/** A right only the players have. */
export const playersOnly =
  (message: string) =>
  (_state: MatchState, intent: { readonly by: Role }): Right =>
    isPlayer(intent.by) ? allowed : refuse('notAuthorized', message);

/** A right only the arbiter has. */
export const arbiterOnly =
  (message: string) =>
  (_state: MatchState, intent: { readonly by: Role }): Right =>
    intent.by === 'arbiter' ? allowed : refuse('notAuthorized', message);

/** The arbiter's right, which each player has when no arbiter is present (GR-63, GR-96). */
export const arbiterOrPlayersWithout =
  (message: string) =>
  (state: MatchState, intent: { readonly by: Role }): Right =>
    intent.by === 'arbiter' || (isPlayer(intent.by) && !state.participants.arbiter)
      ? allowed
      : refuse('notAuthorized', message);

/** Whether `role` may announce (or correct the announcement of) a move of `seat` (r.1, r.9(b), r.10). */
function mayAnnounceFor(state: MatchState, role: Role, seat: PlayerRole): boolean {
  if (role === seat) return true;
  const s85 = isS85Style(profileOf(state));
  if (role === 'blindAssistant' && hasDuty(state, role, 'announce')) return s85 || seat === 'sighted';
  if (role === 'sightedAssistant') return s85 || seat === 'sighted';
  return false;
}

/** Whether `role` may execute a move of `mover` onto the board `board` (BL-24, r.9(a), r.10). */
export function mayExecute(state: MatchState, role: Role, board: PlayerRole, mover: PlayerRole): Right {
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

/** "Nobody moves the other side's pieces" (lifting an enemy piece is `removeCaptured`). */
export function ownPiece(state: MatchState, seat: PlayerRole, square: string): Right {
  if (!isSquare(square)) return refuse('badMove', `“${square}” is not a square.`);
  const piece = state.boards[seat].aperture.board.get(square);
  if (!piece) return allowed; // the reducer reports the empty square
  return piece.color === colorOf(state.setup, seat)
    ? allowed
    : refuse('notYourPiece', 'That is not your piece.');
}

/** Whether `role` may announce the move `waiting` for (an assistant, r.9(b)), or the move in progress. */
export function announceRight(state: MatchState, role: Role, waiting: PlyRecord | null): Right {
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
