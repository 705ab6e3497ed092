/**
 * The blind player as the relay of his opponent's moves (BL-18, BL-24): in manual relay (and in
 * assisted relay when no assistant relays the move) the sighted player's announced move must be
 * repeated and then carried out on the blind player's own aperture board, as at a real table. This
 * module says what is awaited of him and keeps the "execution in hand": the opponent's piece he has
 * lifted to carry the move out, and his own captured piece he has taken off, until the placement
 * names the move that is sent to the match as its `execute` intent. Pure: no React, no DOM.
 */
import {
  createGame,
  currentFen,
  findMove,
  playMoves,
  type Piece,
  type PromotionPiece,
  type Square,
} from '../../core/index.ts';
import { authorize } from '../../match/authorize.ts';
import type { Intent } from '../../match/intents.ts';
import { awaitingExecution, awaitingRepetition, seatOfPly } from '../../match/progress.ts';
import type { MatchState } from '../../match/types.ts';
import { fenWithBoard } from './boardView.ts';

const ROLE = 'blind' as const;

/** What the match waits for from the blind player about his opponent's move. */
export interface RelayAwaited {
  /** `repeat`: say the move back (BL-18); `execute`: carry it out on his own board (BL-24). */
  readonly stage: 'repeat' | 'execute';
  readonly ply: number;
  /** The move as announced. */
  readonly uci: string;
  /** The position the move was announced in (the blind board before it). */
  readonly fenBefore: string;
  /** Whether the blind player executes it himself once repeated (manual relay, no relaying assistant). */
  readonly executesHimself: boolean;
}

/** The opponent's piece lifted to carry out the announced move, and the own piece taken off. */
export interface RelayHand {
  readonly piece: Piece;
  readonly from: Square;
  /** The blind player's own piece removed as captured by this move, if any. */
  readonly removed: { readonly square: Square; readonly piece: Piece } | null;
}

/** What a key or command does to the execution in hand. */
export type RelayStep =
  | { readonly kind: 'lifted'; readonly hand: RelayHand }
  | { readonly kind: 'putBack'; readonly hand: null; readonly piece: Piece; readonly square: Square }
  | { readonly kind: 'removed'; readonly hand: RelayHand; readonly piece: Piece; readonly square: Square }
  | { readonly kind: 'execute'; readonly hand: null; readonly intent: Intent }
  | {
      readonly kind: 'refused';
      readonly code: 'notOpponentPiece' | 'nothingInHand' | 'notOwnPiece' | 'captureNotRemoved';
    };

function executionAllowed(state: MatchState): boolean {
  return authorize(state, { kind: 'execute', board: ROLE, by: ROLE }).ok;
}

/** What the match waits for from the blind player about the opponent's last move, or null. */
export function relayAwaited(state: MatchState): RelayAwaited | null {
  if (state.phase !== 'playing' || !state.setup.twinBoards || state.setup.relay === 'automatic') return null;
  const toRepeat = awaitingRepetition(state);
  const toExecute = awaitingExecution(state, ROLE);
  const ply = toRepeat && seatOfPly(state, toRepeat) !== ROLE ? toRepeat : toExecute;
  if (!ply || ply.announced === null) return null;
  const executesHimself = toExecute === ply && executionAllowed(state);
  const base = { ply: ply.ply, uci: ply.announced, fenBefore: fenBeforePly(state, ply.ply), executesHimself };
  if (ply.repeated === null) return { stage: 'repeat', ...base };
  return toExecute === ply && executesHimself ? { stage: 'execute', ...base } : null;
}

/** The position before ply `n` (1-based) of the log. */
function fenBeforePly(state: MatchState, n: number): string {
  const board = state.boards[ROLE];
  if (board.game.moves.length === n - 1) return board.aperture.fen;
  const created = createGame(state.setup.startFen);
  if (!created.ok) return board.aperture.fen;
  const played = playMoves(
    created.value,
    state.plies.slice(0, n - 1).map((p) => p.uci),
  );
  return played.ok ? currentFen(played.value) : board.aperture.fen;
}

/** The repeat intent for the awaited move, as announced or as the player said it back (BL-18). */
export function repeatIntent(uci?: string): Intent {
  return uci === undefined ? { kind: 'repeat', by: ROLE } : { kind: 'repeat', uci, by: ROLE };
}

/** The intent that carries out the announced move on the blind player's own board in one step. */
export function executeIntent(uci?: string): Intent {
  return uci === undefined
    ? { kind: 'execute', board: ROLE, by: ROLE }
    : { kind: 'execute', board: ROLE, uci, by: ROLE };
}

/** The blind board as the pieces stand with the execution in hand (lifted piece out, removed piece gone). */
export function relayBoardFen(state: MatchState, hand: RelayHand | null): string {
  const aperture = state.boards[ROLE].aperture;
  if (!hand) return fenWithBoard(aperture.fen, aperture.board);
  const board = new Map(aperture.board);
  board.delete(hand.from);
  if (hand.removed) board.delete(hand.removed.square);
  return fenWithBoard(aperture.fen, board);
}

/**
 * The lift-or-place key on `square` while an execution is awaited: lift an opponent's piece, put it
 * back on its own square, or place it and so name the move to execute. A pawn reaching the last
 * rank becomes the piece that was announced (the announcement names it, r.1), else a queen.
 */
export function relayLiftOrPlace(
  state: MatchState,
  awaited: RelayAwaited,
  hand: RelayHand | null,
  square: Square,
): RelayStep {
  const board = state.boards[ROLE].aperture.board;
  const opponent = state.setup.blindColor === 'w' ? 'b' : 'w';
  if (!hand) {
    const piece = board.get(square);
    if (!piece || piece.color !== opponent) return { kind: 'refused', code: 'notOpponentPiece' };
    return { kind: 'lifted', hand: { piece, from: square, removed: null } };
  }
  if (square === hand.from) return { kind: 'putBack', hand: null, piece: hand.piece, square };
  const target = board.get(square);
  if (target && target.color === opponent) return { kind: 'refused', code: 'notOwnPiece' };
  // With explicit removal the captured piece comes off before the capturing piece goes in (r.3(a)).
  if (target && state.setup.captureRemoval === 'explicit' && hand.removed?.square !== square)
    return { kind: 'refused', code: 'captureNotRemoved' };
  const lastRank = hand.piece.type === 'p' && (square[1] === '8' || square[1] === '1');
  const announcedPromotion = awaited.uci.slice(0, 4) === `${hand.from}${square}` ? awaited.uci.slice(4) : '';
  const promotion: PromotionPiece | '' = lastRank ? ((announcedPromotion || 'q') as PromotionPiece) : '';
  return { kind: 'execute', hand: null, intent: executeIntent(`${hand.from}${square}${promotion}`) };
}

/** The remove key on `square` while an execution is in hand: take the blind player's own piece off. */
export function relayRemove(state: MatchState, hand: RelayHand | null, square: Square): RelayStep {
  if (!hand) return { kind: 'refused', code: 'nothingInHand' };
  const piece = state.boards[ROLE].aperture.board.get(square);
  if (!piece || piece.color !== state.setup.blindColor) return { kind: 'refused', code: 'notOwnPiece' };
  return { kind: 'removed', hand: { ...hand, removed: { square, piece } }, piece, square };
}

/** Whether the uci names a legal move in the position the awaited move was announced in. */
export function isLegalThere(awaited: RelayAwaited, uci: string): boolean {
  return findMove(awaited.fenBefore, uci).ok;
}
