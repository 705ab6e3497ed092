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

/** Items per shared chunk of a GrowingList. */
const CHUNK = 32;

/**
 * An immutable list that grows at its end and shares what it holds with the lists grown from it:
 * the items stand in full chunks of CHUNK, which every later list shares, and a tail of fewer,
 * which is copied when an item is added. Adding an item copies at most CHUNK + length / CHUNK
 * slots, not the whole list (issue 14: the evidence log gains a line on every intent and holds
 * hundreds late in a long game; copied whole, it cost more per intent the longer the game, and
 * the copies that the room's state kept reached the old generation). Two lists of the same items
 * are laid out alike, so they compare equal field by field; JSON sees a plain array.
 */
export class GrowingList<T> {
  private constructor(
    private readonly chunks: readonly (readonly T[])[],
    private readonly tail: readonly T[],
  ) {}

  static empty<T>(): GrowingList<T> {
    return new GrowingList<T>([], []);
  }

  get length(): number {
    return this.chunks.length * CHUNK + this.tail.length;
  }

  static of<T>(items: readonly T[]): GrowingList<T> {
    return GrowingList.empty<T>().concat(items);
  }

  /** The list with `item` added at its end. */
  with(item: T): GrowingList<T> {
    if (this.tail.length < CHUNK - 1) return new GrowingList(this.chunks, withItem(this.tail, item));
    return new GrowingList(withItem(this.chunks, withItem(this.tail, item)), []);
  }

  /** The list with `items` added at its end, in their order. */
  concat(items: readonly T[]): GrowingList<T> {
    let chunks = this.chunks;
    let tail = this.tail;
    let i = 0;
    while (i < items.length) {
      const room = CHUNK - tail.length;
      const taken = items.slice(i, i + room);
      i += taken.length;
      if (tail.length + taken.length === CHUNK) {
        chunks = withItem(chunks, tail.concat(taken));
        tail = [];
      } else tail = tail.concat(taken);
    }
    return new GrowingList(chunks, tail);
  }

  /** The item at `index`; a negative index counts from the end, as `Array.prototype.at`. */
  at(index: number): T | undefined {
    const i = index < 0 ? this.length + index : index;
    if (i < 0 || i >= this.length) return undefined;
    const chunk = Math.floor(i / CHUNK);
    return chunk < this.chunks.length ? this.chunks[chunk]?.[i % CHUNK] : this.tail[i % CHUNK];
  }

  some(test: (item: T) => boolean): boolean {
    for (const chunk of this.chunks) if (chunk.some(test)) return true;
    return this.tail.some(test);
  }

  filter(test: (item: T) => boolean): T[] {
    return this.toArray().filter(test);
  }

  map<U>(f: (item: T, index: number) => U): U[] {
    return this.toArray().map(f);
  }

  /** Items [start, end) as an array, as `Array.prototype.slice`. */
  slice(start?: number, end?: number): T[] {
    return this.toArray().slice(start, end);
  }

  toArray(): T[] {
    return ([] as T[]).concat(...this.chunks, this.tail);
  }

  toJSON(): T[] {
    return this.toArray();
  }
}
