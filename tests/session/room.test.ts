/**
 * One entry shape and one fold (issue 27): a paired room's log, as it comes from the wire, folds to
 * the same state as the same steps kept as a local game's log, and each room entry is the session
 * entry with the seat that sent it.
 */
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../src/match/intents.ts';
import type { LogEntry, WireIntent } from '../../src/net/protocol.ts';
import { foldLog, type SessionEntry } from '../../src/session/log.ts';
import { foldRoom, openRoom } from '../../src/session/room.ts';

const options = { blindColor: 'w' as const };
const intents: Intent[] = [
  { kind: 'startGame', by: 'blind' },
  { kind: 'lift', square: 'e2', by: 'blind' },
  { kind: 'place', square: 'e4', by: 'blind' },
  { kind: 'announce', by: 'blind' },
  { kind: 'pressClock', by: 'blind' },
  { kind: 'move', uci: 'e7e5', by: 'sighted' },
  { kind: 'pressClock', by: 'sighted' },
  { kind: 'lift', square: 'g1', by: 'blind' },
];
const local: SessionEntry[] = intents.map((intent, i) => ({ seq: i + 1, at: 1_000 + 500 * i, intent }));
// What the server sends and keeps: the same fields, the seat, the intent as JSON with its `by`.
const wire: LogEntry[] = local.map((e) => ({
  seq: e.seq,
  at: e.at,
  role: e.intent!.by,
  intent: JSON.parse(JSON.stringify(e.intent)) as WireIntent,
}));

describe('a paired room folds its log as a local game does', () => {
  it('reaches the same state, piece in hand included', () => {
    const room = openRoom('ocean-tiger-lamp', 'blind', options);
    expect(room).not.toBeNull();
    const folded = foldRoom(room!, wire);
    const kept = foldLog({ id: 'g', options, createdAt: 0 }, local);
    expect(kept.ok && kept.value).toEqual(folded.state);
    expect(folded.state.boards.blind.aperture.hand?.from).toBe('g1');
    expect(folded.recent.map((f) => f.entry)).toEqual(wire);
  });

  it('skips the entries it holds already, as they come again after a reconnection', () => {
    const room = openRoom('ocean-tiger-lamp', 'blind', options)!;
    const once = foldRoom(room, wire.slice(0, 4));
    const twice = foldRoom(once, wire);
    expect(twice.state).toEqual(foldRoom(room, wire).state);
    expect(twice.lastSeq).toBe(wire.length);
  });
});
