/**
 * A room as the client sees it: the match state folded from the server's log, the events each
 * entry produced, and the seat it is seen from. The fold is the session log's (log.ts): a room's
 * entry is a session entry with the seat that sent it, applied by the same `applyEntry` as a local
 * game's, so a reloaded screen rebuilds exactly the state it had. Pure (no React, no sockets);
 * shared by the remote session (remote.ts), the officials' headless rooms and the tests.
 */
import { createMatch, type MatchOptions } from '../match/setup.ts';
import type { MatchEvent } from '../match/events.ts';
import type { MatchState } from '../match/types.ts';
import type { Json, LogEntry, Seat } from '../net/protocol.ts';
import { applyEntry, roomEntry, type RoomEntry } from './log.ts';

/** One log entry with the events it produced. */
export interface FoldedEntry {
  readonly entry: RoomEntry;
  readonly events: readonly MatchEvent[];
}

export interface RoomView {
  readonly code: string;
  readonly role: Seat;
  readonly config: { readonly [key: string]: Json };
  readonly state: MatchState;
  readonly lastSeq: number;
  /** The most recent entries and their events (bounded; the state holds the full evidence log). */
  readonly recent: readonly FoldedEntry[];
}

const RECENT_LIMIT = 200;

/** A room before any entry. Null when the stored configuration is not a valid match setup. */
export function openRoom(
  code: string,
  role: Seat,
  config: { readonly [key: string]: Json },
): RoomView | null {
  const created = createMatch(config as unknown as MatchOptions);
  return created.ok ? { code, role, config, state: created.value, lastSeq: 0, recent: [] } : null;
}

/** Applies new entries from the wire in order; entries already applied are skipped. */
export function foldRoom(view: RoomView, entries: readonly LogEntry[]): RoomView {
  let { state, lastSeq } = view;
  const added: FoldedEntry[] = [];
  for (const wire of entries) {
    if (wire.seq <= lastSeq) continue;
    const entry = roomEntry(wire);
    const next = applyEntry(state, entry);
    state = next.state;
    lastSeq = entry.seq;
    added.push({ entry, events: next.events });
  }
  if (added.length === 0) return view;
  return { ...view, state, lastSeq, recent: [...view.recent, ...added].slice(-RECENT_LIMIT) };
}

/** The events of the recent entries that `role` should hear or see, newest last. */
export function eventsForRole(view: RoomView, role: Seat = view.role): MatchEvent[] {
  return view.recent.flatMap((f) =>
    f.events.filter((e) => e.audience === 'everyone' || e.audience.includes(role)),
  );
}
