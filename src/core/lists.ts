/**
 * Immutable lists grown by one item. `[...list, item]` makes V8 grow the copy as it goes and keep
 * room to spare: some twice the bytes of the list; `concat` of two arrays sizes the copy once and
 * copies it in one go (issue 14: the evidence log, the plies and the move lists are copied so on
 * nearly every intent, and the copies the states keep live long enough to reach the old
 * generation). The item goes in a list of its own: `concat` with a bare item takes a slow path, and
 * would spread an item that is itself a list.
 */
export function withItem<T>(list: readonly T[], item: T): T[] {
  return list.concat([item]);
}
