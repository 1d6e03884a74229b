import { asc, desc, eq, getTableColumns, ne, sql, isNull } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { tasks, user } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import { canDeleteTask, canEditTask, isStatusOnlyChange } from '#shared/tasks';
import type { CreateTaskValues, UpdateTaskValues } from '#shared/schemas/tasks';

/** How many completed tasks the board lists (newest first); the counter still counts them all. */
export const COMPLETED_LIST_LIMIT = 50;

/** What people see of another user: enough to pick and recognise them, nothing more. */
const displayName = (t: Record<'displayName' | 'name' | 'email', AnyPgColumn>) =>
  sql<string>`coalesce(nullif(${t.displayName}, ''), nullif(${t.name}, ''), ${t.email})`;

const assignee = alias(user, 'assignee');
const creator = alias(user, 'creator');

function selectTasks(db: Db) {
  const { id, title, description, priority, dueDate, status, createdAt, completedAt } = getTableColumns(tasks);
  return db
    .select({
      id,
      title,
      description,
      priority,
      dueDate,
      status,
      createdAt,
      completedAt,
      createdBy: tasks.createdBy,
      partnerId: tasks.partnerId,
      createdByName: sql<string | null>`case when ${creator.id} is null then null else ${displayName(creator)} end`,
      assignedTo: tasks.assignedTo,
      assignedToName: sql<string | null>`case when ${assignee.id} is null then null else ${displayName(assignee)} end`,
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(creator, eq(creator.id, tasks.createdBy));
}

export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

/** What the tasks feature asks the partners feature (src/server/feature-wiring.ts, issue 20). */
export interface TaskPartners {
  exists(db: Db, id: string): Promise<boolean>;
  namesOf(db: Db, ids: readonly string[]): Promise<{ id: string; name: string }[]>;
}

/** The tasks with the name of the partner each follows up, or null (no partner, or not to be shown). */
export async function withPartnerNames<Row extends { partnerId: string | null }>(
  db: Db,
  rows: Row[],
  partners: TaskPartners | null,
): Promise<(Row & { partnerName: string | null })[]> {
  const ids = [...new Set(rows.map((row) => row.partnerId).filter((id): id is string => id !== null))];
  const names = new Map((partners && ids.length > 0 ? await partners.namesOf(db, ids) : []).map((p) => [p.id, p.name]));
  return rows.map((row) => ({ ...row, partnerName: (row.partnerId && names.get(row.partnerId)) ?? null }));
}

/** The board: every active task by due date, the latest completed ones, and the counters. */
export async function listTasks(db: Db) {
  const [active, completed, [counts]] = await Promise.all([
    selectTasks(db)
      .where(ne(tasks.status, 'completed'))
      .orderBy(
        sql`${tasks.dueDate} asc nulls last`,
        sql`case ${tasks.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
        asc(tasks.createdAt),
        asc(tasks.id),
      ),
    selectTasks(db)
      .where(eq(tasks.status, 'completed'))
      .orderBy(sql`${tasks.completedAt} desc nulls last`, desc(tasks.createdAt), asc(tasks.id))
      .limit(COMPLETED_LIST_LIMIT),
    db
      .select({
        active: sql<number>`count(*) filter (where ${tasks.status} <> 'completed')::int`,
        highPriority: sql<number>`count(*) filter (where ${tasks.status} <> 'completed' and ${tasks.priority} = 'high')::int`,
        completed: sql<number>`count(*) filter (where ${tasks.status} = 'completed')::int`,
      })
      .from(tasks),
  ]);
  return { active, completed, counts: counts ?? { active: 0, highPriority: 0, completed: 0 } };
}

export async function getTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const [row] = await selectTasks(db).where(eq(tasks.id, id));
  return row;
}

/** Everyone who can be given a task, by name. */
export async function listAssignees(db: Db) {
  return (
    db
      .select({ id: user.id, name: displayName(user), email: user.email })
      .from(user)
      // Not a deactivated person: they can no longer see a task given to them (decision 0104).
      .where(isNull(user.deactivatedAt))
      .orderBy(sql`lower(${displayName(user)})`, asc(user.email))
  );
}

async function userExists(db: Db, id: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  return Boolean(row);
}

const UNKNOWN_ASSIGNEE = 'Please choose an assignee from the list';

/**
 * completed_at follows status in the same statement (so two people toggling at once cannot
 * leave them out of step): set when a task becomes completed, kept while it stays completed,
 * cleared when it is reopened. The dashboard counts what was pending a week ago from it.
 */
function completedAtFor(status: UpdateTaskValues['status']) {
  if (status === undefined) return undefined;
  if (status === 'completed')
    return sql`case when ${tasks.status} = 'completed' then coalesce(${tasks.completedAt}, now()) else now() end`;
  return null;
}

/** The subject of a task's change record. */
const subject = (id: string) => ({ type: 'task', id });
const announce = (taskId: string, change: 'created' | 'updated' | 'deleted') => ({
  audience: { feature: 'tasks' as const },
  event: { type: 'tasks.changed' as const, taskId, change },
});

export async function createTask(
  ctx: ServiceContext,
  input: CreateTaskValues,
  partners?: TaskPartners,
): Promise<TaskRow> {
  return ctx.change(async (tx) => {
    if (input.assignedTo && !(await userExists(tx.db, input.assignedTo))) refuse(400, UNKNOWN_ASSIGNEE);
    // A follow-up (issue 20): its partner must exist, and following up partners is their feature.
    if (input.partnerId) {
      if (!tx.actor.permissions.partners) refuse(403, 'You do not have permission to do this.');
      if (!partners || !(await partners.exists(tx.db, input.partnerId))) refuse(400, 'Partner not found');
    }
    const [created] = await tx.db
      .insert(tasks)
      .values({
        title: input.title,
        description: input.description ?? null,
        priority: input.priority,
        dueDate: input.dueDate ?? null,
        assignedTo: input.assignedTo ?? null,
        partnerId: input.partnerId ?? null,
        status: input.status,
        createdBy: tx.actor.id,
        completedAt: input.status === 'completed' ? new Date() : null,
      })
      .returning();
    await tx.record({
      action: 'task.created',
      subject: subject(created!.id),
      announce: announce(created!.id, 'created'),
      after: created,
    });
    return (await getTask(tx.db, created!.id))!;
  });
}

export async function updateTask(ctx: ServiceContext, id: string, patch: UpdateTaskValues): Promise<TaskRow> {
  return ctx.change(async (tx) => {
    const existing = await lockedRow(tx.db.select().from(tasks).where(eq(tasks.id, id)), 404, 'Task not found');
    if (!isStatusOnlyChange(patch) && !canEditTask(existing, tx.actor))
      refuse(403, 'Only the person who created this task, its assignee or an admin can edit it.');
    if (patch.assignedTo && !(await userExists(tx.db, patch.assignedTo))) refuse(400, UNKNOWN_ASSIGNEE);

    const [updated] = await tx.db
      .update(tasks)
      .set({
        title: patch.title,
        description: patch.description,
        priority: patch.priority,
        dueDate: patch.dueDate,
        assignedTo: patch.assignedTo,
        status: patch.status,
        completedAt: completedAtFor(patch.status),
      })
      .where(eq(tasks.id, id))
      .returning();
    await tx.record({
      action: 'task.updated',
      subject: subject(id),
      announce: announce(id, 'updated'),
      before: existing,
      after: updated,
    });
    return (await getTask(tx.db, id))!;
  });
}

export async function deleteTask(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  return ctx.change(async (tx) => {
    const existing = await lockedRow(tx.db.select().from(tasks).where(eq(tasks.id, id)), 404, 'Task not found');
    if (!canDeleteTask(existing, tx.actor))
      refuse(403, 'Only the person who created this task or an admin can delete it.');
    await tx.db.delete(tasks).where(eq(tasks.id, id));
    await tx.record({
      action: 'task.deleted',
      subject: subject(id),
      announce: announce(id, 'deleted'),
      before: existing,
    });
    return { id };
  });
}
