import { describe, expect, it } from 'vitest';
import { downloadDay, isValidTimeZone, monthsUpTo, wallClock, zonedDayStart, zonedMonthStart } from './time-zone';

const iso = (d: Date) => d.toISOString();

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Etc/GMT+12'])(
    'knows %s',
    (zone) => expect(isValidTimeZone(zone)).toBe(true),
  );
  it.each(['', 'Mars/Olympus_Mons', 'Europe/Berlin; drop table', 'x'.repeat(101), '../../etc/passwd'])(
    'refuses %j',
    (zone) => expect(isValidTimeZone(zone)).toBe(false),
  );
});

describe('zonedMonthStart', () => {
  it.each([
    ['UTC', 2025, 2, '2025-03-01T00:00:00.000Z'],
    // Winter time: Berlin is UTC+1 on 1 March.
    ['Europe/Berlin', 2025, 2, '2025-02-28T23:00:00.000Z'],
    // Summer time: UTC+2 on 1 April (DST began 30 March).
    ['Europe/Berlin', 2025, 3, '2025-03-31T22:00:00.000Z'],
    // New York: UTC-5 in March (DST begins 9 March), UTC-4 in April.
    ['America/New_York', 2025, 2, '2025-03-01T05:00:00.000Z'],
    ['America/New_York', 2025, 3, '2025-04-01T04:00:00.000Z'],
    // Half- and quarter-hour zones.
    ['Asia/Kolkata', 2025, 0, '2024-12-31T18:30:00.000Z'],
    ['Asia/Kathmandu', 2025, 0, '2024-12-31T18:15:00.000Z'],
    // The zones furthest ahead of and behind UTC.
    ['Pacific/Kiritimati', 2025, 0, '2024-12-31T10:00:00.000Z'],
    ['Etc/GMT+12', 2025, 0, '2025-01-01T12:00:00.000Z'],
    // Southern hemisphere summer time: Sydney is UTC+11 on 1 January.
    ['Australia/Sydney', 2025, 0, '2024-12-31T13:00:00.000Z'],
  ])('%s %i-%i starts at %s', (zone, year, month, expected) => {
    expect(iso(zonedMonthStart(year, month, zone))).toBe(expected);
  });

  it('rolls month numbers over the year change both ways', () => {
    expect(iso(zonedMonthStart(2025, -1, 'UTC'))).toBe('2024-12-01T00:00:00.000Z');
    expect(iso(zonedMonthStart(2025, 12, 'UTC'))).toBe('2026-01-01T00:00:00.000Z');
    expect(iso(zonedMonthStart(2025, -13, 'Europe/Berlin'))).toBe('2023-11-30T23:00:00.000Z');
  });

  it('starts the month when the clock first shows the 1st where DST skips midnight', () => {
    // Asuncion jumped from 00:00 to 01:00 (UTC-4 to UTC-3) on 1 October 2023.
    expect(iso(zonedMonthStart(2023, 9, 'America/Asuncion'))).toBe('2023-10-01T04:00:00.000Z');
    expect(wallClock(new Date('2023-10-01T04:00:00.000Z'), 'America/Asuncion')).toMatchObject({ day: 1, hour: 1 });
    expect(wallClock(new Date('2023-10-01T03:59:59.000Z'), 'America/Asuncion')).toMatchObject({ month: 8, day: 30 });
  });

  it('starts the month at the later midnight where the clock goes back across it', () => {
    // Cairo went from 24:00 (UTC+3) back to 23:00 (UTC+2) at the end of 31 October 2024.
    expect(iso(zonedMonthStart(2024, 10, 'Africa/Cairo'))).toBe('2024-10-31T22:00:00.000Z');
  });
});

describe('monthsUpTo', () => {
  it('gives twelve consecutive months ending with the current one, oldest first', () => {
    const months = monthsUpTo(new Date('2025-03-15T12:00:00Z'), 'UTC', 12);
    expect(months.map((m) => m.key)).toEqual([
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
    for (let i = 1; i < months.length; i++) expect(months[i]!.start).toEqual(months[i - 1]!.end);
    expect(iso(months.at(-1)!.start)).toBe('2025-03-01T00:00:00.000Z');
    expect(iso(months.at(-1)!.end)).toBe('2025-04-01T00:00:00.000Z');
  });

  it('takes the current month from the zone, not from UTC', () => {
    // 23:30 UTC on 31 January is already 1 February in Berlin and still 31 January in New York.
    const instant = new Date('2025-01-31T23:30:00Z');
    const [berlinLast, berlinThis] = monthsUpTo(instant, 'Europe/Berlin', 2);
    expect(berlinThis!.key).toBe('2025-02');
    expect(iso(berlinThis!.start)).toBe('2025-01-31T23:00:00.000Z');
    expect(iso(berlinThis!.end)).toBe('2025-02-28T23:00:00.000Z');
    expect(berlinLast!.key).toBe('2025-01');
    expect(iso(berlinLast!.start)).toBe('2024-12-31T23:00:00.000Z');

    const [, newYorkThis] = monthsUpTo(instant, 'America/New_York', 2);
    expect(newYorkThis!.key).toBe('2025-01');
    expect(iso(newYorkThis!.start)).toBe('2025-01-01T05:00:00.000Z');
  });

  it('crosses the year change: in January, last month is December of the year before', () => {
    const [last, current] = monthsUpTo(new Date('2025-01-01T00:00:00Z'), 'UTC', 2);
    expect(last!.key).toBe('2024-12');
    expect(iso(last!.start)).toBe('2024-12-01T00:00:00.000Z');
    expect(current!.key).toBe('2025-01');
  });

  it('puts the very first instant of a month in that month and the one before it in the last', () => {
    const start = new Date('2025-02-28T23:00:00Z'); // 1 March 00:00 in Berlin
    expect(monthsUpTo(start, 'Europe/Berlin', 1)[0]!.key).toBe('2025-03');
    expect(monthsUpTo(new Date(start.getTime() - 1000), 'Europe/Berlin', 1)[0]!.key).toBe('2025-02');
  });

  it('handles month ends of every length (28, 29, 30 and 31 days)', () => {
    const lengths = monthsUpTo(new Date('2024-12-10T00:00:00Z'), 'UTC', 12).map(
      (m) => (m.end.getTime() - m.start.getTime()) / 86_400_000,
    );
    expect(lengths).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
  });

  it('gives a month with a DST change its true length in hours', () => {
    const [march] = monthsUpTo(new Date('2025-03-20T12:00:00Z'), 'Europe/Berlin', 1);
    expect((march!.end.getTime() - march!.start.getTime()) / 3_600_000).toBe(31 * 24 - 1);
    const [october] = monthsUpTo(new Date('2025-10-20T12:00:00Z'), 'Europe/Berlin', 1);
    expect((october!.end.getTime() - october!.start.getTime()) / 3_600_000).toBe(31 * 24 + 1);
  });
});

describe('zonedDayStart', () => {
  it('finds local midnight of any day', () => {
    expect(iso(zonedDayStart(2025, 6, 15, 'America/Los_Angeles'))).toBe('2025-07-15T07:00:00.000Z');
    expect(iso(zonedDayStart(2025, 0, 32, 'UTC'))).toBe('2025-02-01T00:00:00.000Z');
  });
});

describe('downloadDay', () => {
  // 7:30 PM on Dec 1 in New York is already Dec 2 in UTC.
  const evening = new Date('2026-12-02T00:30:00Z');
  it('is the date where the person is', () => {
    expect(downloadDay('America/New_York', evening)).toBe('2026-12-01');
    expect(downloadDay('Asia/Tokyo', evening)).toBe('2026-12-02');
  });
  it('is the UTC date without a zone, or with one the runtime does not know', () => {
    expect(downloadDay(undefined, evening)).toBe('2026-12-02');
    expect(downloadDay('Mars/Olympus_Mons', evening)).toBe('2026-12-02');
    expect(downloadDay('', evening)).toBe('2026-12-02');
  });
});
