/**
 * Scenario 14, the calendar's month (issue 22): a month holding 2,000 occurrences, most of them
 * single events and the rest from weekly and daily series with a changed and a cancelled
 * occurrence each, read as the month grid reads it (`GET /api/calendar/occurrences` for that
 * month) through the API as an admin: as people open it (kept until an event changes), and the
 * first answer after a change.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { sampleMs, summarize, timeMs, type Summary } from '../stats';
import { getOk } from './dashboard';

export interface CalendarFigures {
  /** Rows in `events` (series, single events and changed occurrences). */
  events: number;
  /** Occurrences the month's answer holds. */
  occurrences: number;
  /** The month as people open it: kept until an event changes (decision 0121). */
  month: Summary;
  /** The first answer after a change (another event created each time): computed afresh. */
  afterChange: Summary;
}

/** How many changes the first-answer figure times (each adds an event far from the month). */
const CHANGES = 30;

/** A month of its own, far from the seeded gifts and tasks: March 2031 (31 days). */
const MONTH = { from: '2031-03-01T00:00:00.000Z', to: '2031-04-01T00:00:00.000Z' };
const SINGLE_EVENTS = 1_800;
/** 20 daily series of 10 evenings each: 200 occurrences, less one cancelled per series, plus one moved. */
const SERIES = 20;

export async function seedCalendar(db: Db): Promise<void> {
  await db.execute(sql`
    insert into events (title, description, start_date, end_date, location)
    select 'Bench event ' || i, 'A single event of the bench month.',
      timestamptz '2031-03-01 08:00+00' + ((i % 31) || ' days')::interval + ((i % 12) || ' hours')::interval,
      timestamptz '2031-03-01 09:00+00' + ((i % 31) || ' days')::interval + ((i % 12) || ' hours')::interval,
      'Room ' || (i % 9)
    from generate_series(1, ${SINGLE_EVENTS}) as i`);
  // Each series: ten days from its start day at 19:00 UTC; the third evening cancelled and the
  // fifth moved an hour later (a changed occurrence, RECURRENCE-ID), as people use them.
  await db.execute(sql`
    with series as (
      insert into events (title, start_date, end_date, time_zone, recurrence, series_end)
      select 'Bench series ' || i,
        timestamptz '2031-03-02 19:00+00' + (i || ' days')::interval,
        timestamptz '2031-03-02 20:00+00' + (i || ' days')::interval,
        'UTC', 'FREQ=DAILY;COUNT=10',
        timestamptz '2031-03-02 20:00+00' + ((i + 9) || ' days')::interval
      from generate_series(1, ${SERIES}) as i
      returning id, start_date
    ), cancelled as (
      insert into event_cancellations (event_id, occurrence_start)
      select id, start_date + interval '2 days' from series
    )
    insert into events (title, start_date, end_date, time_zone, series_id, occurrence_start)
    select 'Bench series (moved)', start_date + interval '4 days 1 hour', start_date + interval '4 days 2 hours',
      'UTC', id, start_date + interval '4 days'
    from series`);
}

export async function measureCalendarMonth(url: string, cookie: string, samples: number): Promise<CalendarFigures> {
  const path = `${url}/api/calendar/occurrences?${new URLSearchParams(MONTH)}`;
  const first = JSON.parse(await getOk(path, cookie)) as { occurrences: unknown[] };
  const month = summarize(await sampleMs(() => getOk(path, cookie), samples));
  const afterChange: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    await createEventElsewhere(url, cookie, i);
    afterChange.push(await timeMs(() => getOk(path, cookie)));
  }
  return {
    events: SINGLE_EVENTS + 2 * SERIES,
    occurrences: first.occurrences.length,
    month,
    afterChange: summarize(afterChange),
  };
}

/** A change through the API (it moves the change record), in a year no scenario reads. */
async function createEventElsewhere(url: string, cookie: string, i: number) {
  const form = new FormData();
  form.set('title', `Bench change ${i}`);
  form.set('startDate', `2040-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`);
  form.set('endDate', `2040-01-${String((i % 28) + 1).padStart(2, '0')}T11:00:00.000Z`);
  const response = await fetch(`${url}/api/calendar/events`, {
    method: 'POST',
    headers: { cookie, origin: url },
    body: form,
  });
  if (response.status !== 201) throw new Error(`creating an event failed: ${response.status} ${await response.text()}`);
}
