// Recurring events (issue 22): all-day events on their dates, and what a series refuses.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCancellations, events } from '#server/db/schema';
import { calendarTestApi, NY, prayer, type CalendarTestApi } from '#test-support/features/calendar-test-api';
import { testDatabaseTargets } from '#test-support/test-database';
import {
  MAX_SERIES_EXCEPTIONS,
  RULE_INVALID,
  RULE_TOO_LONG,
  RULE_WITHOUT_END,
  TOO_MANY_EXCEPTIONS,
} from '#shared/recurrence';
import { END_BEFORE_START, OCCURRENCE_REQUIRED } from '#shared/schemas/calendar';

describe.each(testDatabaseTargets())('all-day events and the limits of a series on $name', (target) => {
  let api: CalendarTestApi;
  let t!: CalendarTestApi['t'];
  let cookie!: CalendarTestApi['cookie'];
  let send!: CalendarTestApi['send'];
  let create!: CalendarTestApi['create'];
  let update!: CalendarTestApi['update'];
  let remove!: CalendarTestApi['remove'];
  let startsOf!: CalendarTestApi['startsOf'];
  let rowCounts!: CalendarTestApi['rowCounts'];
  beforeAll(async () => {
    api = await calendarTestApi(target);
    ({ t, cookie, send, create, update, remove, startsOf, rowCounts } = api);
  });
  afterAll(async () => {
    await api?.t.close();
  });

  it('keeps all-day events on their dates, end inclusive, in every range that touches them', async () => {
    const retreat = await create({
      title: 'Staff Retreat',
      startDate: '2026-06-12T00:00:00Z',
      endDate: '2026-06-14T00:00:00Z',
      allDay: 'true',
      timeZone: NY,
    });
    expect(retreat).toMatchObject({
      allDay: true,
      startDate: '2026-06-12T00:00:00.000Z',
      endDate: '2026-06-14T00:00:00.000Z',
    });
    // The last day, seen from New York's 14 June (04:00Z to 04:00Z next day), still holds it.
    expect(await startsOf(retreat.id, '2026-06-14T04:00:00Z', '2026-06-15T04:00:00Z')).toEqual([retreat.startDate]);
    expect(await startsOf(retreat.id, '2026-06-15T04:00:00Z', '2026-06-16T04:00:00Z')).toEqual([]);
    const christmas = await create({
      title: 'Christmas Office Closed',
      startDate: '2026-12-24T00:00:00Z',
      endDate: '2026-12-25T00:00:00Z',
      allDay: 'true',
      recurrence: 'FREQ=YEARLY;UNTIL=20281224',
    });
    expect(christmas.repeats).toBe('Every year on December 24 until Dec 24, 2028');
    expect(await startsOf(christmas.id, '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([
      '2026-12-24T00:00:00.000Z',
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const series = await create({ ...prayer, title: 'Limits', recurrence: 'FREQ=DAILY;COUNT=200' });
    const before = await rowCounts();
    const cases: [string, string, Record<string, string>, number, string][] = [
      ['POST', '/api/calendar/events', { ...prayer, endDate: '2026-03-03T18:00:00-05:00' }, 400, END_BEFORE_START],
      ['POST', '/api/calendar/events', { ...prayer, recurrence: 'FREQ=WEEKLY;BYDAY=TU' }, 400, RULE_WITHOUT_END],
      [
        'POST',
        '/api/calendar/events',
        { ...prayer, recurrence: 'FREQ=WEEKLY;UNTIL=20400101T000000Z' },
        400,
        RULE_TOO_LONG,
      ],
      ['POST', '/api/calendar/events', { ...prayer, recurrence: 'FREQ=SECONDLY;COUNT=5' }, 400, RULE_INVALID],
      ['POST', '/api/calendar/events', { ...prayer, timeZone: 'Mars/Olympus' }, 400, 'Unknown time zone'],
      ['PUT', `/api/calendar/events/${series.id}?scope=this`, prayer, 400, OCCURRENCE_REQUIRED],
      ['PUT', `/api/calendar/events/${series.id}?scope=some`, prayer, 400, 'Scope must be this, following or all'],
      [
        'PUT',
        `/api/calendar/events/${series.id}?scope=this&occurrence=2026-03-03T10:00:00Z`,
        prayer,
        404,
        'Occurrence not found',
      ],
      [
        'PUT',
        `/api/calendar/events/${series.id}?scope=all`,
        { ...prayer, recurrence: 'FREQ=DAILY' },
        400,
        RULE_WITHOUT_END,
      ],
    ];
    for (const [method, url, fields, status, error] of cases) {
      const response = await send(method as 'POST' | 'PUT', url, fields);
      expect(response.status, `${method} ${url} ${JSON.stringify(fields)}`).toBe(status);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    const badRange = [
      ['from=2026-01-01T00:00:00Z&to=2027-01-03T00:00:00Z', 'The range is limited to 366 days'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'To must be after from'],
      ['from=yesterday&to=2026-01-01T00:00:00Z', 'From must be a date-time'],
    ];
    for (const [query, error] of badRange) {
      const response = await t.request(`/api/calendar/occurrences?${query}`, { headers: { cookie } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect(await rowCounts()).toEqual(before);
    const [row] = await t.db.select().from(events).where(eq(events.id, series.id));
    expect(row!.recurrence).toBe('FREQ=DAILY;COUNT=200');
  });

  it(`allows ${MAX_SERIES_EXCEPTIONS} changed or cancelled occurrences and refuses the next`, async () => {
    const series = await create({
      title: 'Daily Devotion',
      startDate: '2026-01-01T07:00:00Z',
      endDate: '2026-01-01T07:30:00Z',
      recurrence: 'FREQ=DAILY;COUNT=300',
    });
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 7)).toISOString();
    // 60 cancelled, 40 changed directly in the database (the API path is tested above) ...
    await t.db
      .insert(eventCancellations)
      .values(Array.from({ length: 60 }, (_, i) => ({ eventId: series.id, occurrenceStart: new Date(day(i)) })));
    await t.db.insert(events).values(
      Array.from({ length: MAX_SERIES_EXCEPTIONS - 61 }, (_, i) => ({
        title: 'Changed',
        startDate: new Date(day(60 + i)),
        endDate: new Date(day(60 + i)),
        seriesId: series.id,
        occurrenceStart: new Date(day(60 + i)),
      })),
    );
    // ... and the hundredth through the API.
    expect((await remove(series.id, `scope=this&occurrence=${day(150)}`)).status).toBe(200);
    const before = await rowCounts();
    const refusedDelete = await remove(series.id, `scope=this&occurrence=${day(151)}`);
    expect(refusedDelete.status).toBe(400);
    expect(await refusedDelete.json()).toEqual({ error: TOO_MANY_EXCEPTIONS });
    const refusedEdit = await send('PUT', `/api/calendar/events/${series.id}?scope=this&occurrence=${day(152)}`, {
      title: 'One more',
      startDate: day(152),
      endDate: day(152),
    });
    expect(refusedEdit.status).toBe(400);
    expect(await refusedEdit.json()).toEqual({ error: TOO_MANY_EXCEPTIONS });
    expect(await rowCounts()).toEqual(before);
    // Editing an occurrence that is already changed adds no exception, so it is still allowed.
    await update(series.id, `scope=this&occurrence=${day(60)}`, {
      title: 'Changed again',
      startDate: day(60),
      endDate: day(60),
    });
  });
});
