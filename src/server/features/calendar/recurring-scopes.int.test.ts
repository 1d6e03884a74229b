// Recurring events (issue 22): 'this and following' and 'all events', when changing and when deleting.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCancellations, events } from '#server/db/schema';
import { PNG_1X1 } from '#test-support/multipart';
import { calendarTestApi, NY, prayer, type CalendarTestApi } from '#test-support/features/calendar-test-api';
import { testDatabaseTargets } from '#test-support/test-database';
import { describeRule } from '#shared/recurrence';

describe.each(testDatabaseTargets())('changing and deleting part of a series on $name', (target) => {
  let api: CalendarTestApi;
  let t!: CalendarTestApi['t'];
  let cookie!: CalendarTestApi['cookie'];
  let create!: CalendarTestApi['create'];
  let update!: CalendarTestApi['update'];
  let remove!: CalendarTestApi['remove'];
  let occurrences!: CalendarTestApi['occurrences'];
  let startsOf!: CalendarTestApi['startsOf'];
  beforeAll(async () => {
    api = await calendarTestApi(target);
    ({ t, cookie, create, update, remove, occurrences, startsOf } = api);
  });
  afterAll(async () => {
    await api?.t.close();
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

  it('"all events" changes reach an occurrence changed alone, but not the fields it changed itself', async () => {
    const study = { ...prayer, title: 'Bible Study', description: 'Romans, chapter by chapter', location: 'Room 1' };
    const series = await create(study, { name: 'image', filename: 's.png', value: PNG_1X1, contentType: 'image/png' });
    // One evening moved half an hour and held in the chapel; its title and description untouched.
    await update(series.id, 'scope=this&occurrence=2026-03-17T23:00:00.000Z', {
      ...study,
      location: 'Chapel',
      startDate: '2026-03-17T19:30:00-04:00',
      endDate: '2026-03-17T21:00:00-04:00',
      recurrence: '',
    });
    // Then, from another evening, all events get a new title, description and room, and lose the image.
    await update(series.id, 'scope=all&occurrence=2026-03-10T23:00:00.000Z', {
      ...study,
      removeImage: 'true',
      title: 'Bible Study (Romans)',
      description: 'Romans 5 to 8 this term',
      location: 'Room 2',
      startDate: '2026-03-10T19:00:00-04:00',
      endDate: '2026-03-10T20:30:00-04:00',
    });
    const shown = (await occurrences('2026-03-09T00:00:00Z', '2026-03-26T00:00:00Z'))
      .filter((o) => o.id === series.id)
      .map((o) => [o.startDate, o.title, o.description, o.location, o.imageUrl]);
    expect(shown).toEqual([
      ['2026-03-10T23:00:00.000Z', 'Bible Study (Romans)', 'Romans 5 to 8 this term', 'Room 2', null],
      // Its own time and room stay; what it never changed itself follows the series.
      ['2026-03-17T23:30:00.000Z', 'Bible Study (Romans)', 'Romans 5 to 8 this term', 'Chapel', null],
      ['2026-03-24T23:00:00.000Z', 'Bible Study (Romans)', 'Romans 5 to 8 this term', 'Room 2', null],
    ]);
    // Nothing points at the image any more: it is gone.
    expect((await t.request(series.imageUrl!, { headers: { cookie } })).status).toBe(404);
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
});
