import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCancellations, events } from '#server/db/schema';
import { multipartBody, PNG_1X1, type MultipartPart } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  describeRule,
  MAX_SERIES_EXCEPTIONS,
  RULE_INVALID,
  RULE_TOO_LONG,
  RULE_WITHOUT_END,
  TOO_MANY_EXCEPTIONS,
} from '#shared/recurrence';
import {
  END_BEFORE_START,
  OCCURRENCE_REQUIRED,
  type CalendarEvent,
  type EventList,
  type EventOccurrence,
} from '#shared/schemas/calendar';

const NY = 'America/New_York';

describe.each(testDatabaseTargets())('recurring and all-day events on $name', (target) => {
  let t: TestApp;
  let sam: TestUser;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
    cookie = await t.signIn(sam.email, sam.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, image?: MultipartPart) => {
    const parts: MultipartPart[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(image ? [image] : []),
    ];
    const { body, contentType } = multipartBody(parts);
    return t.request(url, { method, headers: { cookie, 'content-type': contentType }, body });
  };
  const create = async (fields: Record<string, string>, image?: MultipartPart) => {
    const response = await send('POST', '/api/calendar/events', fields, image);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { event: CalendarEvent }).event;
  };
  const update = async (id: string, query: string, fields: Record<string, string>) => {
    const response = await send('PUT', `/api/calendar/events/${id}?${query}`, fields);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { event: CalendarEvent }).event;
  };
  const remove = (id: string, query = '') =>
    t.request(`/api/calendar/events/${id}${query ? `?${query}` : ''}`, { method: 'DELETE', headers: { cookie } });
  const occurrences = async (from: string, to: string) => {
    const response = await t.request(`/api/calendar/occurrences?from=${from}&to=${to}`, { headers: { cookie } });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { occurrences: EventOccurrence[] }).occurrences;
  };
  const startsOf = async (id: string, from: string, to: string) =>
    (await occurrences(from, to)).filter((o) => o.id === id).map((o) => o.startDate);
  const rowCounts = async () => ({
    events: (await t.db.select({ n: count() }).from(events))[0]!.n,
    cancellations: (await t.db.select({ n: count() }).from(eventCancellations))[0]!.n,
  });

  // Tuesdays 19:00-20:30 in New York, from 3 March 2026 (EST) through the March DST change.
  const prayer = {
    title: 'Prayer Meeting',
    startDate: '2026-03-03T19:00:00-05:00',
    endDate: '2026-03-03T20:30:00-05:00',
    timeZone: NY,
    recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
  };

  it('creates a weekly series that stays at 19:00 in its zone, shown once as a card with its rule in words', async () => {
    const series = await create(prayer);
    expect(series).toMatchObject({
      recurrence: prayer.recurrence,
      timeZone: NY,
      allDay: false,
      repeats: 'Every Tuesday, 10 times',
    });
    expect(await startsOf(series.id, '2026-03-01T00:00:00Z', '2026-03-20T00:00:00Z')).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T23:00:00.000Z',
      '2026-03-17T23:00:00.000Z',
    ]);
    const list = (await (await t.request('/api/calendar/events', { headers: { cookie } })).json()) as EventList;
    const cards = list.events.filter((e) => e.id === series.id);
    expect(cards).toHaveLength(1);
    // Every occurrence is in the past of "now" (2026-11-25 or later), so the card shows the last.
    expect(cards[0]!.startDate).toBe('2026-05-05T23:00:00.000Z');
    const [row] = await t.db.select().from(events).where(eq(events.id, series.id));
    expect(row!.seriesEnd!.toISOString()).toBe('2026-05-06T00:30:00.000Z');
  });

  it('moves a start outside the rule to the first occurrence', async () => {
    const moved = await create({
      ...prayer,
      title: 'Monday start',
      startDate: '2026-03-02T19:00:00-05:00',
      endDate: '2026-03-02T20:00:00-05:00',
    });
    expect(moved.startDate).toBe('2026-03-04T00:00:00.000Z');
    expect(moved.endDate).toBe('2026-03-04T01:00:00.000Z');
    expect((await remove(moved.id, 'scope=all')).status).toBe(200);
  });

  it('changes one occurrence, cancels another, and shows both in place', async () => {
    const series = await create({ ...prayer, title: 'Bible Study' });
    const changed = await update(series.id, 'scope=this&occurrence=2026-03-10T23:00:00.000Z', {
      ...prayer,
      title: 'Bible Study (in the hall)',
      startDate: '2026-03-11T18:00:00-04:00',
      endDate: '2026-03-11T19:00:00-04:00',
      recurrence: prayer.recurrence,
    });
    expect(changed.recurrence).toBeNull();
    expect((await remove(series.id, 'scope=this&occurrence=2026-03-17T23:00:00.000Z')).status).toBe(200);

    const march = (await occurrences('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).filter((o) => o.id === series.id);
    expect(march.map((o) => [o.title, o.startDate, o.occurrenceStart, o.series])).toEqual([
      ['Bible Study', '2026-03-04T00:00:00.000Z', '2026-03-04T00:00:00.000Z', true],
      ['Bible Study (in the hall)', '2026-03-11T22:00:00.000Z', '2026-03-10T23:00:00.000Z', true],
      ['Bible Study', '2026-03-24T23:00:00.000Z', '2026-03-24T23:00:00.000Z', true],
      ['Bible Study', '2026-03-31T23:00:00.000Z', '2026-03-31T23:00:00.000Z', true],
    ]);
    // Changing the changed occurrence again edits it; a cancelled one is gone.
    await update(series.id, 'scope=this&occurrence=2026-03-10T23:00:00.000Z', {
      ...prayer,
      title: 'Bible Study (moved again)',
    });
    expect((await rowCounts()).events).toBeGreaterThan(0);
    const gone = await send(
      'PUT',
      `/api/calendar/events/${series.id}?scope=this&occurrence=2026-03-17T23:00:00.000Z`,
      prayer,
    );
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'Occurrence not found' });
    const [[overrides], [cancellations]] = await Promise.all([
      t.db.select({ n: count() }).from(events).where(eq(events.seriesId, series.id)),
      t.db.select({ n: count() }).from(eventCancellations).where(eq(eventCancellations.eventId, series.id)),
    ]);
    expect([overrides!.n, cancellations!.n]).toEqual([1, 1]);
  });

  it('says how many occurrences of a counted series come before each one, for "this and following" to offer the rest', async () => {
    const series = await create({ ...prayer, title: 'Counted' });
    const shown = (await occurrences('2026-03-09T00:00:00Z', '2026-03-25T00:00:00Z')).filter((o) => o.id === series.id);
    expect(shown.map((o) => [o.startDate, o.occurrencesBefore])).toEqual([
      ['2026-03-10T23:00:00.000Z', 1],
      ['2026-03-17T23:00:00.000Z', 2],
      ['2026-03-24T23:00:00.000Z', 3],
    ]);
    // A cancelled occurrence still counts (RFC 5545's COUNT counts it), and a changed one knows its place.
    expect((await remove(series.id, 'scope=this&occurrence=2026-03-10T23:00:00.000Z')).status).toBe(200);
    await update(series.id, 'scope=this&occurrence=2026-03-17T23:00:00.000Z', {
      ...prayer,
      title: 'Counted (moved)',
      startDate: '2026-03-18T19:00:00-04:00',
      endDate: '2026-03-18T20:30:00-04:00',
    });
    const after = (await occurrences('2026-03-09T00:00:00Z', '2026-03-25T00:00:00Z')).filter((o) => o.id === series.id);
    expect(after.map((o) => [o.title, o.occurrencesBefore])).toEqual([
      ['Counted (moved)', 2],
      ['Counted', 3],
    ]);
    // A series that ends on a date has no count to share out.
    const dated = await create({
      ...prayer,
      title: 'Dated',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260331T235959Z',
    });
    const datedShown = (await occurrences('2026-03-09T00:00:00Z', '2026-03-25T00:00:00Z')).filter(
      (o) => o.id === dated.id,
    );
    expect(datedShown.map((o) => o.occurrencesBefore)).toEqual([null, null, null]);
  });

  it('"this and following" ends the series before the occurrence and starts a new one there', async () => {
    const series = await create({ ...prayer, title: 'Choir' });
    const following = await update(series.id, 'scope=following&occurrence=2026-03-24T23:00:00.000Z', {
      ...prayer,
      title: 'Choir (new time)',
      startDate: '2026-03-24T18:00:00-04:00',
      endDate: '2026-03-24T19:00:00-04:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3',
    });
    expect(following.id).not.toBe(series.id);
    const [old] = await t.db.select().from(events).where(eq(events.id, series.id));
    // Ended at the end of the day before, in New York: the rule in words names a day of its own.
    expect(old!.recurrence).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20260324T035959Z');
    expect(describeRule(old!.recurrence!, old!.startDate, NY, false)).toBe('Every Tuesday until Mar 23, 2026');
    const all = (await occurrences('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z')).filter((o) =>
      [series.id, following.id].includes(o.id),
    );
    expect(all.map((o) => [o.title, o.startDate])).toEqual([
      ['Choir', '2026-03-04T00:00:00.000Z'],
      ['Choir', '2026-03-10T23:00:00.000Z'],
      ['Choir', '2026-03-17T23:00:00.000Z'],
      ['Choir (new time)', '2026-03-24T22:00:00.000Z'],
      ['Choir (new time)', '2026-03-31T22:00:00.000Z'],
      ['Choir (new time)', '2026-04-07T22:00:00.000Z'],
    ]);
  });

  it('"this and following" keeps the later changed and cancelled occurrences, now in the new series', async () => {
    const series = await create({ ...prayer, title: 'Bible Study' });
    expect((await remove(series.id, 'scope=this&occurrence=2026-04-07T23:00:00.000Z')).status).toBe(200);
    await update(series.id, 'scope=this&occurrence=2026-04-14T23:00:00.000Z', {
      ...prayer,
      title: 'Bible Study (guest)',
      startDate: '2026-04-14T19:30:00-04:00',
      endDate: '2026-04-14T21:00:00-04:00',
    });
    const following = await update(series.id, 'scope=following&occurrence=2026-03-31T23:00:00.000Z', {
      ...prayer,
      title: 'Bible Study (spring)',
      startDate: '2026-03-31T19:00:00-04:00',
      endDate: '2026-03-31T20:30:00-04:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    });
    const shown = (await occurrences('2026-03-29T00:00:00Z', '2026-05-01T00:00:00Z'))
      .filter((o) => [series.id, following.id].includes(o.id))
      .map((o) => [o.id === following.id ? 'new' : 'old', o.title, o.startDate]);
    expect(shown).toEqual([
      ['new', 'Bible Study (spring)', '2026-03-31T23:00:00.000Z'],
      // 7 April stays cancelled and 14 April keeps its own time and title.
      ['new', 'Bible Study (guest)', '2026-04-14T23:30:00.000Z'],
      ['new', 'Bible Study (spring)', '2026-04-21T23:00:00.000Z'],
    ]);
    const [[left], [cancelled]] = await Promise.all([
      t.db.select({ n: count() }).from(events).where(eq(events.seriesId, series.id)),
      t.db.select({ n: count() }).from(eventCancellations).where(eq(eventCancellations.eventId, following.id)),
    ]);
    expect([left!.n, cancelled!.n]).toEqual([0, 1]);
  });

  it('"all events" moves the series by as much as the edited occurrence moved, exceptions with it', async () => {
    const series = await create({ ...prayer, title: 'Youth Night' });
    expect((await remove(series.id, 'scope=this&occurrence=2026-03-17T23:00:00.000Z')).status).toBe(200);
    await update(series.id, 'scope=all&occurrence=2026-03-10T23:00:00.000Z', {
      ...prayer,
      title: 'Youth Night',
      startDate: '2026-03-10T20:00:00-04:00',
      endDate: '2026-03-10T21:00:00-04:00',
    });
    expect(await startsOf(series.id, '2026-03-01T00:00:00Z', '2026-03-26T00:00:00Z')).toEqual([
      '2026-03-04T01:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
      // 17 March (now the 18th, UTC) stays cancelled: the cancellation moved with the series.
      '2026-03-25T00:00:00.000Z',
    ]);
  });

  it('deletes this and following, then all, and the image once nobody uses it', async () => {
    const series = await create(
      { ...prayer, title: 'Outreach' },
      { name: 'image', filename: 'o.png', value: PNG_1X1, contentType: 'image/png' },
    );
    await update(series.id, 'scope=this&occurrence=2026-03-10T23:00:00.000Z', {
      ...prayer,
      title: 'Outreach (park)',
      startDate: '2026-03-10T19:00:00-04:00',
      endDate: '2026-03-10T20:00:00-04:00',
    });
    expect((await remove(series.id, 'scope=following&occurrence=2026-03-24T23:00:00.000Z')).status).toBe(200);
    expect(await startsOf(series.id, '2026-03-01T00:00:00Z', '2026-06-01T00:00:00Z')).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T23:00:00.000Z',
      '2026-03-17T23:00:00.000Z',
    ]);
    expect((await t.request(series.imageUrl!, { headers: { cookie } })).status).toBe(200);
    expect((await remove(series.id, 'scope=all')).status).toBe(200);
    expect(await startsOf(series.id, '2026-03-01T00:00:00Z', '2026-06-01T00:00:00Z')).toEqual([]);
    expect(await t.db.select().from(events).where(eq(events.seriesId, series.id))).toEqual([]);
    expect((await t.request(series.imageUrl!, { headers: { cookie } })).status).toBe(404);
    expect((await remove(series.id, 'scope=all')).status).toBe(404);
  });

  it('deletes a single event', async () => {
    const single = await create({ title: 'Lunch', startDate: '2026-04-01T12:00:00Z', endDate: '2026-04-01T13:00:00Z' });
    expect((await remove(single.id)).status).toBe(200);
    expect(await t.db.select().from(events).where(eq(events.id, single.id))).toEqual([]);
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
