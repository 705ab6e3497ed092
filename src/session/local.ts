/**
 * A match session on one device: the match state, the one path to change it (an intent through
 * the match reducer, with the time from the Clock port) and subscriptions for React
 * (useSyncExternalStore) and for the screens' speech (the events of each dispatch). The local
 * opponent and the blind player's screen share one session; the paired screens use a remote one
 * with the same shape.
 */
import type { Intent } from '../match/intents.ts';
import type { MatchEvent } from '../match/events.ts';
import type { MatchState } from '../match/types.ts';
import type { Clock } from '../ports/clock.ts';

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

/** A session held in memory on this device. */
export function createLocalSession(
  initial: MatchState,
  reduce: Reducer,
  observe: Observer,
  clock: Clock,
): MatchSession {
  let state = initial;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(events: readonly MatchEvent[], state: MatchState) => void>();
  const commit = (r: { readonly state: MatchState; readonly events: readonly MatchEvent[] }) => {
    const changed = r.state !== state;
    state = r.state;
    if (changed) for (const l of [...listeners]) l();
    if (r.events.length > 0) for (const l of [...eventListeners]) l(r.events, state);
    return r.events;
  };
  return {
    clock,
    getState: () => state,
    dispatch: (intent) => commit(reduce(state, intent, clock.now())),
    tick: () => commit(observe(state, clock.now())),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onEvents(listener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
  };
}
