import { describe, expect, it } from 'vitest';
import { ServiceError } from '#server/service/errors';
import { RULE_TOO_LONG } from '#shared/recurrence';
import { isOccurrence, lastOccurrence, nextOccurrence, occurrenceStarts } from './recurrence';

const NY = 'America/New_York';

describe('expansion in the zone a series is planned in', () => {
  // Tuesdays at 19:00 in New York from 3 March 2026 (EST, UTC-5); DST starts Sunday 8 March.
  const weekly = {
    startDate: new Date('2026-03-04T00:00:00Z'),
    recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=40',
    timeZone: NY,
    allDay: false,
  };

  it('keeps 19:00 across the March change', () => {
    const starts = occurrenceStarts(weekly, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-20T00:00:00Z'));
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-03-04T00:00:00.000Z', // 19:00 EST
      '2026-03-10T23:00:00.000Z', // 19:00 EDT
      '2026-03-17T23:00:00.000Z',
    ]);
  });

  it('keeps 19:00 across the November change', () => {
    const starts = occurrenceStarts(weekly, new Date('2026-10-26T00:00:00Z'), new Date('2026-11-12T00:00:00Z'));
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-10-27T23:00:00.000Z', // 19:00 EDT
      '2026-11-04T00:00:00.000Z', // 19:00 EST (DST ended 1 November)
      '2026-11-11T00:00:00.000Z',
    ]);
  });

  it('answers the same whatever zone the server process runs in', () => {
    const range = [new Date('2026-03-01T00:00:00Z'), new Date('2026-03-20T00:00:00Z')] as const;
    // A series not seen before (the expansion caches rules), read with the process in Tokyo.
    const series = { ...weekly, recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=41' };
    const saved = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-540);
      expect(occurrenceStarts(series, ...range).map((d) => d.toISOString())).toEqual([
        '2026-03-04T00:00:00.000Z',
        '2026-03-10T23:00:00.000Z',
        '2026-03-17T23:00:00.000Z',
      ]);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('tells an occurrence from any other instant, and finds the next one', () => {
    expect(isOccurrence(weekly, new Date('2026-03-10T23:00:00Z'))).toBe(true);
    expect(isOccurrence(weekly, new Date('2026-03-11T00:00:00Z'))).toBe(false);
    expect(nextOccurrence(weekly, new Date('2026-03-05T00:00:00Z'))?.toISOString()).toBe('2026-03-10T23:00:00.000Z');
  });

  it('expands an all-day series on its dates', () => {
    const allDay = {
      startDate: new Date('2026-12-24T00:00:00Z'),
      recurrence: 'FREQ=YEARLY;UNTIL=20281224',
      timeZone: NY,
      allDay: true,
    };
    expect(
      occurrenceStarts(allDay, new Date('2026-01-01Z'), new Date('2030-01-01Z')).map((d) => d.toISOString()),
    ).toEqual(['2026-12-24T00:00:00.000Z', '2027-12-24T00:00:00.000Z', '2028-12-24T00:00:00.000Z']);
  });
});

describe('limits', () => {
  const start = new Date('2026-01-05T09:00:00Z');
  it('finds the last occurrence of a series ending within 10 years', () => {
    const last = lastOccurrence({
      startDate: start,
      recurrence: 'FREQ=DAILY;COUNT=3650',
      timeZone: 'UTC',
      allDay: false,
    });
    expect(last.toISOString()).toBe('2036-01-02T09:00:00.000Z');
  });

  it.each(['FREQ=DAILY;COUNT=3660', 'FREQ=DAILY;UNTIL=20360107T000000Z', 'FREQ=YEARLY;COUNT=12'])(
    'refuses %s: past 10 years',
    (recurrence) => {
      let error: unknown;
      try {
        lastOccurrence({ startDate: start, recurrence, timeZone: 'UTC', allDay: false });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).message).toBe(RULE_TOO_LONG);
    },
  );

  it('allows exactly 10 years', () => {
    const last = lastOccurrence({
      startDate: start,
      recurrence: 'FREQ=YEARLY;COUNT=11',
      timeZone: 'UTC',
      allDay: false,
    });
    expect(last.getUTCFullYear()).toBe(2036);
  });
});
