import { and, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { eventCancellations, events } from '#server/db/schema';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { occurrencesBefore, occurrenceStarts } from './recurrence';
import { occurrenceEnd, selectEventRows, type EventRow } from './event-rows';
import { toEvent } from './service';

/** An occurrence as everyone with the calendar sees it; the route adds what the person may do. */
export type SharedOccurrence = Omit<EventOccurrence, 'canDelete'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const collator = new Intl.Collator();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Where an occurrence ends for overlap: an all-day event's end is its last date, inclusive. */
function effectiveEnd(allDay: boolean, end: Date): number {
  return allDay ? end.getTime() + DAY_MS : end.getTime();
}

function overlaps(allDay: boolean, start: Date, end: Date, from: Date, to: Date): boolean {
  return start < to && (effectiveEnd(allDay, end) > from.getTime() || start >= from);
}

/**
 * GET /api/calendar/occurrences (issue 22): single events and the occurrences of series that
 * overlap [from, to), changed occurrences in place of their originals and cancelled ones left
 * out, by start. Three indexed queries, whatever the range holds: the rows in range (single
 * events and changed occurrences), the series in range (series_end makes that an index range,
 * decision 0121), and those series' exceptions; expansion happens here, in memory.
 */
export async function listOccurrences(db: Db, from: Date, to: Date): Promise<SharedOccurrence[]> {
  // An all-day event ending on `from`'s date still covers part of it: a day of slack.
  const slack = new Date(from.getTime() - DAY_MS);
  const [singles, series] = await Promise.all([
    selectEventRows(db, and(isNull(events.recurrence), lt(events.startDate, to), gte(events.endDate, slack))!),
    selectEventRows(db, and(isNotNull(events.recurrence), lt(events.startDate, to), gte(events.seriesEnd, slack))!),
  ]);
  const seriesIds = series.map((s) => s.id);
  const [changed, cancelled] = seriesIds.length
    ? await Promise.all([
        db
          .select({ seriesId: events.seriesId, occurrenceStart: events.occurrenceStart })
          .from(events)
          .where(inArray(events.seriesId, seriesIds)),
        db.select().from(eventCancellations).where(inArray(eventCancellations.eventId, seriesIds)),
      ])
    : [[], []];
  const skip = new Set([
    ...changed.map((c) => `${c.seriesId}|${c.occurrenceStart!.getTime()}`),
    ...cancelled.map((c) => `${c.eventId}|${c.occurrenceStart.getTime()}`),
  ]);

  const result: SharedOccurrence[] = [];
  const seriesById = new Map(series.map((s) => [s.id, s]));
  // A changed occurrence moved past its series' last one answers as its series all the same.
  const elsewhere = [
    ...new Set(singles.flatMap((r) => (r.seriesId && !seriesById.has(r.seriesId) ? [r.seriesId] : []))),
  ];
  if (elsewhere.length)
    for (const s of await selectEventRows(db, inArray(events.id, elsewhere))) seriesById.set(s.id, s);
  for (const row of singles) {
    if (!overlaps(row.allDay, row.startDate, row.endDate, from, to)) continue;
    if (row.seriesId) result.push(changedOccurrence(row, seriesById.get(row.seriesId)));
    else result.push({ ...toEvent(row), series: false });
  }
  for (const row of series) {
    // Everything but the times is the series' own: described once, not once per occurrence.
    const shown = { ...toEvent(row), series: true };
    const duration = effectiveEnd(row.allDay, row.endDate) - row.startDate.getTime();
    const timing = { ...row, recurrence: row.recurrence! };
    const starts = occurrenceStarts(timing, new Date(from.getTime() - duration), new Date(to.getTime() - 1));
    // A counted series: the first start's place, once; the others follow it one by one.
    const firstPlace = starts.length ? occurrencesBefore(timing, starts[0]!) : null;
    for (const [i, start] of starts.entries()) {
      if (skip.has(`${row.id}|${start.getTime()}`)) continue;
      const end = occurrenceEnd(row, start);
      if (!overlaps(row.allDay, start, end, from, to)) continue;
      const startIso = start.toISOString();
      result.push({
        ...shown,
        startDate: startIso,
        endDate: end.toISOString(),
        occurrenceStart: startIso,
        occurrencesBefore: firstPlace === null ? null : firstPlace + i,
      });
    }
  }
  // ISO instants of one format order as text; titles by the same collation as before.
  return result.sort(
    (a, b) => byText(a.startDate, b.startDate) || byText(a.endDate, b.endDate) || collator.compare(a.title, b.title),
  );
}

/**
 * A changed occurrence is addressed through its series (PUT/DELETE of the series with
 * `occurrence=`), so it answers with the series' id, rule and creator (who may delete it,
 * decision 0178) and its original start.
 */
function changedOccurrence(row: EventRow, series: EventRow | undefined): SharedOccurrence {
  const own = toEvent(row);
  return {
    ...own,
    id: row.seriesId!,
    createdBy: series ? series.userId : own.createdBy,
    recurrence: series?.recurrence ?? null,
    repeats: series ? toEvent(series).repeats : null,
    seriesStart: (series?.startDate ?? row.startDate).toISOString(),
    occurrencesBefore: series?.recurrence
      ? occurrencesBefore({ ...series, recurrence: series.recurrence }, row.occurrenceStart!)
      : null,
    series: true,
  };
}
