import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { JobView } from '#shared/jobs';

type JobRow = typeof jobs.$inferSelect;

export const presentJob = (row: JobRow): JobView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  progressDone: row.progressDone,
  progressTotal: row.progressTotal,
  result: row.result ?? null,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/**
 * Queues a job; in a change's transaction, it exists only if the change commits. The runner
 * picks it up within its poll (or at once when woken).
 */
export async function enqueueJob(
  db: Db,
  job: { kind: string; ownerId: string | null; input?: unknown; maxAttempts?: number; runAfter?: Date },
): Promise<JobView> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      ownerId: job.ownerId,
      input: job.input ?? {},
      maxAttempts: job.maxAttempts ?? 3,
      runAfter: job.runAfter ?? new Date(),
    })
    .returning();
  return presentJob(row!);
}

/** Queues a job of the portal's own (no owner) unless one of its kind is waiting or running. */
export async function enqueueOnce(db: Db, kind: string, input: unknown = {}): Promise<boolean> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  if (pending) return false;
  await enqueueJob(db, { kind, ownerId: null, input });
  return true;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}
