import { describe, expect, it } from 'vitest';
import { percentile, ratio, round, summarize } from './stats';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose

  it('picks the sample at the rank, whatever the input order', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('never interpolates between samples', () => {
    expect(percentile([10, 20], 50)).toBe(10);
    expect(percentile([10, 20], 51)).toBe(20);
    expect(percentile([1, 2, 3, 4, 1000], 95)).toBe(1000);
  });

  it('takes the smallest sample for p0 and handles one sample', () => {
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
  });

  it('does not reorder the caller’s array', () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses no samples and out-of-range percentiles', () => {
    expect(() => percentile([], 50)).toThrow(/no samples/);
    expect(() => percentile([1], 101)).toThrow(/out of range/);
    expect(() => percentile([1], Number.NaN)).toThrow(/out of range/);
  });
});

describe('summarize', () => {
  it('reports count, percentiles and extremes', () => {
    expect(summarize([5, 1, 4, 2, 3])).toEqual({ n: 5, p50: 3, p95: 5, p99: 5, min: 1, max: 5 });
  });
});

describe('ratio and round', () => {
  it('forms a ratio only when both figures exist and the divisor is not zero', () => {
    expect(ratio(3, 4)).toBe(0.75);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(null, 4)).toBeNull();
  });

  it('rounds for display', () => {
    expect(round(1.26, 1)).toBe(1.3);
    expect(round(1234.5678, 2)).toBe(1234.57);
  });
});
