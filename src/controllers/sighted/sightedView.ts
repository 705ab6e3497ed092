/**
 * What the sighted player's board shows besides the pieces (pure): the last move on his own board,
 * the king in check, where a touched piece may go, the blind player's latest announcement read
 * from the announcement log, and whether move hints are allowed at all (never in competition).
 */
import { findPieces, legalMoves, position, positions, type Color, type Square } from '../../core/index.ts';
import { seatOfPly } from '../../match/progress.ts';
import type { MatchState, PlayerRole, PlyRecord } from '../../match/types.ts';

/** The from and to squares of the last move standing on `seat`'s own board. */
export function lastMoveSquares(state: MatchState, seat: PlayerRole): readonly Square[] {
  const last = state.boards[seat].game.moves.at(-1);
  return last ? [last.slice(0, 2) as Square, last.slice(2, 4) as Square] : [];
}

/** The square of the king in check on `fen`, if the side to move is in check. */
export function checkedKing(fen: string): Square | null {
  const info = position(fen);
  if (!info.inCheck) return null;
  return findPieces(fen, { type: 'k', color: info.turn })[0] ?? null;
}

/** The squares the piece on `from` may legally move to in `fen`. */
export function legalTargets(fen: string, from: Square): ReadonlySet<Square> {
  return new Set(legalMoves(fen).flatMap((m) => (m.from === from ? [m.to] : [])));
}

/**
 * Whether the board may show where a touched piece can go. It is an aid the rules of a
 * competition forbid (GR-90: no analysis aids); the single switch for competition mode.
 */
export function moveHintsAllowed(state: MatchState): boolean {
  const setup: object = state.setup;
  return !('competition' in setup && setup.competition === true);
}

/** An announcement of one colour's move, with the position it was announced in. */
export interface PlyAnnouncement {
  readonly ply: number;
  readonly uci: string;
  /** The position before the move, on the mover's own board. */
  readonly fen: string;
  readonly by: PlyRecord['announcedBy'];
}

/** The latest announced move of `color` in the announcement log (corrections included). */
export function announcementOf(state: MatchState, color: Color): PlyAnnouncement | null {
  for (let i = state.plies.length - 1; i >= 0; i--) {
    const record = state.plies[i];
    if (!record || record.color !== color || record.announced === null) continue;
    const fen = positions(state.boards[seatOfPly(state, record)].game)[record.ply - 1];
    return fen ? { ply: record.ply, uci: record.announced, fen, by: record.announcedBy } : null;
  }
  return null;
}
