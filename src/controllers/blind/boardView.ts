/**
 * What stands on a player's own board right now, as a FEN for the accessible board: the pieces in
 * the apertures of his seat's board (src/core/aperture.ts), so a lifted piece is out of its
 * square, a removed captured piece is gone, a king dropped for castling stands on its new square
 * before the rook follows, and a pawn waits on the last rank for its promotion piece.
 */
import {
  FILES,
  PROFILES,
  moveInHand,
  type Color,
  type MoveInHand,
  type Piece,
  type Square,
} from '../../core/index.ts';
import type { MatchState, PlayerRole } from '../../match/types.ts';

/** The side to move on a seat's board (the move in progress not yet completed). */
export function sideToMove(state: MatchState, role: PlayerRole): Color {
  return state.boards[role].aperture.fen.split(' ')[1] === 'b' ? 'b' : 'w';
}

/** A FEN whose placement field is the given board (the other fields are kept from `fen`). */
export function fenWithBoard(fen: string, board: ReadonlyMap<Square, Piece>): string {
  const rows: string[] = [];
  for (let r = 8; r >= 1; r--) {
    let row = '';
    let empty = 0;
    for (const f of FILES) {
      const p = board.get(`${f}${r}` as Square);
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += p.color === 'w' ? p.type.toUpperCase() : p.type;
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return [rows.join('/'), ...fen.split(' ').slice(1)].join(' ');
}

/** The position on a seat's own board as the pieces physically stand. */
export function ownBoardFen(state: MatchState, role: PlayerRole): string {
  const aperture = state.boards[role].aperture;
  return fenWithBoard(aperture.fen, aperture.board);
}

/** The move in hand on a seat's board (what is held, removed, placed, announced, missing). */
export function moveInHandOf(state: MatchState, role: PlayerRole): MoveInHand {
  return moveInHand(state.boards[role].aperture, PROFILES[state.setup.profileId]);
}
