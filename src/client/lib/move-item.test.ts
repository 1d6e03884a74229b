import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item';

describe('moveItem', () => {
  const items = ['a', 'b', 'c', 'd'];

  it('moves an item up and down by one', () => {
    expect(moveItem(items, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(items, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('moves an item across several places', () => {
    expect(moveItem(items, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('changes nothing past either end, and never touches the original', () => {
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 3, 4)).toEqual(items);
    expect(moveItem(items, 7, 0)).toEqual(items);
    const moved = moveItem(items, 1, 2);
    expect(moved).not.toBe(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
