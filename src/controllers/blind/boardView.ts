/**
 * What stands on a player's own board right now, as a FEN for the accessible board: the pieces in
 * the apertures of his seat's board (src/core/aperture.ts), so a lifted piece is out of its
 * square, a removed captured piece is gone, a king dropped for castling stands on its new square
 * before the rook follows, and a pawn waits on the last rank for its promotion piece.
 */
import { PROFILES, fenWithPlacement, moveInHand, type Color, type MoveInHand } from '../../core/index.ts';
import { relayHandOf } from '../../match/index.ts';
import type { MatchState, PlayerRole } from '../../match/types.ts';

/** The side to move on a seat's board (the move in progress not yet completed). */
export function sideToMove(state: MatchState, role: PlayerRole): Color {
  return state.boards[role].aperture.fen.split(' ')[1] === 'b' ? 'b' : 'w';
}

/**
 * The position on a seat's own board as the pieces physically stand, with the opponent's piece
 * lifted to carry out his move (manual relay) out of its square and the own captured piece gone.
 */
export function ownBoardFen(state: MatchState, role: PlayerRole): string {
  const aperture = state.boards[role].aperture;
  const hand = relayHandOf(state, role);
  if (!hand) return fenWithPlacement(aperture.fen, aperture.board);
  const board = new Map(aperture.board);
  board.delete(hand.from);
  if (hand.removed) board.delete(hand.removed.square);
  return fenWithPlacement(aperture.fen, board);
}

/** The move in hand on a seat's board (what is held, removed, placed, announced, missing). */
export function moveInHandOf(state: MatchState, role: PlayerRole): MoveInHand {
  return moveInHand(state.boards[role].aperture, PROFILES[state.setup.profileId]);
}

/** The position the blind player's spoken words are heard in: his own board as it stands. */
export function blindHearingFen(match: MatchState): string {
  return match.boards.blind.aperture.fen;
}
