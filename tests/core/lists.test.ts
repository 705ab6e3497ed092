// Immutable lists: grown by one item (the plies, the move lists), and growing lists (the evidence log).
import { expect, test } from 'vitest';
import { GrowingList, withItem } from '../../src/core/index.ts';

test('the item is added at the end of a new list; the old list stays as it was', () => {
  const moves = ['e2e4', 'e7e5'];
  const longer = withItem(moves, 'g1f3');
  expect(longer).toEqual(['e2e4', 'e7e5', 'g1f3']);
  expect(moves).toEqual(['e2e4', 'e7e5']);
  expect(withItem([], { seq: 1 })).toEqual([{ seq: 1 }]);
});

test('an item that is itself a list is added as one item, not spread into the list', () => {
  const pairs: (readonly string[])[] = [['a', 'b']];
  expect(withItem(pairs, ['c', 'd'])).toEqual([
    ['a', 'b'],
    ['c', 'd'],
  ]);
});

// The evidence log: a list grown on every intent, whose earlier versions earlier states keep.
const numbers = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

test('a growing list reads as the array of what was added, at every length across its chunks', () => {
  let list = GrowingList.empty<number>();
  for (let n = 1; n <= 100; n++) {
    list = list.with(n);
    expect(list).toHaveLength(n);
    expect(list.toArray()).toEqual(numbers(n));
    expect(list.at(0)).toBe(1);
    expect(list.at(n - 1)).toBe(n);
    expect(list.at(-1)).toBe(n);
    expect(list.at(n)).toBeUndefined();
    expect(list.at(-n - 1)).toBeUndefined();
  }
  expect(JSON.stringify(list)).toBe(JSON.stringify(numbers(100)));
});

test('earlier versions of a growing list keep their items when later ones grow, even from the same version', () => {
  const versions = [GrowingList.empty<number>()];
  for (let n = 1; n <= 70; n++) versions.push((versions[n - 1] as GrowingList<number>).with(n));
  const branch = (versions[40] as GrowingList<number>).with(-1);
  const other = (versions[40] as GrowingList<number>).concat([-2, -3]);
  versions.forEach((v, n) => expect(v.toArray()).toEqual(numbers(n)));
  expect(branch.toArray()).toEqual([...numbers(40), -1]);
  expect(other.toArray()).toEqual([...numbers(40), -2, -3]);
});

test('lists of the same items are equal however they were grown, and differ when an item differs', () => {
  const grown = numbers(75).reduce((l, n) => l.with(n), GrowingList.empty<number>());
  const joined = GrowingList.of(numbers(10)).concat(numbers(65, 11));
  expect(joined).toEqual(grown);
  expect(GrowingList.of(numbers(75))).toEqual(grown);
  expect(GrowingList.of([...numbers(74), 0])).not.toEqual(grown);
});

test('a growing list answers some, filter, map and slice as an array would', () => {
  const list = GrowingList.of(numbers(70));
  const array = numbers(70);
  expect(list.some((n) => n === 65)).toBe(true);
  expect(list.some((n) => n === 7)).toBe(true);
  expect(list.some((n) => n > 70)).toBe(false);
  expect(list.filter((n) => n % 9 === 0)).toEqual(array.filter((n) => n % 9 === 0));
  expect(list.map((n, i) => n * 10 + i)).toEqual(array.map((n, i) => n * 10 + i));
  expect(list.slice(30, 40)).toEqual(array.slice(30, 40));
  expect(list.slice(60)).toEqual(array.slice(60));
});
