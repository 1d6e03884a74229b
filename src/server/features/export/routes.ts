import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { jobs } from '#server/db/schema';
import type { AppEnv } from '#server/http/app-env';
import { auditRefusals } from '#server/http/audit-refusals';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { serveStoredObject } from '#server/http/stored-file';
import { validate } from '#server/http/validate';
import { findJob, presentJob } from '#server/jobs/queue';
import { refuse } from '#server/service/errors';
import {
  EXPORT_JOB,
  EXPORT_REASONS,
  exportJobParamSchema,
  exportStartQuerySchema,
  type ExportResult,
} from '#shared/schemas/export';
import { exportKeyOf } from './jobs';

/**
 * /api/export: the complete export (issue 25 item 4, decision 0128), for admins only, like the
 * audit log: a coordinator with user management is refused, and the refusal is logged. An
 * export is its requester's: another admin's download answers as if there were none.
 */
export function exportRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', auditRefusals, requireFeature('user_management'), requireRole('admin'))
      .post('/', validate('query', exportStartQuerySchema), async (c) => {
        const { tz } = c.req.valid('query');
        const job = await contextOf(c).change(async (tx) => {
          const queued = await tx.deps.jobs.enqueue(tx.db, {
            kind: EXPORT_JOB,
            ownerId: tx.actor.id,
            input: tz === undefined ? {} : { tz },
          });
          await tx.record({ action: 'export.requested', subject: { type: 'job', id: queued.id } });
          return queued;
        });
        return c.json({ job }, 201);
      })
      // The requester's latest export, so the admin screen shows it again after a reload.
      .get('/latest', async (c) => {
        const { db } = contextOf(c);
        const [row] = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, EXPORT_JOB), eq(jobs.ownerId, contextOf(c).actor.id)))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(1);
        return c.json({ job: row ? presentJob(row) : null }, 200);
      })
      .get('/:jobId/download', validate('param', exportJobParamSchema), async (c) => {
        const { jobId } = c.req.valid('param');
        const ctx = contextOf(c);
        const job = await findJob(ctx.db, jobId);
        if (!job || job.kind !== EXPORT_JOB || job.status !== 'succeeded' || job.ownerId !== ctx.actor.id) {
          refuse(404, EXPORT_REASONS.notReady);
        }
        const object = await c.var.deps.storage.get(exportKeyOf(jobId));
        if (!object) refuse(404, EXPORT_REASONS.notReady);
        const result = job.result as ExportResult;
        // All of the ministry's data leaving the portal is recorded, like the statements archive.
        await ctx.change((tx) =>
          tx.record({ action: 'export.downloaded', subject: { type: 'job', id: jobId }, after: { rows: result.rows } }),
        );
        return serveStoredObject(c, object, {
          filename: result.fileName,
          contentType: 'application/zip',
          disposition: 'attachment',
          cacheControl: 'private, no-store',
        });
      })
  );
}
