import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client';
import { jobs } from '#server/db/schema';
import type { JobContext, JobHandlers } from '#server/jobs/handlers';
import { newObjectKey, type Storage } from '#server/storage/index';
import {
  EXPORT_JOB,
  EXPORT_KEEP_DAYS,
  EXPORT_PRUNE_JOB,
  type ExportInput,
  type ExportResult,
} from '#shared/schemas/export';
import { exportArchive, exportFileName } from './export';

/** What the export jobs use besides the job's context (wired in feature-wiring.ts). */
export interface ExportJobServices {
  storage: Storage;
  /** The database and its kind (a snapshot transaction on PostgreSQL, pages on the embedded one). */
  database: () => Pick<Database, 'kind' | 'db' | 'backgroundRows'>;
}

/** Where an export built by a job is kept: named by the job, so its download is found by the job's id. */
export const exportKeyOf = (jobId: string) => newObjectKey('exports', jobId);

/**
 * Builds the complete export into storage (`exports/<job id>`), its progress the rows written of
 * all rows. A retry starts over and overwrites; a failure or a cancellation leaves no object.
 */
async function buildExport(
  services: ExportJobServices,
  { jobId, input, progress }: JobContext<ExportInput>,
): Promise<ExportResult> {
  const key = exportKeyOf(jobId);
  const now = new Date();
  try {
    const summary = await exportArchive(
      { database: services.database(), storage: services.storage },
      (zip) => services.storage.put(key, zip, { contentType: 'application/zip', maxBytes: Number.MAX_SAFE_INTEGER }),
      (done, total) => progress(done, total),
      now,
    );
    return {
      fileName: exportFileName(now, input?.tz),
      entities: summary.entities.length,
      rows: summary.rows,
      files: summary.files,
    };
  } catch (err) {
    await services.storage.delete(key).catch(() => {});
    throw err;
  }
}

/**
 * Removes exports built more than EXPORT_KEEP_DAYS ago: all of a ministry's data should not lie
 * in storage for ever. Each job whose archive is gone is marked in its result, so the next run
 * skips it and its download says the export no longer exists. Queued hourly.
 */
export async function pruneExports(storage: Storage, db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const old = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, EXPORT_JOB),
        eq(jobs.status, 'succeeded'),
        lt(jobs.finishedAt, before),
        sql`coalesce(${jobs.result} ->> 'archiveRemoved', 'false') <> 'true'`,
      ),
    );
  for (const { id } of old) {
    await storage.delete(exportKeyOf(id));
    await db
      .update(jobs)
      .set({ result: sql`coalesce(${jobs.result}, '{}'::jsonb) || '{"archiveRemoved": true}'::jsonb` })
      .where(eq(jobs.id, id));
  }
  return old.length;
}

export function exportJobs(services: ExportJobServices): JobHandlers {
  return {
    [EXPORT_JOB]: (ctx: JobContext<ExportInput>) => buildExport(services, ctx),
    [EXPORT_PRUNE_JOB]: async ({ db }) => ({ removed: await pruneExports(services.storage, db) }),
  };
}
