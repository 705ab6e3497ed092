// The opponent's move carried out by hand on the blind player's own board (manual relay, BL-24):
// the piece in hand is match state; what may be lifted, removed and placed is the match's to say,
// and the placement executes the move (with the announced promotion piece).
import { expect, test } from 'vitest';
import {
  reduce,
  relayHandOf,
  type MatchEvent,
  type MatchOptions,
  type MatchState,
} from '../../src/match/index.ts';
import type { Intent } from '../../src/match/intents.ts';
import { ownBoardFen } from '../../src/controllers/blind/boardView.ts';
import { applyIntents, startedMatch, sightedMove } from '../helpers/matchStates.ts';

/** The blind player plays Black here. */
const started = (options: MatchOptions) => startedMatch({ blindColor: 'b', ...options });

/** One intent: the next state and the events (a refusal leaves the state as it was). */
function step(state: MatchState, intent: Intent): { state: MatchState; events: readonly MatchEvent[] } {
  return reduce(state, intent, 1000);
}

const refusalOf = (events: readonly MatchEvent[]) => {
  const e = events.find((x) => x.type === 'refused');
  return e?.type === 'refused' ? e.refusal.code : null;
};

test('lift, refuse a wrong square, remove the own captured piece, place: executed', () => {
  let s = applyIntents(started({ relay: 'manual', captureRemoval: 'explicit' }), ...sightedMove('e2e4'));
  s = applyIntents(
    s,
    { kind: 'execute', board: 'blind', by: 'blind' },
    { kind: 'lift', square: 'd7', by: 'blind' },
    { kind: 'place', square: 'd5', by: 'blind' },
    { kind: 'announce', by: 'blind' },
    { kind: 'pressClock', by: 'blind' },
    { kind: 'execute', board: 'sighted', by: 'sighted' },
    ...sightedMove('e4d5'),
  );
  const own = step(s, { kind: 'relayLift', square: 'd5', by: 'blind' });
  expect(refusalOf(own.events)).toBe('notOpponentPiece');
  expect(relayHandOf(own.state, 'blind')).toBeNull();
  expect(own.state.boards).toEqual(s.boards);
  const lifted = step(s, { kind: 'relayLift', square: 'e4', by: 'blind' });
  expect(lifted.events).toContainEqual(
    expect.objectContaining({ type: 'relayLifted', square: 'e4', piece: { type: 'p', color: 'w' } }),
  );
  s = lifted.state;
  expect(relayHandOf(s, 'blind')).toMatchObject({ from: 'e4', removed: null });
  // The blind board as it stands: the white pawn in hand is off e4.
  expect(ownBoardFen(s, 'blind').split(' ')[0]).toBe('rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR');
  expect(refusalOf(step(s, { kind: 'relayPlace', square: 'd5', by: 'blind' }).events)).toBe(
    'captureNotRemoved',
  );
  expect(refusalOf(step(s, { kind: 'relayRemove', square: 'e2', by: 'blind' }).events)).toBe('notOwnPiece');
  // Put back on its own square, the hand is empty again.
  const putBack = step(s, { kind: 'relayPlace', square: 'e4', by: 'blind' });
  expect(putBack.events).toContainEqual(expect.objectContaining({ type: 'relayPutBack', square: 'e4' }));
  expect(relayHandOf(putBack.state, 'blind')).toBeNull();
  s = applyIntents(s, { kind: 'relayRemove', square: 'd5', by: 'blind' });
  expect(relayHandOf(s, 'blind')?.removed).toEqual({ square: 'd5', piece: { type: 'p', color: 'b' } });
  const placed = step(s, { kind: 'relayPlace', square: 'd5', by: 'blind' });
  expect(placed.events).toContainEqual(
    expect.objectContaining({ type: 'executed', board: 'blind', uci: 'e4d5', matches: true }),
  );
  expect(relayHandOf(placed.state, 'blind')).toBeNull();
  expect(placed.state.boards.blind.game.moves.at(-1)).toBe('e4d5');
});

test('nothing to carry out by hand in automatic relay, and no lifting before the repetition', () => {
  const auto = applyIntents(started({ relay: 'automatic' }), ...sightedMove('e2e4'));
  expect(refusalOf(step(auto, { kind: 'relayLift', square: 'e2', by: 'blind' }).events)).toBe(
    'nothingToExecute',
  );
  const manual = applyIntents(started({ relay: 'manual', requireRepetition: true }), ...sightedMove('e2e4'));
  expect(refusalOf(step(manual, { kind: 'relayLift', square: 'e2', by: 'blind' }).events)).toBe(
    'notRepeated',
  );
  expect(refusalOf(step(manual, { kind: 'relayLift', square: 'e2', by: 'sighted' }).events)).not.toBeNull();
});

test('a pawn placed on the last rank becomes the announced promotion piece', () => {
  const fen = 'r7/8/8/8/8/P7/5kp1/K7 b - - 0 1';
  // The blind player has White here; the sighted player (Black) under-promotes to a knight.
  let s = started({ relay: 'manual', blindColor: 'w', startFen: fen });
  s = applyIntents(
    s,
    { kind: 'move', uci: 'g2g1n', by: 'sighted' },
    { kind: 'pressClock', by: 'sighted' },
    { kind: 'relayLift', square: 'g2', by: 'blind' },
  );
  const placed = step(s, { kind: 'relayPlace', square: 'g1', by: 'blind' });
  expect(placed.events).toContainEqual(expect.objectContaining({ type: 'executed', uci: 'g2g1n' }));
});
