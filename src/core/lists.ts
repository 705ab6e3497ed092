/**
 * Immutable lists grown by one item. `[...list, item]` makes V8 grow the copy as it goes and keep
 * room to spare: some twice the bytes of the list; `concat` sizes the copy once (issue 14: the
 * evidence log, the plies and the move lists are copied so on nearly every intent, and the copies
 * the states keep live long enough to reach the old generation).
 */
export function withItem<T>(list: readonly T[], item: T): T[] {
  // `concat` would spread an array item into the list.
  return Array.isArray(item) ? [...list, item] : list.concat(item);
}
