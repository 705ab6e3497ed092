/**
 * What every MatchSession tells (local.ts, mirror.ts, remote.ts), written once: the state changed
 * (for React's useSyncExternalStore) and a batch of events with the state they left (for the
 * screens' speech). Both over the one emitter (ports/emitter.ts).
 */
import type { MatchEvent } from '../match/events.ts';
import type { MatchState } from '../match/types.ts';
import { makeEmitter } from '../ports/emitter.ts';

/** Hears a batch of events and the state they left. */
export type EventsListener = (events: readonly MatchEvent[], state: MatchState) => void;

export interface SessionNews {
  /** For useSyncExternalStore: called after every state change. */
  subscribe(listener: () => void): () => void;
  onEvents(listener: EventsListener): () => void;
  /** Tells the `subscribe` listeners that the state changed. */
  changed(): void;
  /** Tells the `onEvents` listeners a batch of events; an empty batch is not told. */
  told(events: readonly MatchEvent[], state: MatchState): void;
}

/** A session's news with nobody listening yet. */
export function sessionNews(): SessionNews {
  const state = makeEmitter();
  const batches = makeEmitter<{ readonly events: readonly MatchEvent[]; readonly state: MatchState }>();
  return {
    changed: () => state.emit(),
    told(events, after) {
      if (events.length > 0) batches.emit({ events, state: after });
    },
    subscribe: (listener) => state.subscribe(listener),
    onEvents: (listener) => batches.subscribe((b) => listener(b.events, b.state)),
  };
}
