/**
 * Games kept on the device (DESIGN.md principle 7): each game's head (match options) and its log as
 * JSON lines in the Storage port, written step by step as the game is played, and a pointer to the
 * game running on this device. Local games (both players at this device) and practice games
 * against the computer are kept apart, each kind with its own running game, so neither screen
 * resumes the other's. `startStoredSession` makes a new game, `resumeStoredSession` folds a stored
 * one back into a live session that carries on writing to the same log.
 */
import type { Clock } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/storage.ts';
import { observe, reduce } from '../match/reducer.ts';
import type { MatchOptions } from '../match/setup.ts';
import type { MatchState } from '../match/types.ts';
import { createLocalSession, type Journal, type MatchSession } from './local.ts';
import { foldLog, formatEntry, openLog, parseEntries, parseHead, type SessionHead } from './log.ts';

/** The kinds of game a device keeps: local games, and practice games against the computer. */
export type StoredGameKind = 'local' | 'practice';

const keysOf = (kind: StoredGameKind) => ({
  current: `twinboard.${kind}.current`,
  head: (id: string) => `twinboard.${kind}.${id}.head`,
  log: (id: string) => `twinboard.${kind}.${id}.log`,
});

/** A stored local game folded back to its state. */
export interface StoredGame {
  readonly head: SessionHead;
  readonly state: MatchState;
  readonly lastSeq: number;
}

/** The local games on this device. */
export interface SessionStore {
  /** The id of the game running on this device (the one a reload resumes), if any. */
  current(): string | null;
  setCurrent(id: string | null): void;
  /** A stored game, or null when there is none with this id (or it cannot be read). */
  load(id: string): StoredGame | null;
  /** A journal appending to a game's log. */
  journal(id: string): Journal;
  /** Writes a new game's head with an empty log. */
  create(head: SessionHead): void;
  remove(id: string): void;
}

/**
 * The store of one kind of game over a key–value store (localStorage in the browser, memory in
 * tests): local games by default.
 */
export function createSessionStore(kv: KeyValueStore, kind: StoredGameKind = 'local'): SessionStore {
  const { current, head: headKey, log: logKey } = keysOf(kind);
  return {
    current: () => kv.get(current),
    setCurrent: (id) => (id === null ? kv.remove(current) : kv.set(current, id)),
    load(id) {
      const headText = kv.get(headKey(id));
      if (headText === null) return null;
      const head = parseHead(headText);
      if (!head.ok) return null;
      const entries = parseEntries(kv.get(logKey(id)) ?? '');
      const state = foldLog(head.value, entries);
      return state.ok ? { head: head.value, state: state.value, lastSeq: entries.at(-1)?.seq ?? 0 } : null;
    },
    journal(id) {
      // The text is kept in memory so each step appends one line instead of re-reading the log.
      let text = kv.get(logKey(id)) ?? '';
      return {
        append(entry) {
          text += `${formatEntry(entry)}\n`;
          kv.set(logKey(id), text);
        },
      };
    },
    create(head) {
      kv.set(headKey(head.id), JSON.stringify(head));
      kv.set(logKey(head.id), '');
    },
    remove(id) {
      kv.remove(headKey(id));
      kv.remove(logKey(id));
      if (kv.get(current) === id) kv.remove(current);
    },
  };
}

/**
 * Whether the device keeps an unfinished game of `kind` under `id`, one that can be resumed here (an
 * archived game whose log is not kept, such as a practice game from before they were kept, cannot).
 */
export function canResume(kv: KeyValueStore, kind: StoredGameKind, id: string): boolean {
  const stored = createSessionStore(kv, kind).load(id);
  return stored !== null && stored.state.phase !== 'over';
}

/** A new local game, stored and made current, with the game started (clocks standing at zero use). */
export function startStoredSession(store: SessionStore, head: SessionHead, clock: Clock): MatchSession {
  const opened = openLog(head);
  // The options are made by the app from valid settings; a failure here is a programming error.
  if (!opened.ok) throw new Error(opened.error.message);
  store.create(head);
  store.setCurrent(head.id);
  const session = createLocalSession(opened.value, reduce, observe, clock, store.journal(head.id));
  session.dispatch({ kind: 'startGame', by: 'blind' });
  return session;
}

/** A stored game as a live session that keeps writing to its log; null when it cannot be read. */
export function resumeStoredSession(
  store: SessionStore,
  id: string,
  clock: Clock,
): { readonly session: MatchSession; readonly head: SessionHead } | null {
  const stored = store.load(id);
  if (!stored) return null;
  const journal = store.journal(id);
  const session = createLocalSession(stored.state, reduce, observe, clock, journal, stored.lastSeq + 1);
  return { session, head: stored.head };
}

/** Match options for a memory-only session (tests, previews): the same start as a stored one. */
export function startMemorySession(options: MatchOptions, clock: Clock): MatchSession {
  const opened = openLog({ id: 'memory', options, createdAt: clock.now() });
  if (!opened.ok) throw new Error(opened.error.message);
  const session = createLocalSession(opened.value, reduce, observe, clock);
  session.dispatch({ kind: 'startGame', by: 'blind' });
  return session;
}
