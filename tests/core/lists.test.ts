// An immutable list grown by one item (the evidence log, the plies, the move lists).
import { expect, test } from 'vitest';
import { withItem } from '../../src/core/index.ts';

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
