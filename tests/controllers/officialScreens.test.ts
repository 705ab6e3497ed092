// The assistant's and the arbiter's screen models (the code their React screens run), driven
// headlessly on a room folded from one log: the assistant is offered his duties as they come and
// his buttons act; the blind player's requests reach him as answered in the log; the arbiter's
// typed clock reading warns of the floors, and his decisions and evidence log are his own.
import { expect, test } from 'vitest';
import { ArbiterDriver, AssistantDriver } from '../../src/controllers/officialDrivers.ts';

test('the blind player’s assistant presses his clock once announced, then relays his move', () => {
  const d = new AssistantDriver({
    blindColor: 'w',
    relay: 'assisted',
    requireRepetition: false,
    roles: ['blind', 'sighted', 'blindAssistant'],
  }).as('blind', { kind: 'startGame' });
  expect(d.screen.duties.length).toBeGreaterThan(0);
  expect(d.screen.tasks).toEqual([]);
  d.as('blind', { kind: 'lift', square: 'e2' }).as('blind', { kind: 'place', square: 'e4' });
  expect(d.screen.progress).toMatchObject({
    holding: null,
    placed: { from: 'e2', to: 'e4' },
    announced: null,
  });
  d.as('blind', { kind: 'announce' });
  expect(d.screen.tasks.map((t) => t.kind)).toEqual(['pressClock']);
  d.doTask('pressClock');
  expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
  expect(d.screen.tasks).toMatchObject([{ kind: 'execute', board: 'sighted', uci: 'e2e4' }]);
  d.doTask('execute');
  expect(d.state.boards.sighted.game.moves).toEqual(['e2e4']);
  expect(d.screen.tasks).toEqual([]);
});

test('the blind player’s requests reach his assistant as they are answered; a touch report needs a square', () => {
  const d = new AssistantDriver({ blindColor: 'w', roles: ['blind', 'sighted', 'blindAssistant'] }).as(
    'blind',
    {
      kind: 'startGame',
    },
  );
  expect(d.screen.requests).toEqual([]);
  d.as('blind', { kind: 'query', topic: 'movesMade' });
  expect(d.screen.requests.map((r) => r.answer)).toMatchObject([
    { topic: 'movesMade', moves: { w: 0, b: 0 } },
  ]);
  const before = d.state.log.length;
  d.input({ kind: 'reportTouch', text: 'e9' });
  expect(d.state.log.length).toBe(before);
});

test('a spectator is offered nothing', () => {
  const d = new AssistantDriver({ blindColor: 'w' }, 'spectator').as('blind', { kind: 'startGame' });
  d.as('blind', { kind: 'lift', square: 'e2' }).as('blind', { kind: 'place', square: 'e4' });
  d.as('blind', { kind: 'announce' });
  expect(d.screen).toMatchObject({ tasks: [], mayClaimTime: false, mayReportTouch: false });
});

test('the arbiter stops the clocks, sets the used time and decides; the evidence log is in his words', () => {
  const d = new ArbiterDriver({ blindColor: 'w', roles: ['blind', 'sighted', 'arbiter'] }).as('blind', {
    kind: 'startGame',
  });
  d.input({ kind: 'stopClocks' });
  expect(d.state.clock.running).toBeNull();
  // Not a time: nothing is sent.
  const logged = d.state.log.length;
  d.input({ kind: 'adjustClock', color: 'w', minutes: 'ten', seconds: '0' });
  expect(d.state.log.length).toBe(logged);
  d.input({ kind: 'adjustClock', color: 'b', minutes: '12', seconds: '30' });
  expect(d.screen.lastAdjustment).toMatchObject({ type: 'clockAdjusted', color: 'b' });
  d.input({ kind: 'resumeClocks' });
  expect(d.screen.evidence.at(-1)?.by).toBe('arbiter');
  expect(d.screen.evidence.map((r) => r.what).join(' | ')).toMatch(/clock/i);
});
