import { and, isNotNull, ne, sql } from 'drizzle-orm';
import { formatDay } from '#shared/format';
import type { Db } from '#server/db/client';
import { tasks } from '#server/db/schema';
import type { NoticeDraft, NotificationRules } from '#server/service/notices';
import { localDate } from '#shared/local-date';

/** What the tasks feature tells people (issue 16, docs/decisions/0100), wired in feature-wiring.ts. */

interface RecordedTask {
  id: string;
  title: string;
  assignedTo: string | null;
  dueDate: string | null;
}

/** The assignee hears of it, unless they assigned it to themselves (the actor is never told). */
function assigned(task: RecordedTask | null): NoticeDraft[] {
  if (!task?.assignedTo) return [];
  return [
    {
      to: { features: ['tasks'], userIds: [task.assignedTo] },
      category: 'always',
      kind: 'task.assigned',
      title: `Task assigned to you: ${task.title}`,
      body: task.dueDate ? `Due ${formatDay(task.dueDate)}` : null,
      // The board opens on this task, or says it was deleted since (it led to a board without it).
      link: `/tasks?task=${task.id}`,
    },
  ];
}

export const taskNotices: NotificationRules = {
  'task.created': (change) => assigned(change.after as RecordedTask),
  'task.updated': (change) => {
    const before = change.before as RecordedTask;
    const after = change.after as RecordedTask;
    return before.assignedTo === after.assignedTo ? [] : assigned(after);
  },
};

/**
 * "A task of yours due tomorrow": open tasks due tomorrow, to their assignee or, when nobody
 * is assigned, their creator. The key makes the sweep, which runs every quarter hour and on
 * every instance, notify once per task and due date.
 */
export async function dueTomorrowNotices(db: Db, now: Date): Promise<NoticeDraft[]> {
  const tomorrow = localDate(now, 1);
  const owner = sql<string>`coalesce(${tasks.assignedTo}, ${tasks.createdBy})`;
  const rows = await db
    .select({ id: tasks.id, title: tasks.title, owner })
    .from(tasks)
    .where(and(sql`${tasks.dueDate} = ${tomorrow}`, ne(tasks.status, 'completed'), isNotNull(owner)));
  return rows.map((task) => ({
    to: { features: ['tasks'], userIds: [task.owner] },
    category: 'always',
    kind: 'task.due',
    title: `Due tomorrow: ${task.title}`,
    link: '/tasks',
    dedupeKey: `task.due:${task.id}:${tomorrow}`,
  }));
}
