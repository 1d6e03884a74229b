import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX_AGE_MS, SummaryCache } from './summary-cache';

describe('the dashboard summary cache', () => {
  const keepAll = () => true;

  it('computes once for many requests at once, and serves that while nothing changes', async () => {
    const cache = new SummaryCache<number>();
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
    const cache = new SummaryCache<string>(() => now);
    let computed = 0;
    const compute = async () => `summary ${++computed}`;
    expect(await cache.get('UTC', 1, compute, keepAll)).toBe('summary 1');
    expect(await cache.get('UTC', 2, compute, keepAll)).toBe('summary 2');
    expect(await cache.get('Europe/Paris', 2, compute, keepAll)).toBe('summary 3');
    now += SUMMARY_MAX_AGE_MS - 1;
    expect(await cache.get('UTC', 2, compute, keepAll)).toBe('summary 2');
    now += 1;
    expect(await cache.get('UTC', 2, compute, keepAll)).toBe('summary 4');
  });

  it('keeps neither a failure nor a summary it is told not to keep', async () => {
    const cache = new SummaryCache<string>();
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
});
