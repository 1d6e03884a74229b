import { and, count, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { events } from '#server/db/schema';
import { nextOccurrence } from './recurrence';

/**
 * The dashboard's 'Upcoming Events' card (D9): the calendar's cards that have not started. A
 * single event counts while its start is ahead; a series (issue 22) is one card, counted while
 * it has an occurrence ahead, however far its first one lies behind; a changed occurrence is
 * part of its series, not a card of its own. Series that may still have one are few (their
 * last occurrence ends after now: an index range), so their rules are checked here.
 */
export async function countUpcomingEvents(db: Db, now: Date): Promise<number> {
  const [[singles], series] = await Promise.all([
    db
      .select({ n: count() })
      .from(events)
      .where(and(isNull(events.recurrence), isNull(events.seriesId), gte(events.startDate, now))),
    db
      .select({
        startDate: events.startDate,
        recurrence: events.recurrence,
        timeZone: events.timeZone,
        allDay: events.allDay,
      })
      .from(events)
      .where(and(isNotNull(events.recurrence), gte(events.seriesEnd, now))),
  ]);
  const ongoing = series.filter((s) => nextOccurrence({ ...s, recurrence: s.recurrence! }, now) !== null);
  return (singles?.n ?? 0) + ongoing.length;
}
