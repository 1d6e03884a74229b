import { describe, expect, it } from 'vitest';
import { CHANGE_CACHE_MAX_AGE_MS, CHANGE_CACHE_MAX_ENTRIES, ChangeCache } from './change-cache';

describe('answers kept until the change record moves', () => {
  const keepAll = () => true;

  it('computes once for many requests at once, and serves that while nothing changes', async () => {
    const cache = new ChangeCache<number>();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('UTC', 7, compute, keepAll)));
    expect(answers.every((a) => a === 42)).toBe(true);
    expect(computed).toBe(1);
    await cache.get('UTC', 7, compute, keepAll);
    expect(computed).toBe(1);
  });

  it('computes again once the change record moved, for another time zone, and after a minute', async () => {
    let now = 0;
    const cache = new ChangeCache<string>(() => now);
    let computed = 0;
    const compute = async () => `summary ${++computed}`;
    expect(await cache.get('UTC', 1, compute, keepAll)).toBe('summary 1');
    expect(await cache.get('UTC', 2, compute, keepAll)).toBe('summary 2');
    expect(await cache.get('Europe/Paris', 2, compute, keepAll)).toBe('summary 3');
    now += CHANGE_CACHE_MAX_AGE_MS - 1;
    expect(await cache.get('UTC', 2, compute, keepAll)).toBe('summary 2');
    now += 1;
    expect(await cache.get('UTC', 2, compute, keepAll)).toBe('summary 4');
  });

  it('keeps neither a failure nor a summary it is told not to keep', async () => {
    const cache = new ChangeCache<string>();
    await expect(cache.get('UTC', 1, () => Promise.reject(new Error('down')), keepAll)).rejects.toThrow('down');
    expect(
      await cache.get(
        'UTC',
        1,
        async () => 'partial',
        () => false,
      ),
    ).toBe('partial');
    expect(await cache.get('UTC', 1, async () => 'whole', keepAll)).toBe('whole');
    expect(await cache.get('UTC', 1, async () => 'not asked', keepAll)).toBe('whole');
  });

  it('keeps at most CHANGE_CACHE_MAX_ENTRIES answers, forgetting the oldest first', async () => {
    const cache = new ChangeCache<string>();
    let computed = 0;
    const compute = async () => `answer ${++computed}`;
    for (let i = 0; i <= CHANGE_CACHE_MAX_ENTRIES; i++) await cache.get(`month ${i}`, 1, compute, keepAll);
    expect(computed).toBe(CHANGE_CACHE_MAX_ENTRIES + 1);
    // The newest is kept; the first went to make room.
    expect(await cache.get(`month ${CHANGE_CACHE_MAX_ENTRIES}`, 1, compute, keepAll)).toBe(
      `answer ${CHANGE_CACHE_MAX_ENTRIES + 1}`,
    );
    expect(await cache.get('month 0', 1, compute, keepAll)).toBe(`answer ${CHANGE_CACHE_MAX_ENTRIES + 2}`);
  });
});
