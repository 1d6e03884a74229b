import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { eventCancellations, events } from '#server/db/schema';
import { refuse } from '#server/service/errors';
import { formatRule, MAX_SERIES_EXCEPTIONS, parseRule, TOO_MANY_EXCEPTIONS } from '#shared/recurrence';
import { OCCURRENCE_REQUIRED, type EventScopeQuery } from '#shared/schemas/calendar';
import { wallClock, zonedDayStart } from '#shared/time-zone';
import { occurrenceEnd, type EventRow } from './event-rows';
import { isOccurrence, lastOccurrence } from './recurrence';

// A series' exceptions (changed occurrences are event rows with a series_id; cancelled ones are
// event_cancellations) as scoped edits and deletes move, hand over or drop them (decision 0121).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Cancelled plus changed occurrences of a series. */
async function exceptionCount(db: Db, seriesId: string): Promise<number> {
  const [changed] = await db.select({ n: count() }).from(events).where(eq(events.seriesId, seriesId));
  const [cancelled] = await db
    .select({ n: count() })
    .from(eventCancellations)
    .where(eq(eventCancellations.eventId, seriesId));
  return (changed?.n ?? 0) + (cancelled?.n ?? 0);
}

export async function refuseOverExceptionLimit(db: Db, seriesId: string) {
  if ((await exceptionCount(db, seriesId)) >= MAX_SERIES_EXCEPTIONS) refuse(400, TOO_MANY_EXCEPTIONS);
}

/** The occurrence a scoped write names: it must be one of the series' (or a changed one's original start). */
export async function namedOccurrence(db: Db, series: EventRow, query: EventScopeQuery): Promise<Date> {
  if (!query.occurrence) refuse(400, OCCURRENCE_REQUIRED);
  const at = new Date(query.occurrence);
  if (!isOccurrence({ ...series, recurrence: series.recurrence! }, at)) refuse(404, 'Occurrence not found');
  const [cancelled] = await db
    .select()
    .from(eventCancellations)
    .where(and(eq(eventCancellations.eventId, series.id), eq(eventCancellations.occurrenceStart, at)));
  if (cancelled) refuse(404, 'Occurrence not found');
  return at;
}

/**
 * The series' rule ending before `at` (its UNTIL), for "this and following": at the end of the
 * day before, in the series' zone (a series has one occurrence a day at most), so the rule in
 * words names a day that is still the old series' ("Every Wednesday until Dec 22, 2026"). One
 * second before `at` read "until Dec 23", the first day of the new series.
 */
function ruleEndingBefore(series: EventRow, at: Date): string {
  const rule = parseRule(series.recurrence!);
  if (typeof rule === 'string') throw new Error('stored rule unreadable');
  if (series.allDay) {
    const until = new Date(at.getTime() - DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
    return formatRule({ ...rule, count: null, until });
  }
  const day = wallClock(at, series.timeZone);
  const end = new Date(zonedDayStart(day.year, day.month, day.day, series.timeZone).getTime() - 1000);
  const until = end
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return formatRule({ ...rule, count: null, until });
}

/**
 * Ends a series before `at`: its rule gets an UNTIL and the exceptions from `at` on go (they
 * belong to the occurrences that no longer are the series').
 */
export async function endSeriesBefore(db: Db, series: EventRow, at: Date): Promise<EventRow> {
  const recurrence = ruleEndingBefore(series, at);
  const last = lastOccurrence({ ...series, recurrence });
  await db.delete(events).where(and(eq(events.seriesId, series.id), gte(events.occurrenceStart, at)));
  await db
    .delete(eventCancellations)
    .where(and(eq(eventCancellations.eventId, series.id), gte(eventCancellations.occurrenceStart, at)));
  const [row] = await db
    .update(events)
    .set({ recurrence, seriesEnd: occurrenceEnd(series, last), updatedAt: new Date() })
    .where(eq(events.id, series.id))
    .returning();
  return row!;
}

/**
 * After "all events" moved or changed a series: exceptions follow a moved series, and those no
 * longer on one of its occurrences go.
 */
export async function keepExceptionsInStep(db: Db, series: EventRow, shiftMs: number) {
  const overrides = await db.select().from(events).where(eq(events.seriesId, series.id));
  const cancellations = await db.select().from(eventCancellations).where(eq(eventCancellations.eventId, series.id));
  const timing = series.recurrence ? { ...series, recurrence: series.recurrence } : null;
  for (const o of overrides) {
    const at = new Date(o.occurrenceStart!.getTime() + shiftMs);
    if (timing && isOccurrence(timing, at)) {
      if (shiftMs) await db.update(events).set({ occurrenceStart: at }).where(eq(events.id, o.id));
    } else await db.delete(events).where(eq(events.id, o.id));
  }
  for (const c of cancellations) {
    const at = new Date(c.occurrenceStart.getTime() + shiftMs);
    const where = and(
      eq(eventCancellations.eventId, series.id),
      eq(eventCancellations.occurrenceStart, c.occurrenceStart),
    );
    if (timing && isOccurrence(timing, at)) {
      if (shiftMs) await db.update(eventCancellations).set({ occurrenceStart: at }).where(where);
    } else await db.delete(eventCancellations).where(where);
  }
}

/** What an occurrence changed alone can hold of its own besides its times. */
const OWN_FIELDS = ['title', 'description', 'location', 'imageUrl'] as const;

/**
 * After an edit of the whole series (or of its following part, `series` being the new one): a
 * field the edit changed reaches the changed occurrences that still had the series' old value,
 * as calendar apps do; one that had its own value keeps it (decision 0121). A renamed series
 * left its moved evening under the old title.
 */
export async function carryChangesToExceptions(db: Db, before: EventRow, series: EventRow) {
  for (const field of OWN_FIELDS) {
    const was = before[field];
    if (was === series[field]) continue;
    await db
      .update(events)
      .set({ [field]: series[field] })
      .where(and(eq(events.seriesId, series.id), was === null ? isNull(events[field]) : eq(events[field], was)));
  }
}

/** Hands a series' exceptions from `at` on to another series, `shiftMs` later. */
export async function moveExceptions(db: Db, fromId: string, toId: string, at: Date, shiftMs: number) {
  const shift = sql`${shiftMs}::float8 * interval '1 millisecond'`;
  await db
    .update(events)
    .set({ seriesId: toId, occurrenceStart: sql`${events.occurrenceStart} + ${shift}` })
    .where(and(eq(events.seriesId, fromId), gte(events.occurrenceStart, at)));
  await db
    .update(eventCancellations)
    .set({ eventId: toId, occurrenceStart: sql`${eventCancellations.occurrenceStart} + ${shift}` })
    .where(and(eq(eventCancellations.eventId, fromId), gte(eventCancellations.occurrenceStart, at)));
}
