import { describe, expect, it } from 'vitest';
import { averageCents, giftInstant, percentChange } from './giving';
import { zonedDate } from './time-zone';

describe('percentChange (change from last month)', () => {
  it('is null when last month had nothing', () => {
    expect(percentChange(50_000n, 0n)).toBeNull();
    expect(percentChange(0n, 0n)).toBeNull();
  });

  it('is null when last month is below zero (cannot happen, but never divides by it)', () => {
    expect(percentChange(100n, -100n)).toBeNull();
  });

  it.each([
    [12_500n, 10_000n, '+25.0'],
    [10_000n, 10_000n, '0.0'],
    [7_500n, 10_000n, '-25.0'],
    [0n, 10_000n, '-100.0'],
    [30_000n, 10_000n, '+200.0'],
    [1n, 1n, '0.0'],
    [2n, 1n, '+100.0'],
    [99999999900n, 1n, '+9999999989900.0'],
  ])('%s cents against %s cents is %s', (thisMonth, lastMonth, expected) => {
    expect(percentChange(thisMonth, lastMonth)).toBe(expected);
  });

  it('has one decimal, rounding halves away from zero', () => {
    // 1/3 more: 33.333... -> 33.3
    expect(percentChange(400n, 300n)).toBe('+33.3');
    // 2/3 more: 66.666... -> 66.7
    expect(percentChange(500n, 300n)).toBe('+66.7');
    // exactly 0.05 percent more -> 0.1
    expect(percentChange(200_100n, 200_000n)).toBe('+0.1');
    // exactly 0.05 percent less -> -0.1
    expect(percentChange(199_900n, 200_000n)).toBe('-0.1');
    // 0.04 percent more rounds to zero and then carries no sign
    expect(percentChange(250_100n, 250_000n)).toBe('0.0');
    expect(percentChange(249_900n, 250_000n)).toBe('0.0');
  });

  it('does not suffer from float error (0.1 + 0.2 against 0.3)', () => {
    expect(percentChange(10n + 20n, 30n)).toBe('0.0');
  });
});

describe('averageCents (Average Gift)', () => {
  it('is 0 when there were no gifts', () => {
    expect(averageCents(0n, 0)).toBe(0n);
  });

  it.each([
    [10_000n, 1, 10_000n],
    [10_000n, 4, 2_500n],
    [100n, 3, 33n], // 0.333... -> 0.33
    [200n, 3, 67n], // 0.666... -> 0.67
    [5n, 2, 3n], // 0.025 -> 0.03 (half up)
    [30n, 1, 30n],
    [99999999900n * 3n, 3, 99999999900n],
  ])('%s cents over %s gifts is %s cents', (total, gifts, expected) => {
    expect(averageCents(total, gifts)).toBe(expected);
  });
});

describe('giftInstant (issue 19: the day a gift was given, as stored)', () => {
  const now = new Date('2026-11-25T15:00:00Z');

  it('is noon of the date in the zone', () => {
    expect(giftInstant('2026-03-10', 'America/Chicago', now).toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(giftInstant('2026-03-10', 'Asia/Tokyo', now).toISOString()).toBe('2026-03-10T03:00:00.000Z');
  });

  it('keeps the date on a day whose clocks change', () => {
    // 8 March 2026: clocks in Chicago go forward at 2:00; noon is 17:00 UTC, still that day.
    expect(zonedDate(giftInstant('2026-03-08', 'America/Chicago', now), 'America/Chicago')).toBe('2026-03-08');
  });

  it('is never after now (a gift of today, before noon)', () => {
    expect(giftInstant('2026-11-25', 'UTC', new Date('2026-11-25T09:30:00Z')).toISOString()).toBe(
      '2026-11-25T09:30:00.000Z',
    );
  });
});
