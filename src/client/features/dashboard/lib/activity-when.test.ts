import { describe, expect, it } from 'vitest';
import { activityWhen, localDate } from './activity-when';

describe('activityWhen', () => {
  const now = new Date(2026, 10, 30, 9, 30);

  it('says how long ago an instant was', () => {
    expect(activityWhen({ at: new Date(2026, 10, 27, 9, 0).toISOString() }, now)).toBe('3 days ago');
    expect(activityWhen({ at: new Date(2026, 10, 30, 6, 30).toISOString() }, now)).toBe('about 3 hours ago');
  });

  it('counts a contact day in calendar days, in the same words', () => {
    expect(activityWhen({ day: '2026-11-30' }, now)).toBe('today');
    expect(activityWhen({ day: '2026-11-29' }, now)).toBe('1 day ago');
    expect(activityWhen({ day: '2026-11-27' }, now)).toBe('3 days ago');
    expect(activityWhen({ day: '2026-10-20' }, now)).toBe('about 1 month ago');
  });

  it('reads a calendar day where the browser is, not at midnight UTC', () => {
    expect(localDate('2026-11-27').getDate()).toBe(27);
  });
});
