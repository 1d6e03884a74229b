import { describe, expect, it } from 'vitest';
import { dayLabel, sameDay } from './day-label';

describe('dayLabel', () => {
  const now = new Date(2026, 10, 25, 9, 30);

  it('says Today and Yesterday by calendar day, not by 24 hours', () => {
    expect(dayLabel(new Date(2026, 10, 25, 0, 1), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 24, 0, 0), now)).toBe('Yesterday');
  });

  it('names older days by weekday and date, with the year only for another year', () => {
    expect(dayLabel(new Date(2026, 10, 23, 12), now)).toBe('Monday, 23 November');
    expect(dayLabel(new Date(2025, 11, 31, 12), now)).toBe('Wednesday, 31 December 2025');
  });

  it('tells whether two instants share a day', () => {
    expect(sameDay(new Date(2026, 10, 25, 0, 0), new Date(2026, 10, 25, 23, 59))).toBe(true);
    expect(sameDay(new Date(2026, 10, 24, 23, 59), new Date(2026, 10, 25, 0, 0))).toBe(false);
  });
});
