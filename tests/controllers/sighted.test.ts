// The sighted player's board as a pure controller (issue 10), driven headlessly on real match
// states: a chosen own piece is a touch and the next square moves it; arrows walk from his side;
// a pawn on the last rank waits for a named piece; in manual relay the opponent's piece picked up
// carries out the announced move; a drag starts only where a click could.
import { expect, test } from 'vitest';
import { createMatch, reduce, type MatchOptions, type MatchState } from '../../src/match/index.ts';
import type { Intent } from '../../src/match/intents.ts';
import {
  canDrag,
  canRepeat,
  initialSightedView,
  selectionOf,
  sightedStep,
  type SightedInput,
  type SightedView,
} from '../../src/controllers/sighted/controller.ts';
import { blindMoveByHand } from '../helpers/matchStates.ts';

/** The sighted screen over a match: inputs go through the controller, intents through the reducer. */
function table(options: MatchOptions & { blindColor?: 'w' | 'b' } = {}) {
  const created = createMatch({ blindColor: 'b', ...options });
  if (!created.ok) throw new Error(created.error.message);
  let state = reduce(created.value, { kind: 'startGame', by: 'blind' }, 0).state;
  let view: SightedView = initialSightedView(state);
  const sent: Intent[] = [];
  const apply = (intent: Intent) => {
    state = reduce(state, intent, 1000).state;
  };
  return {
    get state(): MatchState {
      return state;
    },
    get view() {
      return view;
    },
    sent,
    apply,
    input(input: SightedInput) {
      const out = sightedStep(view, input, state);
      view = out.view;
      for (const intent of out.intents) {
        sent.push(intent);
        apply(intent);
      }
      return out;
    },
    click(square: string) {
      return this.input({ kind: 'choose', square: square as 'e2' });
    },
  };
}

test('a click on an own piece is a touch, the next square moves it; a touched piece stays selected', () => {
  const t = table();
  t.click('g1');
  expect(t.sent).toEqual([{ kind: 'touch', square: 'g1', by: 'sighted' }]);
  expect(t.state.boards.sighted.aperture.touches.map((x) => x.square)).toEqual(['g1']);
  // After a reload the screen's own pick is gone, but the touched knight is still selected.
  expect(selectionOf(initialSightedView(t.state), t.state)).toEqual({ from: 'g1', purpose: 'move' });
  t.click('f3');
  expect(t.sent.at(-1)).toEqual({ kind: 'move', uci: 'g1f3', by: 'sighted' });
  expect(t.state.boards.sighted.aperture.placements.map((p) => p.to)).toEqual(['f3']);
  expect(t.view.picked).toBeNull();
});

test('clicks on the opponent’s pieces or empty squares do nothing but move the cursor', () => {
  const t = table();
  t.click('e7');
  t.click('e4');
  expect(t.sent).toEqual([]);
  expect(t.view.cursor).toBe('e4');
});

test('arrows walk the board from the player’s side; Enter is a click on the cursor', () => {
  const white = table();
  expect(white.view.cursor).toBe('e2');
  white.input({ kind: 'arrow', direction: 'up' });
  expect(white.view.cursor).toBe('e3');
  const black = table({ blindColor: 'w' });
  expect(black.view.cursor).toBe('e7');
  black.input({ kind: 'arrow', direction: 'up' });
  expect(black.view.cursor).toBe('e6');
});

test('a pawn on the last rank waits for the named piece; cancelling returns to the pawn', () => {
  const t = table({ startFen: '7k/P7/8/8/8/8/8/K7 w - - 0 1' });
  t.click('a7');
  const out = t.click('a8');
  expect(out.intents).toEqual([]);
  expect(t.view.promotion).toEqual({ from: 'a7', to: 'a8', purpose: 'move' });
  const cancelled = t.input({ kind: 'cancelPromotion' });
  expect(cancelled.focus).toBe('board');
  expect(t.view.cursor).toBe('a7');
  expect(t.view.promotion).toBeNull();
  t.click('a8');
  const chosen = t.input({ kind: 'promote', piece: 'n' });
  expect(chosen.intents).toEqual([{ kind: 'move', uci: 'a7a8n', by: 'sighted' }]);
  expect(chosen.focus).toBe('board');
});

test('manual relay with repetition: the blind player’s move waits to be said back, then to be carried out', () => {
  const t = table({ relay: 'manual', requireRepetition: true, blindColor: 'w' });
  expect(canRepeat(t.state)).toBe(false);
  for (const intent of blindMoveByHand('e2', 'e4')) t.apply(intent);
  expect(canRepeat(t.state)).toBe(true);
  expect(canDrag(t.view, t.state, 'e2')).toBe(false);
  t.apply({ kind: 'repeat', by: 'sighted' });
  expect(canRepeat(t.state)).toBe(false);
  expect(canDrag(t.view, t.state, 'e2')).toBe(true);
});

test('manual relay: the blind player’s announced move is carried out by picking his piece up', () => {
  const t = table({ relay: 'manual', requireRepetition: false, blindColor: 'w' });
  // The opponent's pieces are not his to carry until a move of theirs waits on his board.
  expect(canDrag(t.view, t.state, 'e2')).toBe(false);
  for (const intent of blindMoveByHand('e2', 'e4')) t.apply(intent);
  expect(canDrag(t.view, t.state, 'e2')).toBe(true);
  t.click('e2');
  expect(t.view.picked).toEqual({ from: 'e2', purpose: 'execute' });
  t.click('e4');
  expect(t.sent.at(-1)).toEqual({ kind: 'execute', board: 'sighted', uci: 'e2e4', by: 'sighted' });
  expect(t.state.boards.sighted.game.moves).toEqual(['e2e4']);
});
