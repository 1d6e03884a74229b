import { and, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { loadAccess } from '#server/auth/permissions';
import type { Db } from '#server/db/client';
import { calendarFeeds, eventCancellations, events } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { addEvent, addOccurrence, newCalendar } from './ics';
import { isOccurrence } from './recurrence';
import type { EventRow } from './event-rows';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function feedUrl(ctx: ServiceContext, token: string): string {
  return `${ctx.deps.config.BASE_URL}/api/calendar/feed/${token}.ics`;
}

/** The person's private subscription address, made on first ask (issue 22 item 5). */
export async function feedAddress(ctx: ServiceContext): Promise<{ url: string }> {
  const [existing] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ctx.actor.id));
  if (existing) return { url: feedUrl(ctx, existing.token) };
  return ctx.change(async (tx) => {
    const [row] = await tx.db
      .insert(calendarFeeds)
      .values({ userId: tx.actor.id })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { userId: sql`excluded.user_id` } })
      .returning();
    // The token is the address's secret: never in the activity record.
    await tx.record({ action: 'calendar_feed.created', subject: { type: 'calendar_feed', id: tx.actor.id } });
    return { url: feedUrl(ctx, row!.token) };
  });
}

/** A new token: the old address answers 404 from this commit on. */
export async function renewFeed(ctx: ServiceContext): Promise<{ url: string }> {
  return ctx.change(async (tx) => {
    const [row] = await tx.db
      .insert(calendarFeeds)
      .values({ userId: tx.actor.id })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token: sql`default`, createdAt: new Date() } })
      .returning();
    await tx.record({ action: 'calendar_feed.renewed', subject: { type: 'calendar_feed', id: tx.actor.id } });
    return { url: feedUrl(ctx, row!.token) };
  });
}

/** Series rows with their changed and cancelled occurrences. */
async function withExceptions(db: Db, rows: EventRow[]) {
  const ids = rows.filter((r) => r.recurrence).map((r) => r.id);
  const [changed, cancelled] = ids.length
    ? await Promise.all([
        db.select().from(events).where(inArray(events.seriesId, ids)),
        db.select().from(eventCancellations).where(inArray(eventCancellations.eventId, ids)),
      ])
    : [[], []];
  return rows.map((row) => ({
    row,
    changed: changed.filter((c) => c.seriesId === row.id),
    cancelled: cancelled.filter((c) => c.eventId === row.id).map((c) => c.occurrenceStart),
  }));
}

/**
 * The feed behind a token: every event from a year back onwards, as iCalendar. Null, for a
 * plain 404, when the token is unknown or renewed, or its owner no longer holds the calendar
 * permission or any role (a person removed from the team loses the feed at once).
 */
export async function feedCalendar(db: Db, token: string, now = new Date()): Promise<string | null> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  const access = await loadAccess(db, feed.userId);
  if (access.role === 'none' || !access.permissions.calendar) return null;
  const since = new Date(now.getTime() - YEAR_MS);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        isNull(events.seriesId),
        or(
          and(isNull(events.recurrence), gte(events.endDate, since)),
          and(isNotNull(events.recurrence), gte(events.seriesEnd, since)),
        ),
      ),
    );
  const calendar = newCalendar('Ministry calendar');
  for (const series of await withExceptions(db, rows)) addEvent(calendar, series);
  return calendar.toString();
}

/** GET /api/calendar/events/:id/ics: one event (a series with its exceptions, or one occurrence). */
export async function eventIcs(db: Db, id: string, occurrence?: string): Promise<{ title: string; body: string }> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) refuse(404, 'Event not found');
  const calendar = newCalendar(row.title);
  if (occurrence && row.recurrence) {
    const at = new Date(occurrence);
    const [changed] = await db
      .select()
      .from(events)
      .where(and(eq(events.seriesId, id), eq(events.occurrenceStart, at)));
    if (changed) addOccurrence(calendar, changed, changed.startDate);
    else if (isOccurrence({ ...row, recurrence: row.recurrence }, at)) addOccurrence(calendar, row, at);
    else refuse(404, 'Occurrence not found');
  } else {
    const [series] = await withExceptions(db, [row]);
    addEvent(calendar, series!);
  }
  return { title: row.title, body: calendar.toString() };
}
