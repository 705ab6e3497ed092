/**
 * Take-back, in practice games against the computer only (issue 15): the player takes back his
 * last completed move — and the computer's reply if it has come — and the game goes on from the
 * position before it, both boards, both scores and the clocks as they stood then (the logged
 * readings, as rule 8 restores them). Never in a game between two people.
 */
import { currentFen, flagFallen, start, type Game } from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { addLog, done, no, type Handlers, type Outcome, withMatch } from '../handler.ts';
import { playersOnly, refuse } from '../rights.ts';
import { apertureFor, colorOf, turnOf } from '../setup.ts';
import type { MatchState, PlayerRole, Role } from '../types.ts';
import { clockAtPly } from './twins.ts';

function doTakeBack(state: MatchState, by: Role, now: number): Outcome {
  const color = colorOf(state.setup, by as PlayerRole);
  // The player's last own ply; a game resumed from moves keeps those (they have no clock readings).
  const last = state.plies.findLastIndex((p) => p.color === color && p.clockAfter !== null);
  if (last < 0) return no('nothingToTakeBack', 'There is no move of yours to take back.');
  const moves = state.plies.slice(0, last).map((p) => p.uci);
  const game: Game = { startFen: state.setup.startFen, moves };
  const { clock } = clockAtPly(state, last, now);
  let s: MatchState = {
    ...state,
    boards: {
      blind: { game, aperture: apertureFor(state.setup, 'blind', currentFen(game)) },
      sighted: { game, aperture: apertureFor(state.setup, 'sighted', currentFen(game)) },
    },
    scores: { blind: moves, sighted: moves },
    plies: state.plies.slice(0, last),
    earlyRepetition: null,
    readySince: null,
    drawOffer: null,
    clock,
  };
  s = withMatch(s, { flagged: { w: flagFallen(s.clock, 'w', now), b: flagFallen(s.clock, 'b', now) } });
  const toMove = turnOf(s);
  const started = start(s.clock, now, toMove);
  if (started.ok) s = withMatch(s, { clock: started.value });
  const events: MatchEvent[] = [
    { type: 'takenBack', by, plies: state.plies.length - last, toMove, audience: 'everyone' },
  ];
  return done(addLog(s, now, by, 'takeBack', `${state.plies.length - last} plies`, false), events);
}

export const takeBackHandlers: Pick<Handlers, 'takeBack'> = {
  takeBack: {
    authorize: (state, intent) =>
      state.setup.practice
        ? playersOnly('Only a player may take back his move.')(state, intent)
        : refuse('notAuthorized', 'Moves can be taken back only in a practice game.'),
    apply: (state, intent, now) => doTakeBack(state, intent.by, now),
  },
};
