// The practice game headless: the blind player's screen model and the practice model on one
// practice session, with a scripted engine in the computer's seat. The opponent is said at the
// start, the computer answers the player's move, a hint is given only on his own turn and never in
// competition, the take-back key undoes his last move, and an engine that cannot start says why.
import { afterEach, expect, test } from 'vitest';
import { legalMoves } from '../../src/core/index.ts';
import { PracticeDriver } from '../../src/controllers/practiceDriver.ts';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { DEFAULT_PRACTICE, startPracticeSession } from '../../src/practice/session.ts';
import { startEngineOpponent } from '../../src/practice/opponent.ts';
import type { Level } from '../../src/engine/levels.ts';
import { ENGINE_UNAVAILABLE, type Engine } from '../../src/ports/engine.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { practiceTranslator } from '../../src/screens/practice/messages.ts';

/** An engine that always plays the first legal move. */
const firstMove: Engine = {
  newGame: () => undefined,
  search: async (fen) => ({ bestMove: legalMoves(fen)[0]?.uci ?? null, lines: [] }),
  dispose: () => undefined,
};

const drivers: PracticeDriver[] = [];
function practice(loadEngine: () => Promise<Engine> = async () => firstMove) {
  const session = startPracticeSession(DEFAULT_SETTINGS, DEFAULT_PRACTICE, manualClock(0));
  const d = new PracticeDriver(session, loadEngine, {
    level: 1,
    words: practiceTranslator('en'),
    seat: (s, engine, { level, onError }) =>
      startEngineOpponent(s, engine, { level: level as Level, random: () => 0.5, onError }),
  });
  drivers.push(d);
  return d;
}
afterEach(() => {
  for (const d of drivers.splice(0)) d.dispose();
});

test('the opponent is said after the opening; the computer answers the move; hints only on his turn', async () => {
  const d = practice();
  expect(d.texts.join(' ')).toMatch(/New game\..*Your opponent: the computer, level 1\./);
  await d.idle();
  expect(d.practice.getView().status).toBe('The computer plays at level 1.');
  await d.hint();
  expect(d.last).toMatch(/^Hint: /);
  d.playMove('e2', 'e4').clear();
  // Asked while the computer thinks: no hint (its move may be said right after).
  await d.hint();
  expect(d.texts[0]).toBe('No hint now: it is not your turn.');
  await d.idle();
  expect(d.state.plies).toHaveLength(2);
  // The computer's move is said once (issue 28), not again as "On your board: … Your move."
  expect(d.texts.filter((t) => t.includes('Bella eight to Cesar six'))).toEqual([
    'Knight Bella eight to Cesar six',
  ]);
});

test('the take-back key undoes the player’s last move', async () => {
  const d = practice();
  await d.idle();
  d.playMove('e2', 'e4');
  await d.idle();
  expect(d.practice.keyDown({ key: 'u' })).toBe(true);
  expect(d.state.plies.length).toBeLessThan(2);
});

test('an engine that cannot start says why, assertively', async () => {
  const d = practice(async () => {
    const e = new Error('no engine');
    e.name = ENGINE_UNAVAILABLE;
    throw e;
  });
  await d.idle();
  expect(d.practice.getView().status).toMatch(/^The computer could not be started: it is not on this device/);
  expect(d.said.at(-1)).toMatchObject({ politeness: 'assertive' });
});
