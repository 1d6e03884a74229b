import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { tasks, user } from '#server/db/schema';
import { atText, beforePosition, keyText, newestFirst, type TimelinePage } from '#server/db/timeline-keyset';

/** What the tasks feature tells the partners feature about a partner's tasks (issue 20), through the wiring file. */

const person = alias(user, 'person');
const personName = sql<
  string | null
>`case when ${person.id} is null then null else coalesce(nullif(${person.displayName}, ''), nullif(${person.name}, ''), ${person.email}) end`;

const createdAt = sql`${tasks.createdAt}`;
const createdKey = keyText('task-created', sql`${tasks.id}`);
const completedAt = sql`${tasks.completedAt}`;
const completedKey = keyText('task-completed', sql`${tasks.id}`);

/**
 * A page of the partner's task events for the timeline, newest first: each task's creation
 * (by its creator) and, once completed, its completion. One bounded query per kind of event.
 */
export async function partnerTaskEntries(db: Db, partnerId: string, page: TimelinePage) {
  const [created, completed] = await Promise.all([
    db
      .select({ taskId: tasks.id, at: atText(createdAt), key: createdKey, title: tasks.title, by: personName })
      .from(tasks)
      .leftJoin(person, eq(person.id, tasks.createdBy))
      .where(and(eq(tasks.partnerId, partnerId), beforePosition(createdAt, createdKey, page)))
      .orderBy(...newestFirst(createdAt, createdKey))
      .limit(page.limit + 1),
    db
      .select({ taskId: tasks.id, at: atText(completedAt), key: completedKey, title: tasks.title })
      .from(tasks)
      .where(
        and(
          eq(tasks.partnerId, partnerId),
          eq(tasks.status, 'completed'),
          sql`${tasks.completedAt} is not null`,
          beforePosition(completedAt, completedKey, page),
        ),
      )
      .orderBy(...newestFirst(completedAt, completedKey))
      .limit(page.limit + 1),
  ]);
  return [
    ...created.map((row) => ({ source: 'task' as const, event: 'created' as const, ...row })),
    // Who ticked a task off is in its change record, not on the task.
    ...completed.map((row) => ({ source: 'task' as const, event: 'completed' as const, ...row, by: null })),
  ];
}

/** The partner's tasks not completed yet, soonest due first, for partner details. */
export async function partnerOpenTasks(db: Db, partnerId: string) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      priority: tasks.priority,
      status: tasks.status,
      assignedToName: personName,
    })
    .from(tasks)
    .leftJoin(person, eq(person.id, tasks.assignedTo))
    .where(and(eq(tasks.partnerId, partnerId), ne(tasks.status, 'completed')))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt), asc(tasks.id))
    .limit(100);
}
