import { describe, expect, it } from 'vitest';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { byDay, daysOf, timeLabel } from './occurrence-days';

const occurrence = (o: Partial<EventOccurrence>): EventOccurrence =>
  ({ id: 'e', title: 'T', allDay: false, startDate: '', endDate: '', series: false, ...o }) as EventOccurrence;

describe('daysOf', () => {
  it('puts an all-day event on each of its dates as written, end inclusive', () => {
    expect(
      daysOf(occurrence({ allDay: true, startDate: '2026-06-12T00:00:00.000Z', endDate: '2026-06-14T00:00:00.000Z' })),
    ).toEqual(['2026-06-12', '2026-06-13', '2026-06-14']);
  });

  it('does not let an end at midnight reach into the next day', () => {
    const start = new Date(2026, 5, 12, 22, 0).toISOString();
    const end = new Date(2026, 5, 13, 0, 0).toISOString();
    expect(daysOf(occurrence({ startDate: start, endDate: end }))).toEqual(['2026-06-12']);
  });

  it('groups occurrences by day', () => {
    const a = occurrence({
      id: 'a',
      startDate: new Date(2026, 5, 12, 9).toISOString(),
      endDate: new Date(2026, 5, 13, 9).toISOString(),
    });
    const map = byDay([a]);
    expect([...map.keys()]).toEqual(['2026-06-12', '2026-06-13']);
  });
});

describe('timeLabel', () => {
  // A retreat from Dec 22, 4:00 AM to Dec 24, 11:00 AM (the viewer's time).
  const retreat = occurrence({
    startDate: new Date(2026, 11, 22, 4).toISOString(),
    endDate: new Date(2026, 11, 24, 11).toISOString(),
  });
  it('gives the start on the first day, the whole day between, and the end on the last', () => {
    expect(timeLabel(retreat, new Date(2026, 11, 22))).toBe('4:00 AM');
    expect(timeLabel(retreat, new Date(2026, 11, 23))).toBe('All day');
    expect(timeLabel(retreat, new Date(2026, 11, 24))).toBe('Until 11:00 AM');
    expect(timeLabel(retreat)).toBe('4:00 AM');
  });
  it('says All day for an all-day event', () => {
    expect(timeLabel(occurrence({ allDay: true, startDate: '2026-12-24T00:00:00.000Z' }), new Date(2026, 11, 24))).toBe(
      'All day',
    );
  });
});
