import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { seriesAt } from './series-at';

const series: CalendarEvent = {
  id: 'prayer',
  title: 'Weekly Prayer Meeting',
  description: 'Every Tuesday evening',
  startDate: '2026-12-15T19:00:00.000Z',
  endDate: '2026-12-15T20:30:00.000Z',
  location: 'Fellowship Hall',
  imageUrl: '/api/calendar/images/prayer',
  createdBy: 'admin',
  allDay: false,
  timeZone: 'America/New_York',
  recurrence: 'FREQ=WEEKLY;COUNT=12',
  repeats: 'Every Tuesday, 12 times',
  occurrenceStart: '2026-12-15T19:00:00.000Z',
  seriesStart: '2026-12-08T19:00:00.000Z',
  occurrencesBefore: 1,
  canDelete: true,
};

// The Dec 22 meeting moved to Wednesday and renamed on its own.
const moved: CalendarEvent = {
  ...series,
  title: 'Weekly Prayer Meeting (Wednesday this week)',
  description: 'Moved a day for the community outreach.',
  startDate: '2026-12-23T19:00:00.000Z',
  endDate: '2026-12-23T20:00:00.000Z',
  occurrenceStart: '2026-12-22T19:00:00.000Z',
  occurrencesBefore: 2,
};

describe('seriesAt', () => {
  it('opens "All events" and "This and following" from a changed occurrence with the series at its slot', () => {
    for (const scope of ['all', 'following'] as const) {
      expect(seriesAt(moved, scope, [series])).toEqual({
        ...moved,
        title: 'Weekly Prayer Meeting',
        description: 'Every Tuesday evening',
        startDate: '2026-12-22T19:00:00.000Z',
        endDate: '2026-12-22T20:30:00.000Z',
      });
    }
  });

  it('opens "This event" as the occurrence is, and an unchanged occurrence as it was', () => {
    expect(seriesAt(moved, 'this', [series])).toBe(moved);
    const unchanged = {
      ...series,
      startDate: '2026-12-29T19:00:00.000Z',
      endDate: '2026-12-29T20:30:00.000Z',
      occurrenceStart: '2026-12-29T19:00:00.000Z',
    };
    expect(seriesAt(unchanged, 'all', [series])).toEqual(unchanged);
  });

  it('falls back to the occurrence when the series is not among the cards', () => {
    expect(seriesAt(moved, 'all', [])).toBe(moved);
  });
});
