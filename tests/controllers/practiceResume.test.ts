// A practice game kept on the device like a local game (issue 28): a reload (a new store over the
// same storage) comes back to the same game against the computer — position, side, the computer's
// level, time control and relay, the clocks — says so once with whose move it is and the last
// move, and plays on; the engine hears of the game anew. Local and practice games keep apart, a
// finished one is not resumed, and the record names the computer, not "sighted".
import { afterEach, describe, expect, test } from 'vitest';
import { legalMoves, START_FEN, timeUsed } from '../../src/core/index.ts';
import { PracticeDriver } from '../../src/controllers/practiceDriver.ts';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import {
  PRACTICE_TIME_CONTROLS,
  resumeStoredPractice,
  runningPractice,
  startStoredPractice,
  type OpenedPractice,
  type PracticeChoices,
} from '../../src/practice/session.ts';
import { startEngineOpponent } from '../../src/practice/opponent.ts';
import type { Level } from '../../src/engine/levels.ts';
import type { Engine } from '../../src/ports/engine.ts';
import { manualClock, type ManualClock } from '../../src/ports/clock.ts';
import { memoryStore, type KeyValueStore } from '../../src/ports/storage.ts';
import { canResume, createSessionStore, startStoredSession } from '../../src/session/store.ts';
import { createArchive } from '../../src/session/archive.ts';
import { evidenceLogText, PRACTICE_AUTHORS } from '../../src/record/index.ts';
import { exportPgn } from '../../src/record/pgn.ts';
import { archiveGame } from '../../src/screens/archive/sessionArchiver.ts';
import { practiceTags, practiceTranslator } from '../../src/screens/practice/messages.ts';
import { describeMove } from '../../src/speech/describe.ts';

/** An engine that plays the first legal move, and keeps what it was asked. */
function firstMoveEngine(calls: string[] = []): Engine {
  return {
    newGame: () => void calls.push('newGame'),
    search: async (fen) => {
      calls.push('search');
      return { bestMove: legalMoves(fen)[0]?.uci ?? null, lines: [] };
    },
    dispose: () => void calls.push('dispose'),
  };
}

const drivers: PracticeDriver[] = [];
afterEach(() => {
  for (const d of drivers.splice(0)) d.dispose();
});

/** The practice screen, headless, on a game opened from the device. */
function play(game: OpenedPractice, engine: Engine = firstMoveEngine()) {
  const d = new PracticeDriver(game.session, async () => engine, {
    level: game.level,
    opening: game.resumed ? 'resumed' : 'new',
    words: practiceTranslator('en'),
    seat: (s, e, { level, onError }) =>
      startEngineOpponent(s, e, { level: level as Level, random: () => 0.5, onError }),
  });
  drivers.push(d);
  return d;
}

const CHOICES: PracticeChoices = { level: 3, color: 'w', timeControl: 3, relay: 'automatic' };

/** A practice game started on the device, two plies played (the player's and the computer's). */
async function twoPlies(kv: KeyValueStore, clock: ManualClock, choices = CHOICES) {
  const store = createSessionStore(kv, 'practice');
  const game = startStoredPractice(store, 'g1', DEFAULT_SETTINGS, choices, clock);
  const d = await play(game).idle();
  clock.advance(2_000);
  if (choices.color === 'w') d.playMove('e2', 'e4');
  await d.idle();
  return { game, d };
}

describe('a practice game kept on the device', () => {
  test('a reload comes back to the same game against the computer, says so once, and plays on', async () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const { d: first } = await twoPlies(kv, clock);
    const before = first.state;
    expect(before.plies.map((p) => p.uci)).toHaveLength(2);
    first.dispose();
    clock.advance(5_000);

    // The tab is gone; the practice screen opens the device's store again.
    const opened = runningPractice(createSessionStore(kv, 'practice'), clock);
    expect(opened).toMatchObject({ id: 'g1', level: 3, color: 'w', resumed: true });
    const game = opened!;
    expect(game.session.getState()).toEqual(before);
    expect(game.session.getState().setup).toMatchObject({
      practice: true,
      blindColor: 'w',
      relay: 'automatic',
      timeControl: PRACTICE_TIME_CONTROLS[3],
    });

    const calls: string[] = [];
    const d = await play(game, firstMoveEngine(calls)).idle();
    // The computer's reply was the first legal move after 1. e4.
    const afterE4 = legalMoves(START_FEN).find((m) => m.uci === 'e2e4')!.fenAfter;
    const reply = legalMoves(afterE4)[0]!;
    expect(before.plies[1]?.uci).toBe(reply.uci);
    expect(d.texts).toEqual([
      `Game resumed. You play White. Your move. Last move: ${describeMove(afterE4, reply.uci)}.`,
      'Your opponent: the computer, level 3.',
    ]);
    // The engine hears of a game it has not seen before its first search.
    expect(calls[0]).toBe('newGame');

    // The clocks go on from the computer's press: the player's time ran during the reload.
    expect(d.state.clock.running).toBe('w');
    expect(timeUsed(d.state.clock, 'w', clock.now())).toBeGreaterThanOrEqual(5_000);

    d.clear().playMove('d2', 'd4');
    await d.idle();
    expect(d.state.plies.map((p) => p.color)).toEqual(['w', 'b', 'w', 'b']);
    // And the game goes on being kept: a second reload has all four plies.
    const again = createSessionStore(kv, 'practice').load('g1');
    expect(again?.state.plies).toHaveLength(4);
  });

  test('as Black in manual relay, with the computer to move: its level and side come back', async () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const choices: PracticeChoices = { level: 5, color: 'b', timeControl: 0, relay: 'manual' };
    const store = createSessionStore(kv, 'practice');
    // No engine yet: the computer (White) has not moved when the page goes.
    startStoredPractice(store, 'g2', DEFAULT_SETTINGS, choices, clock);
    const game = resumeStoredPractice(createSessionStore(kv, 'practice'), 'g2', clock)!;
    expect(game).toMatchObject({ level: 5, color: 'b', resumed: true });
    const d = play(game);
    expect(d.texts).toEqual([
      'Game resumed. You play Black. Your opponent’s move. No move has been played.',
      'Your opponent: the computer, level 5.',
    ]);
    await d.idle();
    expect(d.state.plies).toHaveLength(1);
    expect(d.state.setup.relay).toBe('manual');
  });

  test('a finished game is not resumed; local and practice games keep apart', async () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const { d } = await twoPlies(kv, clock);
    // A local game on the same device: neither store sees the other's.
    startStoredSession(createSessionStore(kv), { id: 'l1', options: {}, createdAt: 0 }, clock);
    expect(createSessionStore(kv).current()).toBe('l1');
    expect(createSessionStore(kv).load('g1')).toBeNull();
    expect(createSessionStore(kv, 'practice').current()).toBe('g1');
    expect(resumeStoredPractice(createSessionStore(kv, 'practice'), 'l1', clock)).toBeNull();
    // The archive offers to resume only what the device keeps, on the screen of its kind.
    expect(canResume(kv, 'practice', 'g1')).toBe(true);
    expect(canResume(kv, 'local', 'g1')).toBe(false);
    expect(canResume(kv, 'practice', 'an-archived-game')).toBe(false);

    d.as('blind', { kind: 'resign' });
    expect(d.state.phase).toBe('over');
    expect(runningPractice(createSessionStore(kv, 'practice'), clock)).toBeNull();
    expect(resumeStoredPractice(createSessionStore(kv, 'practice'), 'g1', clock)).toBeNull();
    expect(canResume(kv, 'practice', 'g1')).toBe(false);
  });

  test('the record names the computer: archive entry, PGN and evidence log', async () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const { game, d } = await twoPlies(kv, clock);
    const stop = archiveGame(game.session, kv, {
      id: game.id,
      source: 'practice',
      tags: practiceTags('en', 'w', 3),
      locale: 'en',
    });
    const archive = createArchive(kv);
    expect(archive.list()).toEqual([
      expect.objectContaining({
        id: 'g1',
        source: 'practice',
        white: 'Blind player',
        black: 'Computer, level 3',
        event: 'Practice against the computer',
        inProgress: true,
      }),
    ]);
    d.as('blind', { kind: 'resign' });
    stop();
    const pgn = exportPgn(archive.get('g1')!);
    expect(pgn).toContain('[Black "Computer, level 3"]');
    expect(pgn).not.toMatch(/sighted/i);
    const log = evidenceLogText(archive.log('g1'), PRACTICE_AUTHORS);
    const computerLines = log.split('\n').filter((l) => /\bcomputer\b/.test(l));
    expect(computerLines.some((l) => /\bmove\b/.test(l))).toBe(true);
    expect(log).not.toMatch(/sighted/i);
  });
});
