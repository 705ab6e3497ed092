/**
 * Late arrival (000 Art 17.2 with Interp 17.2 (1962); 002 Art 17.2 with its Interp of 1962; 003
 * Art 10.13; 001 Art 10.15; checklist 52): a player who arrives at the board more than the event's
 * default time (one hour) after the session began loses, at the start and at a resumption. At a
 * resumption whose sealer is absent the game may have been decided before the hour ran out: by the
 * sealed move (checkmate; stalemate; in E88/E93 also a position of insufficient material — each
 * ends the game when the envelope is opened, by the edition's rules) or by the present player
 * exceeding his time, which this handler judges at the moment the hour ran out.
 */
import { flagFallen, flagResult } from '../../core/index.ts';
import { agreedFen, done, endGame, no, type Handlers, type Outcome } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { arbiterOrPlayersWithout, isPlayer } from '../rights.ts';
import { opposite, profileOf, seatOf } from '../setup.ts';
import type { MatchState, PlayerRole } from '../types.ts';

/** Whether a seat's player has done anything at the board since the session began. */
export function hasArrived(state: MatchState, seat: PlayerRole): boolean {
  const since = state.sessionStartedAt;
  if (since === null) return false;
  return state.participants[seat] && state.log.some((l) => l.at >= since && !l.refused && l.by === seat);
}

function doForfeitLate(state: MatchState, intent: IntentOf<'forfeitLateArrival'>, now: number): Outcome {
  const since = state.sessionStartedAt;
  if (since === null) return no('notStarted', 'The session has not started.');
  if (state.adjournment && state.adjournment.phase !== 'awaitingReplier')
    return no('adjourned', 'The game is adjourned; lateness counts from the resumption.');
  const seat = seatOf(state.setup, intent.color);
  if (isPlayer(intent.by) && intent.by === seat)
    return no('notAuthorized', 'A player does not forfeit himself; he may resign.');
  if (hasArrived(state, seat)) return no('notLate', 'That player has arrived at the board.');
  const late = now - since;
  const allowedMs = state.setup.lateArrivalMs;
  if (late < allowedMs)
    return no(
      'notLate',
      `Not yet: ${Math.floor(late / 60_000)} of the ${Math.round(allowedMs / 60_000)} minutes allowed have passed.`,
    );
  // Interp 17.2 (1962)(c); 003 10.13(c); 001 10.15(c): the present player whose flag fell before
  // the time allowed ran out has lost on time, whatever the absent player's lateness.
  const present = opposite(intent.color);
  if (flagFallen(state.clock, present, since + allowedMs)) {
    const ended = endGame(state, flagResult(agreedFen(state), present, profileOf(state)), now);
    return done(ended.state, ended.events);
  }
  const ended = endGame(state, { winner: present, reason: 'lateArrival' }, now);
  return done(ended.state, ended.events);
}

export const lateArrivalHandlers: Pick<Handlers, 'forfeitLateArrival'> = {
  forfeitLateArrival: {
    // Without an arbiter the player present claims it (GR-96), from the clock.
    authorize: arbiterOrPlayersWithout('Only the arbiter declares a forfeit.'),
    apply: doForfeitLate,
    when: { whileAdjourned: true },
  },
};
