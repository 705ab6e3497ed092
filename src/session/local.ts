/**
 * A match session on one device: the match state, the one path to change it (an intent through
 * the match reducer, with the time from the Clock port) and subscriptions for React
 * (useSyncExternalStore) and for the screens' speech (the events of each dispatch). Every step is
 * written to the session's journal (log.ts entries, kept on the device by store.ts) before its
 * events are told, so a reload resumes the game where it was (DESIGN.md principle 7). The local
 * opponent and the blind player's screen share one session; the paired screens use a remote one
 * with the same shape.
 */
import type { Intent } from '../match/intents.ts';
import type { MatchEvent } from '../match/events.ts';
import type { MatchState } from '../match/types.ts';
import type { Clock } from '../ports/clock.ts';
import type { SessionEntry } from './log.ts';
import { sessionNews } from './news.ts';

/** The reducer's signature (src/match: `reduce(state, intent, now)`). */
export type Reducer = (
  state: MatchState,
  intent: Intent,
  now: number,
) => { readonly state: MatchState; readonly events: readonly MatchEvent[] };

/** The reducer's time step (src/match: `observe(state, now)`: flags that have fallen). */
export type Observer = (
  state: MatchState,
  now: number,
) => { readonly state: MatchState; readonly events: readonly MatchEvent[] };

export interface MatchSession {
  getState(): MatchState;
  /** Lets time pass (a flag that fell is signalled); screens call it from a timer. */
  tick(): readonly MatchEvent[];
  /** Applies an intent now; returns the events (also sent to `onEvents` listeners). */
  dispatch(intent: Intent): readonly MatchEvent[];
  /** For useSyncExternalStore: called after every state change. */
  subscribe(listener: () => void): () => void;
  onEvents(listener: (events: readonly MatchEvent[], state: MatchState) => void): () => void;
  readonly clock: Clock;
}

/** Where a local session writes each step as it is taken. */
export interface Journal {
  append(entry: SessionEntry): void;
}

/**
 * A session held on this device. `journal` receives every step (none: memory only); `nextSeq`
 * continues a resumed log.
 */
export function createLocalSession(
  initial: MatchState,
  reduce: Reducer,
  observe: Observer,
  clock: Clock,
  journal?: Journal,
  nextSeq = 1,
): MatchSession {
  let state = initial;
  let seq = nextSeq;
  const news = sessionNews();
  const commit = (r: { readonly state: MatchState; readonly events: readonly MatchEvent[] }) => {
    const changed = r.state !== state;
    state = r.state;
    if (changed) news.changed();
    news.told(r.events, state);
    return r.events;
  };
  return {
    clock,
    getState: () => state,
    dispatch(intent) {
      const at = clock.now();
      const r = reduce(state, intent, at);
      journal?.append({ seq: seq++, at, intent });
      return commit(r);
    },
    tick() {
      const at = clock.now();
      const r = observe(state, at);
      // Only a step that changed the match is kept: replaying it at `at` gives the same change.
      if (r.state !== state) journal?.append({ seq: seq++, at, intent: null });
      return commit(r);
    },
    subscribe: news.subscribe,
    onEvents: news.onEvents,
  };
}
