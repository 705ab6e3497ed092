/**
 * The log of a session, the same idea for a local game as for a paired room: every intent with a
 * sequence number and the time it was applied, and the steps where time alone changed the match
 * (a flag seen falling, an automatic clock press). Folding the log with the match reducer from the
 * match options rebuilds the state exactly, piece in hand included, because the reducer is pure
 * and takes its time as a parameter. Pure; the device store (store.ts) keeps it as JSON lines.
 */
import { err, ok, type Result } from '../core/index.ts';
import type { Intent } from '../match/intents.ts';
import { observe, reduce } from '../match/reducer.ts';
import { createMatch, type MatchOptions } from '../match/setup.ts';
import type { MatchState } from '../match/types.ts';

/** One step of a session: an intent, or `null` where only time passed (`observe`). */
export interface SessionEntry {
  readonly seq: number;
  readonly at: number;
  readonly intent: Intent | null;
}

/** What a session starts from: the match options and when it was made. */
export interface SessionHead {
  readonly id: string;
  readonly options: MatchOptions;
  readonly createdAt: number;
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

/** Applies one entry (the same step the live session took). */
export function applyEntry(state: MatchState, entry: SessionEntry): MatchState {
  return entry.intent ? reduce(state, entry.intent, entry.at).state : observe(state, entry.at).state;
}

/** The state after every entry, from the head. */
export function foldLog(head: SessionHead, entries: readonly SessionEntry[]): Result<MatchState, LogError> {
  const opened = openLog(head);
  if (!opened.ok) return opened;
  return ok(entries.reduce(applyEntry, opened.value));
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
    return ok({ id: v.id, createdAt: v.createdAt, options: v.options as MatchOptions });
  } catch (e) {
    return err({ code: 'badHead', message: `The stored game cannot be read: ${(e as Error).message}` });
  }
}
