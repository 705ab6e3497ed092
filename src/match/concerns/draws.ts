/** Draw offers (GR-50, GR-51) and resignation: the game ended by the players themselves. */
import { agreeDraw, classifyDrawOffer, readyForClock, resign as resignResult } from '../../core/index.ts';
import { done, endGame, no, type Handlers, type Outcome, withMatch } from '../handler.ts';
import { playersOnly } from '../rights.ts';
import { colorOf, opposite, otherSeat, profileOf, turnOf } from '../setup.ts';
import type { MatchState, PlayerRole } from '../types.ts';

function doOfferDraw(state: MatchState, seat: PlayerRole): Outcome {
  if (state.drawOffer) return no('drawOfferOpen', 'A draw offer is open.');
  const color = colorOf(state.setup, seat);
  const toMove = turnOf(state);
  const board = state.boards[seat].aperture;
  // GR-50: the regular offer goes with the move just completed: either the move is ready for the
  // clock press, or it has just been pressed and the opponent has not yet begun.
  const ready = toMove === color && board.placements.length > 0 && readyForClock(board);
  const opponentBoard = state.boards[otherSeat(seat)].aperture;
  const justPressed =
    toMove !== color && state.plies.at(-1)?.color === color && opponentBoard.touches.length === 0;
  const timing = classifyDrawOffer(
    { offerer: color, toMove: ready ? opposite(color) : toMove, justMoved: ready || justPressed },
    profileOf(state),
  );
  return done(withMatch(state, { drawOffer: { by: color, atPly: state.plies.length } }), [
    { type: 'drawOffered', color, regular: timing.kind === 'regular', audience: 'everyone' },
  ]);
}

function doAnswerDraw(state: MatchState, seat: PlayerRole, accept: boolean, now: number): Outcome {
  const color = colorOf(state.setup, seat);
  if (!state.drawOffer || state.drawOffer.by === color)
    return no('noDrawOffer', 'There is no draw offer to answer.');
  if (!accept)
    return done(withMatch(state, { drawOffer: null }), [
      { type: 'drawDeclined', color, implicit: false, audience: 'everyone' },
    ]);
  const ended = endGame(state, agreeDraw(), now);
  return done(ended.state, [...ended.events]);
}

const playerRight = playersOnly('Only a player may do this.');
// 003/001 Art 14.2: a resignation or an agreed draw before the envelope is opened stands.
const always = { duringDiscrepancy: true, whileAdjourned: true } as const;

export const drawHandlers: Pick<Handlers, 'offerDraw' | 'acceptDraw' | 'declineDraw' | 'resign'> = {
  offerDraw: {
    authorize: playerRight,
    apply: (state, intent) => doOfferDraw(state, intent.by as PlayerRole),
    when: always,
  },
  acceptDraw: {
    authorize: playerRight,
    apply: (state, intent, now) => doAnswerDraw(state, intent.by as PlayerRole, true, now),
    when: always,
  },
  declineDraw: {
    authorize: playerRight,
    apply: (state, intent, now) => doAnswerDraw(state, intent.by as PlayerRole, false, now),
    when: always,
  },
  resign: {
    authorize: playerRight,
    apply: (state, intent, now) => {
      const ended = endGame(state, resignResult(colorOf(state.setup, intent.by as PlayerRole)), now);
      return done(ended.state, ended.events);
    },
    when: always,
  },
};
