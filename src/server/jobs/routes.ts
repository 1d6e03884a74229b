import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { jobs } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { requireUser } from '../http/require';
import { contextOf } from '../http/service-context';
import { validate } from '../http/validate';
import type { ServiceContext } from '../service/context';
import { refuse } from '../service/errors';
import { JOB_REASONS, jobParamSchema } from '#shared/jobs';
import { findJob, presentJob } from './queue';

/** A job is its owner's to watch and cancel; an admin's too (the portal's own jobs are only theirs). */
async function visibleJob(ctx: ServiceContext, id: string) {
  const row = await findJob(ctx.db, id);
  // Someone else's job answers as if there were none: ids are not for guessing.
  if (!row || (row.ownerId !== ctx.actor.id && ctx.actor.role !== 'admin')) refuse(404, JOB_REASONS.notFound);
  return row;
}

/**
 * Cancels a job: one still queued is cancelled at once; a running one stops at its next
 * progress report (the runner then marks it cancelled and tells its owner).
 */
async function cancelJob(ctx: ServiceContext, id: string) {
  return ctx.change(async (tx) => {
    const before = await visibleJob(tx, id);
    if (before.status !== 'queued' && before.status !== 'running') refuse(409, JOB_REASONS.finished);
    const [row] = await tx.db
      .update(jobs)
      .set(
        before.status === 'queued'
          ? { status: 'cancelled', cancelRequested: true, error: 'The job was cancelled.', finishedAt: new Date() }
          : { cancelRequested: true },
      )
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    if (!row) refuse(409, JOB_REASONS.finished);
    const job = presentJob(row);
    await tx.record({
      action: 'job.cancelled',
      subject: { type: 'job', id },
      before: { status: before.status },
      after: { kind: row.kind, status: row.status },
      announce: row.ownerId ? { audience: { userId: row.ownerId }, event: { type: 'jobs.changed', job } } : undefined,
    });
    return job;
  });
}

/** /api/jobs: a background job's progress and result, and its cancellation (decision 0107). */
export function jobsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/:id', validate('param', jobParamSchema), async (c) =>
      c.json({ job: presentJob(await visibleJob(contextOf(c), c.req.valid('param').id)) }, 200),
    )
    .post('/:id/cancel', validate('param', jobParamSchema), async (c) =>
      c.json({ job: await cancelJob(contextOf(c), c.req.valid('param').id) }, 200),
    );
}
