import { and, asc, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { ts } from '#server/db/sql-instant';
import { tasks } from '#server/db/schema';

/** What the tasks feature tells the dashboard (D9), asked through src/server/feature-wiring.ts. */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tasks not completed now, and the change from seven days ago. A task was pending at T when it
 * existed (created_at <= T) and was not completed by then. A task marked completed without a
 * completion time counts as completed all along.
 */
export async function pendingTasks(db: Db, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const pendingAt = (at: Date) =>
    sql`${tasks.createdAt} <= ${ts(at)} and (${tasks.completedAt} > ${ts(at)} or (${tasks.completedAt} is null and ${tasks.status} <> 'completed'))`;
  const [row] = await db
    .select({
      now: sql<number>`(count(*) filter (where ${pendingAt(now)}))::int`,
      weekAgo: sql<number>`(count(*) filter (where ${pendingAt(weekAgo)}))::int`,
    })
    .from(tasks);
  const pendingNow = Number(row?.now ?? 0);
  return { count: pendingNow, change: pendingNow - Number(row?.weekAgo ?? 0) };
}

/** 'Upcoming Tasks': tasks not completed, soonest due first (overdue ones lead), undated last. */
export async function upcomingTasks(db: Db, limit: number) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      priority: tasks.priority,
      status: tasks.status,
      partnerId: tasks.partnerId,
    })
    .from(tasks)
    .where(and(sql`${tasks.status} <> 'completed'`, sql`${tasks.completedAt} is null`))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt))
    .limit(limit);
}
