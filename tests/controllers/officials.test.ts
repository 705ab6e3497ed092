// The assistant's and the arbiter's screens as pure controllers (issue 10), on real match states:
// the assistant is offered exactly what his duties ask now (announce, carry a move out, press the
// blind player's clock) and his buttons send it; a touch report needs a square; the arbiter's typed
// clock reading and penalty become intents, and a reading that is not a time sends nothing.
import { expect, test } from 'vitest';
import { reduce } from '../../src/match/index.ts';
import { assistantStep, assistantTasks, blindMoveInProgress } from '../../src/controllers/assistant.ts';
import { arbiterStep, evidenceRows } from '../../src/controllers/arbiter.ts';
import { applyIntents, startedMatch } from '../helpers/matchStates.ts';

test('the blind player’s assistant: press his clock once announced, then relay his move to the other board', () => {
  let s = startedMatch({
    blindColor: 'w',
    relay: 'assisted',
    requireRepetition: false,
    roles: ['blind', 'sighted', 'blindAssistant'],
  });
  expect(assistantTasks(s, 'blindAssistant')).toEqual([]);
  s = applyIntents(
    s,
    { kind: 'lift', square: 'e2', by: 'blind' },
    { kind: 'place', square: 'e4', by: 'blind' },
    { kind: 'announce', by: 'blind' },
  );
  expect(assistantTasks(s, 'blindAssistant').map((t) => t.kind)).toEqual(['pressClock']);
  // He follows the move on the aperture board: placed and announced, waiting for the press.
  expect(blindMoveInProgress(s)).toEqual({
    holding: null,
    placed: { from: 'e2', to: 'e4' },
    announced: { uci: 'e2e4', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  });
  const press = assistantStep({ kind: 'task', key: 'press' }, s, 'blindAssistant');
  expect(press.intents).toEqual([{ kind: 'pressClock', by: 'blindAssistant' }]);
  s = applyIntents(s, ...press.intents);
  const [relay] = assistantTasks(s, 'blindAssistant');
  expect(relay).toMatchObject({ kind: 'execute', board: 'sighted', ply: 1, uci: 'e2e4' });
  s = applyIntents(s, ...assistantStep({ kind: 'task', key: relay!.key }, s, 'blindAssistant').intents);
  expect(s.boards.sighted.game.moves).toEqual(['e2e4']);
  // Black to move: nothing of the blind player's is in progress.
  expect(blindMoveInProgress(s)).toBeNull();
  // A task no longer asked for sends nothing.
  expect(assistantStep({ kind: 'task', key: relay!.key }, s, 'blindAssistant').intents).toEqual([]);
});

test('a touch report needs a square', () => {
  const s = startedMatch({ blindColor: 'w', roles: ['blind', 'sighted', 'blindAssistant'] });
  expect(assistantStep({ kind: 'reportTouch', text: ' E7 ' }, s, 'blindAssistant').intents).toEqual([
    { kind: 'reportTouch', square: 'e7', by: 'blindAssistant' },
  ]);
  expect(assistantStep({ kind: 'reportTouch', text: 'e9' }, s, 'blindAssistant').intents).toEqual([]);
});

test('the arbiter’s typed clock reading and penalties; a reading that is not a time sends nothing', () => {
  expect(arbiterStep({ kind: 'adjustClock', color: 'b', minutes: '12', seconds: '30' }).intents).toEqual([
    { kind: 'adjustClock', color: 'b', usedMs: 750_000, by: 'arbiter' },
  ]);
  expect(arbiterStep({ kind: 'adjustClock', color: 'w', minutes: 'ten', seconds: '0' }).intents).toEqual([]);
  expect(arbiterStep({ kind: 'adjustClock', color: 'w', minutes: '-1', seconds: '0' }).intents).toEqual([]);
  expect(
    arbiterStep({ kind: 'penalize', color: 'w', penalty: 'timeAddedToOpponent', minutes: '2' }).intents,
  ).toEqual([{ kind: 'penalize', color: 'w', penalty: 'timeAddedToOpponent', ms: 120_000, by: 'arbiter' }]);
  // A warning adds no time, whatever the minutes field says.
  expect(arbiterStep({ kind: 'penalize', color: 'b', penalty: 'warning', minutes: 'x' }).intents).toEqual([
    { kind: 'penalize', color: 'b', penalty: 'warning', by: 'arbiter' },
  ]);
  expect(arbiterStep({ kind: 'decideClaim', upheld: false }).intents).toEqual([
    { kind: 'decideClaim', upheld: false, by: 'arbiter' },
  ]);
});

test("the arbiter's evidence log is in his own locale and vocabulary, refusals included (German)", () => {
  let s = startedMatch({
    roles: ['blind', 'sighted', 'arbiter'],
    startFen: '4k3/8/8/8/7q/8/5B2/4K3 w - - 0 1',
  });
  s = applyIntents(s, { kind: 'lift', square: 'f2', by: 'blind' });
  // The bishop is pinned: placing it off the diagonal would leave the king in check; refused, and why.
  s = reduce(s, { kind: 'place', square: 'e3', by: 'blind' }, 2000).state;
  const rows = evidenceRows(s, 'de', { vocabulary: 'fide2018-de' }).slice(-2);
  expect(rows.map((r) => [r.what, r.refusal])).toEqual([
    ['Laeufer von Felix zwei gehoben', null],
    ['Laeufer auf Eva drei gesetzt', 'Abgelehnt: Ihr König stünde im Schach'],
  ]);
  // The same log for an English arbiter who chose the IBCA words.
  expect(evidenceRows(s, 'en').at(-1)).toMatchObject({
    what: 'Placed the bishop on Evan three',
    refusal: 'Refused: Your king would be in check',
  });
});
