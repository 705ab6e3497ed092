/**
 * The one event hub: every `subscribe` of Twinboard (the ports' adapters, the match sessions, the
 * transport) is an emitter like this, so listeners are told in the order they subscribed, each
 * event reaching those subscribed when it was emitted.
 */

/** Emits events to its subscribers. */
export interface Emitter<E> {
  /** Tells every listener subscribed now (one that unsubscribes meanwhile is still told this one). */
  emit(event: E): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (event: E) => void): () => void;
}

/** A new emitter with no listeners. */
export function makeEmitter<E = void>(): Emitter<E> {
  const listeners = new Set<(event: E) => void>();
  return {
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
