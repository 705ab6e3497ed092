/**
 * The opponent's move carried out by hand on a player's own board (manual relay, BL-24; r.1
 * "executed on his board"), as at a real table: he lifts the opponent's piece, takes his own
 * captured piece off, and places the piece; the placement names the move, which is then executed
 * exactly as the `execute` intent does (a wrong one is a board difference, BL-25). The piece in hand
 * is match state (`relayHand`), so a reload, a second screen and every role see the same table.
 */
import { isSquare, type PromotionPiece, type Square } from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { done, no, type Handler, type Handlers, type Outcome, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { awaitingExecution } from '../progress.ts';
import { isPlayer, mayExecute, refuse } from '../rights.ts';
import { colorOf, otherSeat } from '../setup.ts';
import type { MatchState, PlayerRole, PlyRecord, RelayHand } from '../types.ts';
import { relayHandlers } from './relay.ts';

/** The piece in hand on `seat`'s board, if it belongs to the move awaited there now. */
export function relayHandOf(state: MatchState, seat: PlayerRole): RelayHand | null {
  const hand = state.relayHand;
  if (!hand || hand.seat !== seat) return null;
  return awaitingExecution(state, seat)?.ply === hand.ply ? hand : null;
}

/** The announced and repeated ply `seat` is to carry out by hand, or why not. */
function awaitedPly(state: MatchState, seat: PlayerRole): PlyRecord | Outcome {
  const ply = awaitingExecution(state, seat);
  if (!ply || ply.announced === null)
    return no('nothingToExecute', 'No announced move waits for your board.');
  if (ply.repeated === null) return no('notRepeated', 'The move must be repeated before it is executed.');
  return ply;
}

const isOutcome = (x: PlyRecord | Outcome): x is Outcome => 'ok' in x;

const event = (
  type: 'relayLifted' | 'relayPutBack' | 'relayRemoved',
  seat: PlayerRole,
  ply: number,
  at: { piece: RelayHand['piece']; square: Square },
): MatchEvent => ({ type, seat, ply, piece: at.piece, square: at.square, audience: [seat] });

function doLift(state: MatchState, intent: IntentOf<'relayLift'>): Outcome {
  const seat = intent.by as PlayerRole;
  const ply = awaitedPly(state, seat);
  if (isOutcome(ply)) return ply;
  if (relayHandOf(state, seat)) return no('handFull', 'You already hold a piece.');
  const piece = state.boards[seat].aperture.board.get(intent.square);
  if (!piece || piece.color === colorOf(state.setup, seat))
    return no('notOpponentPiece', 'Lift your opponent’s piece to carry out his move.');
  const hand: RelayHand = { seat, ply: ply.ply, piece, from: intent.square, removed: null };
  return done(withMatch(state, { relayHand: hand }), [
    event('relayLifted', seat, ply.ply, { piece, square: hand.from }),
  ]);
}

function doRemove(state: MatchState, intent: IntentOf<'relayRemove'>): Outcome {
  const seat = intent.by as PlayerRole;
  const hand = relayHandOf(state, seat);
  if (!hand) return no('nothingInHand', 'Lift your opponent’s piece first.');
  const piece = state.boards[seat].aperture.board.get(intent.square);
  if (!piece || piece.color !== colorOf(state.setup, seat))
    return no('notOwnPiece', 'Only your own captured piece comes off your board.');
  const removed = { square: intent.square, piece };
  return done(withMatch(state, { relayHand: { ...hand, removed } }), [
    event('relayRemoved', seat, hand.ply, removed),
  ]);
}

function doPlace(state: MatchState, intent: IntentOf<'relayPlace'>, now: number): Outcome {
  const seat = intent.by as PlayerRole;
  const hand = relayHandOf(state, seat);
  if (!hand) return no('nothingInHand', 'Lift your opponent’s piece first.');
  const square = intent.square;
  if (square === hand.from)
    return done(withMatch(state, { relayHand: null }), [
      event('relayPutBack', seat, hand.ply, { piece: hand.piece, square }),
    ]);
  const target = state.boards[seat].aperture.board.get(square);
  if (target && target.color === hand.piece.color)
    return no('notOwnPiece', 'A piece of the same side stands there.');
  // With explicit removal the captured piece comes off before the capturing piece goes in (r.3(a)).
  if (target && state.setup.captureRemoval === 'explicit' && hand.removed?.square !== square)
    return no('captureNotRemoved', 'Take your captured piece off first.');
  // A pawn reaching the last rank becomes the piece announced (the announcement names it, r.1), else a queen.
  const announced = state.plies[hand.ply - 1]?.announced ?? '';
  const lastRank = hand.piece.type === 'p' && (square[1] === '8' || square[1] === '1');
  const named = announced.slice(0, 4) === `${hand.from}${square}` ? announced.slice(4) : '';
  const promotion: PromotionPiece | '' = lastRank ? ((named || 'q') as PromotionPiece) : '';
  const executed = relayHandlers.execute.apply(
    state,
    { kind: 'execute', board: seat, uci: `${hand.from}${square}${promotion}`, by: seat },
    now,
  );
  // A refusal leaves the piece in hand, as at the table.
  return executed.ok ? done({ ...executed.state, relayHand: null }, executed.events) : executed;
}

/** A player carries out the opponent's move on his own board, where the relay lets him (manual). */
const relayRight: Handler<'relayLift' | 'relayRemove' | 'relayPlace'>['authorize'] = (state, intent) => {
  if (!isPlayer(intent.by)) return refuse('notAuthorized', 'Each player carries out moves on his own board.');
  if (!isSquare(intent.square)) return refuse('badMove', `“${intent.square}” is not a square.`);
  if (!awaitingExecution(state, intent.by))
    return refuse('nothingToExecute', 'Every announced move stands on your board.');
  return mayExecute(state, intent.by, intent.by, otherSeat(intent.by));
};

export const relayHandHandlers: Pick<Handlers, 'relayLift' | 'relayRemove' | 'relayPlace'> = {
  relayLift: { authorize: relayRight, apply: doLift, when: { boardWork: true } },
  relayRemove: { authorize: relayRight, apply: doRemove, when: { boardWork: true } },
  relayPlace: { authorize: relayRight, apply: doPlace, when: { boardWork: true } },
};
