/**
 * A local game kept on the device: every step is in the stored log before its events are told, and
 * a reload (a new session folded from the same store) is exactly where the game was — piece in
 * hand included — and carries on with the next sequence number.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/ports/clock.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { createSessionStore, resumeStoredSession, startStoredSession } from '../../src/session/store.ts';
import { parseEntries } from '../../src/session/log.ts';
import { announce } from '../../src/speech/announce.ts';

const head = (id: string) => ({ id, options: { blindColor: 'w' as const }, createdAt: 0 });

describe('a local game kept on the device', () => {
  it('resumes after a reload with the piece in hand and the same evidence log', () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const first = startStoredSession(createSessionStore(kv), head('g1'), clock);
    for (const [by, kind, square] of [
      ['blind', 'lift', 'e2'],
      ['blind', 'place', 'e4'],
    ] as const) {
      clock.advance(500);
      first.dispatch({ kind, square, by });
    }
    first.dispatch({ kind: 'announce', by: 'blind' });
    clock.advance(500);
    expect(first.dispatch({ kind: 'pressClock', by: 'blind' }).some((e) => e.type === 'refused')).toBe(false);
    clock.advance(2_000);
    first.dispatch({ kind: 'move', uci: 'e7e5', by: 'sighted' });
    first.dispatch({ kind: 'pressClock', by: 'sighted' });
    clock.advance(1_000);
    expect(first.dispatch({ kind: 'lift', square: 'g1', by: 'blind' }).map((e) => e.type)).toEqual([
      'lifted',
    ]);
    const before = first.getState();

    // The tab is gone; a new page opens the store again.
    const store = createSessionStore(kv);
    expect(store.current()).toBe('g1');
    const resumed = resumeStoredSession(store, 'g1', clock);
    expect(resumed).not.toBeNull();
    const after = resumed!.session.getState();
    expect(after).toEqual(before);
    expect(after.boards.blind.aperture.hand?.from).toBe('g1');
    expect(after.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);

    // The game goes on, and the next step is logged after the others.
    clock.advance(300);
    const events = resumed!.session.dispatch({ kind: 'place', square: 'f3', by: 'blind' });
    expect(events.some((e) => e.type === 'refused')).toBe(false);
    const seqs = parseEntries(kv.get('twinboard.local.g1.log') ?? '').map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const again = createSessionStore(kv).load('g1');
    expect(again?.state.boards.blind.aperture.placements[0]?.to).toBe('f3');
  });

  it('says the game was resumed and what the player holds, in the chosen vocabulary', () => {
    const words = announce(
      [{ type: 'gameResumed', color: 'w', hand: { piece: 'n', square: 'g1' } }],
      'blind',
      {
        vocabulary: 'ibca1985',
        locale: 'en',
        player: 'w',
      },
    );
    expect(words.map((u) => u.text)).toEqual(['Game resumed. You hold the knight from Gustav one.']);
    const empty = announce([{ type: 'gameResumed', color: 'b', hand: null }], 'sighted', { locale: 'en' });
    expect(empty[0]?.text).toBe('Game resumed. You play Black.');
  });

  it('keeps a fallen flag seen between moves, at the time it was seen', () => {
    const kv = memoryStore();
    const clock = manualClock(0);
    const session = startStoredSession(
      createSessionStore(kv),
      {
        id: 'g2',
        options: {
          timeControl: { label: '1 min', periods: [{ moves: null, timeMs: 60_000 }], repeatLast: false },
        },
        createdAt: 0,
      },
      clock,
    );
    clock.advance(61_000);
    const events = session.tick();
    expect(events.some((e) => e.type === 'flagFell')).toBe(true);
    const stored = createSessionStore(kv).load('g2');
    expect(stored?.state.flagged.w).toBe(true);
    expect(stored?.state).toEqual(session.getState());
  });

  it('drops a damaged tail of the log rather than folding a state with a missing step', () => {
    const kv = memoryStore();
    const clock = manualClock(0);
    const session = startStoredSession(createSessionStore(kv), head('g3'), clock);
    session.dispatch({ kind: 'lift', square: 'e2', by: 'blind' });
    kv.set('twinboard.local.g3.log', `${kv.get('twinboard.local.g3.log') ?? ''}{"seq":3,"at":`);
    const stored = createSessionStore(kv).load('g3');
    expect(stored?.lastSeq).toBe(2);
    expect(stored?.state.boards.blind.aperture.hand?.from).toBe('e2');
  });

  it('does not resume a game that is not stored', () => {
    expect(resumeStoredSession(createSessionStore(memoryStore()), 'nothing', manualClock(0))).toBeNull();
  });
});
