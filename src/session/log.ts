/**
 * The log of a session, one shape and one fold for a local game and a paired room: every intent
 * with a sequence number and the time it was applied, and, in a local game, the steps where time
 * alone changed the match (a flag seen falling, an automatic clock press). A paired room's entry
 * is the same entry with the seat that sent it (RoomEntry; the server logs intents only). Folding
 * the log with the match reducer from the match options rebuilds the state exactly, piece in hand
 * included, because the reducer is pure and takes its time as a parameter; `applyEntry` is the
 * one place an entry is applied, for the local log (`foldLog`) and the room's (room.ts `foldRoom`).
 * Pure; the device store (store.ts) keeps a local log as JSON lines, the server a room's in SQLite.
 */
import { err, ok, type Result } from '../core/index.ts';
import type { Intent } from '../match/intents.ts';
import { observe, reduce, type Reduction } from '../match/reducer.ts';
import { createMatch, type MatchOptions } from '../match/setup.ts';
import type { MatchState, Role } from '../match/types.ts';
import type { LogEntry } from '../net/protocol.ts';

/** One step of a session: an intent, or `null` where only time passed (`observe`). */
export interface SessionEntry {
  readonly seq: number;
  readonly at: number;
  readonly intent: Intent | null;
}

/**
 * One entry of a paired room's log: a session entry with the seat that sent it. The server logs
 * accepted intents only (time passes on every screen by itself), so `intent` is never null. On the
 * wire and in the server's SQLite log it is these four fields, the intent as JSON with its `by`
 * stamped by the server (`LogEntry` of net/protocol.ts); `roomEntry` reads one.
 */
export interface RoomEntry extends SessionEntry {
  readonly role: Role;
  readonly intent: Intent;
}

/**
 * A room entry from the wire, as it came (no copy). The intent is taken as the match's: the server
 * typed and authorized it before logging it (server/matchEngine.ts), and the client's parser
 * checked that it is an object of a known kind (net/protocol.ts).
 */
export function roomEntry(entry: LogEntry): RoomEntry {
  return entry as unknown as RoomEntry;
}

/** What a session starts from: the match options and when it was made. */
export interface SessionHead {
  readonly id: string;
  readonly options: MatchOptions;
  readonly createdAt: number;
  /** A practice game's computer in the sighted seat: the strength it plays at (engine/levels.ts). */
  readonly computer?: { readonly level: number };
}

export interface LogError {
  readonly code: 'badHead' | 'badSetup';
  readonly message: string;
}

/** The match before its first entry. */
export function openLog(head: SessionHead): Result<MatchState, LogError> {
  const created = createMatch(head.options);
  return created.ok ? ok(created.value) : err({ code: 'badSetup', message: created.error.message });
}

/**
 * Applies one entry, local or a room's: the same step the live session took, its new state and
 * the events it produced.
 */
export function applyEntry(state: MatchState, entry: SessionEntry): Reduction {
  return entry.intent ? reduce(state, entry.intent, entry.at) : observe(state, entry.at);
}

/** The state after every entry, from the head. */
export function foldLog(head: SessionHead, entries: readonly SessionEntry[]): Result<MatchState, LogError> {
  const opened = openLog(head);
  if (!opened.ok) return opened;
  return ok(entries.reduce((state, entry) => applyEntry(state, entry).state, opened.value));
}

/** One entry as one line of JSON. */
export function formatEntry(entry: SessionEntry): string {
  return JSON.stringify(entry);
}

/**
 * The entries of a JSON-lines text, in order. A damaged line (a write cut short) ends the log
 * there: what follows it could not be folded onto a state that is missing a step.
 */
export function parseEntries(text: string): SessionEntry[] {
  const entries: SessionEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (!isEntry(value)) break;
      entries.push(value);
    } catch {
      break;
    }
  }
  return entries;
}

function isEntry(value: unknown): value is SessionEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.seq === 'number' &&
    typeof v.at === 'number' &&
    (v.intent === null ||
      (typeof v.intent === 'object' && typeof (v.intent as { kind?: unknown }).kind === 'string'))
  );
}

/** A session head from its stored JSON, or an error. */
export function parseHead(text: string): Result<SessionHead, LogError> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    const v = value as Record<string, unknown>;
    if (
      typeof v.id !== 'string' ||
      typeof v.createdAt !== 'number' ||
      typeof v.options !== 'object' ||
      v.options === null
    )
      throw new Error('missing fields');
    const computer = v.computer as { level?: unknown } | undefined;
    if (computer !== undefined && (typeof computer !== 'object' || typeof computer?.level !== 'number'))
      throw new Error('the computer has no level');
    return ok({
      id: v.id,
      createdAt: v.createdAt,
      options: v.options as MatchOptions,
      ...(computer ? { computer: { level: computer.level as number } } : {}),
    });
  } catch (e) {
    return err({ code: 'badHead', message: `The stored game cannot be read: ${(e as Error).message}` });
  }
}
