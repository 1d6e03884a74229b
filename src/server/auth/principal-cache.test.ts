import { describe, expect, it } from 'vitest';
import { PrincipalCache } from './principal-cache';

describe('PrincipalCache', () => {
  it('remembers a row it read and forgets everything on a change', async () => {
    const cache = new PrincipalCache<string>();
    expect(await cache.read('a', async () => 'row a')).toBe('row a');
    expect(cache.get('a')).toBe('row a');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not remember a session it did not find', async () => {
    const cache = new PrincipalCache<string>();
    expect(await cache.read('gone', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store a row read before a change announced while the read was under way', async () => {
    const cache = new PrincipalCache<string>();
    let finishRead!: (row: string) => void;
    const reading = cache.read('a', () => new Promise<string>((resolve) => (finishRead = resolve)));
    cache.clear();
    finishRead('row read before the change');
    // The caller still gets what it read: its request began before the change.
    expect(await reading).toBe('row read before the change');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.read('a', async () => 'row after the change')).toBe('row after the change');
    expect(cache.get('a')).toBe('row after the change');
  });

  it('holds at most ten thousand sessions, dropping the oldest first', async () => {
    const cache = new PrincipalCache<number>();
    for (let i = 0; i < 10_001; i++) await cache.read(`token-${i}`, async () => i);
    expect(cache.size).toBe(10_000);
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get('token-1')).toBe(1);
    expect(cache.get('token-10000')).toBe(10_000);
  });
});
