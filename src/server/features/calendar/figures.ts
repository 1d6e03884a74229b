import { count, gte } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { events } from '#server/db/schema';

/** The dashboard's 'Upcoming Events' card (D9): events that have not started. */
export async function countUpcomingEvents(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(gte(events.startDate, now));
  return row?.n ?? 0;
}
