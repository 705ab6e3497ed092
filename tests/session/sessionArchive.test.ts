// Saving a game as it is played: the archive follows a match session's state after every change.
import { describe, expect, test } from 'vitest';
import { createArchive } from '../../src/session/archive.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { createMatch } from '../../src/match/setup.ts';
import { GrowingList } from '../../src/core/lists.ts';
import type { MatchState } from '../../src/match/types.ts';
import { archiveSession, type ArchivableSession } from '../../src/screens/archive/sessionArchiver.ts';

function matchAfter(moves: string[]): MatchState {
  const m = createMatch({ moves });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

/** A session whose state the test sets, as the reducer would after each intent. */
function fakeSession(initial: MatchState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const session: ArchivableSession = {
    getState: () => state,
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  const set = (next: MatchState) => {
    state = next;
    for (const l of listeners) l();
  };
  return { session, set, listeners };
}

describe('archiveSession', () => {
  test('nothing is saved before the first move; then every change is saved, result and log included', () => {
    const archive = createArchive(memoryStore());
    const { session, set, listeners } = fakeSession(matchAfter([]));
    let t = 1000;
    const stop = archiveSession(session, archive, {
      id: 'g1',
      source: 'local',
      tags: { White: 'Anna', Black: 'Bert' },
      now: () => t,
    });
    expect(archive.list()).toEqual([]);
    set(matchAfter(['e2e4']));
    expect(archive.get('g1')?.game.moves).toEqual(['e2e4']);
    expect(archive.list()[0]).toMatchObject({ inProgress: true, moves: null, white: 'Anna' });
    t = 2000;
    const finished = matchAfter(['e2e4', 'e7e5']);
    const log = [{ seq: 1, at: 5, by: 'blind' as const, what: 'resign', detail: '', refused: false }];
    set({ ...finished, result: { winner: 'w', reason: 'resignation' }, log: GrowingList.of(log) });
    expect(archive.get('g1')?.result).toEqual({ winner: 'w', reason: 'resignation' });
    expect(archive.list()[0]).toMatchObject({ inProgress: false, moves: 1, result: '1-0', savedAt: 2000 });
    expect(archive.log('g1')).toEqual(log);
    stop();
    expect(listeners.size).toBe(0);
  });

  // Issue 28: the PGN date was the UTC day. It is now the day the game began where the players
  // sit (the start in the log, in their time zone), with UTCDate and UTCTime beside it.
  test.each([
    [
      '00:30 in UTC+2',
      Date.UTC(2026, 10, 21, 22, 30),
      120,
      '2026.11.22',
      '00:30:00',
      '2026.11.21',
      '22:30:00',
    ],
    [
      '23:30 in UTC-5',
      Date.UTC(2026, 10, 23, 4, 30),
      -300,
      '2026.11.22',
      '23:30:00',
      '2026.11.23',
      '04:30:00',
    ],
  ])(
    'a game begun at %s is dated that day where it was played',
    (_, startedAt, offset, date, time, utcDate, utcTime) => {
      const archive = createArchive(memoryStore());
      const start = [
        { seq: 1, at: startedAt, by: 'blind' as const, what: 'startGame', detail: '', refused: false },
      ];
      const { session, set } = fakeSession({ ...matchAfter([]), log: GrowingList.of(start) });
      const offsets: number[] = [];
      archiveSession(session, archive, {
        id: 'g1',
        source: 'local',
        tags: { White: 'Anna', Black: 'Bert' },
        // The archive starts the next day: the date is still the game's.
        now: () => startedAt + 86_400_000,
        utcOffset: (at) => (offsets.push(at), offset),
      });
      set({ ...matchAfter(['e2e4']), log: GrowingList.of(start) });
      const pgn = archive.pgn('g1') ?? '';
      expect(pgn).toContain(`[Date "${date}"]`);
      expect(pgn).toContain(`[Time "${time}"]`);
      expect(pgn).toContain(`[UTCDate "${utcDate}"]`);
      expect(pgn).toContain(`[UTCTime "${utcTime}"]`);
      // The offset asked for is the one in force when the game began (daylight saving time).
      expect(offsets).toEqual([startedAt]);
      expect(archive.list()[0]).toMatchObject({ date });
    },
  );
});
