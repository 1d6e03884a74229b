import { describe, expect, it } from 'vitest';
import { FirstRows } from './first-rows';

describe('FirstRows: the first row of each duplicate key, as digests', () => {
  it('keeps the first row of a key and answers undefined for a key never added', () => {
    const first = new FirstRows();
    expect(first.get('email:ruth@example.org')).toBeUndefined();
    first.add('email:ruth@example.org', 2);
    first.add('email:ruth@example.org', 9);
    expect(first.get('email:ruth@example.org')).toBe(2);
    expect(first.get('email:Ruth@example.org')).toBeUndefined();
    expect(first.get('')).toBeUndefined();
    first.add('', 3);
    expect(first.get('')).toBe(3);
  });

  it('keeps every key through its growth, and holds 12 bytes a slot at most half full', () => {
    const first = new FirstRows();
    const keys = 300_000;
    for (let i = 0; i < keys; i++) first.add(`name:partner ${i}|phone:555${i}`, i + 2);
    const lost: number[] = [];
    for (let i = 0; i < keys; i += 7) if (first.get(`name:partner ${i}|phone:555${i}`) !== i + 2) lost.push(i);
    expect(lost).toEqual([]);
    // Keys near the ones added, never added themselves.
    let strays = 0;
    for (let i = 0; i < 50_000; i++) if (first.get(`name:partner ${i}|phone:556${i}`) !== undefined) strays++;
    expect(strays).toBe(0);
    // 300,000 keys: 2^20 slots (at most half full) of 12 bytes, 12 MiB.
    expect(first.bytes).toBe(2 ** 20 * 12);
  });

  it('refuses a row number that would read as an empty slot', () => {
    expect(() => new FirstRows().add('email:a@example.org', 0)).toThrow(RangeError);
  });
});
