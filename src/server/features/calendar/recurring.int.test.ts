// Recurring events (issue 22): a series' occurrences in its zone, one of them changed or cancelled.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCancellations, events } from '#server/db/schema';
import { calendarTestApi, NY, prayer, type CalendarTestApi } from '#test-support/features/calendar-test-api';
import { testDatabaseTargets } from '#test-support/test-database';
import { type EventList } from '#shared/schemas/calendar';

describe.each(testDatabaseTargets())(
  'a recurring series on $name: its occurrences, one changed or cancelled',
  (target) => {
    let api: CalendarTestApi;
    let t!: CalendarTestApi['t'];
    let cookie!: CalendarTestApi['cookie'];
    let send!: CalendarTestApi['send'];
    let create!: CalendarTestApi['create'];
    let update!: CalendarTestApi['update'];
    let remove!: CalendarTestApi['remove'];
    let occurrences!: CalendarTestApi['occurrences'];
    let startsOf!: CalendarTestApi['startsOf'];
    let rowCounts!: CalendarTestApi['rowCounts'];
    beforeAll(async () => {
      api = await calendarTestApi(target);
      ({ t, cookie, send, create, update, remove, occurrences, startsOf, rowCounts } = api);
    });
    afterAll(async () => {
      await api?.t.close();
    });

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

      const march = (await occurrences('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).filter(
        (o) => o.id === series.id,
      );
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
      const shown = (await occurrences('2026-03-09T00:00:00Z', '2026-03-25T00:00:00Z')).filter(
        (o) => o.id === series.id,
      );
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
      const after = (await occurrences('2026-03-09T00:00:00Z', '2026-03-25T00:00:00Z')).filter(
        (o) => o.id === series.id,
      );
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
  },
);
