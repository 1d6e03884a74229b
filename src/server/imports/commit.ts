import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { loadAccess } from '../auth/permissions';
import type { AppDeps } from '../http/app-env';
import { importBatches, importUploads } from '../db/schema';
import { JobStopped, type JobHandler } from '../jobs/handlers';
import { serviceContext, type ChangeContext, type ServiceContext } from '../service/context';
import { refuse, ServiceError } from '../service/errors';
import type { DuplicateMode, ImportCommit, ImportCommitResult, ImportMapping } from '#shared/imports';
import { checkRows } from './check-rows';
import { dryRunRows, optionsOf } from './steps';
import type { ImportTarget, PreparedRow } from './target';
import { findUpload, rememberMapping, uploadKey } from './uploads';

export interface CommitInput {
  uploadId: string;
  /** Chosen when the job is queued, so a job run again after a crash finds its own batch. */
  batchId: string;
  source: string;
  mapping: ImportMapping;
  timeZone: string;
  /** Absent in jobs queued before duplicate choices existed: skip. */
  duplicates?: DuplicateMode;
  skipErrorRows: boolean;
  clientIp: string | null;
}

export const importJobKind = (target: ImportTarget<unknown>) => `import.${target.kind}`;

/**
 * Queues the commit as a durable job (decision 0107) and records that it was asked for; the
 * job records the import itself, as one entry for the whole batch.
 */
export async function requestCommit<Row>(
  ctx: ServiceContext,
  target: ImportTarget<Row>,
  id: string,
  step: ImportCommit,
) {
  return ctx.change(async (tx) => {
    const upload = await findUpload(tx, target, id);
    const input: CommitInput = {
      uploadId: upload.id,
      batchId: randomUUID(),
      source: step.source.trim(),
      mapping: step.mapping,
      timeZone: optionsOf(step).timeZone,
      duplicates: optionsOf(step).duplicates,
      skipErrorRows: step.skipErrorRows ?? false,
      clientIp: tx.actor.clientIp ?? null,
    };
    const job = await tx.deps.jobs.enqueue(tx.db, {
      kind: importJobKind(target as ImportTarget<unknown>),
      ownerId: tx.actor.id,
      input,
      maxAttempts: 2,
    });
    await tx.record({
      action: 'import.requested',
      subject: { type: 'import-upload', id: upload.id },
      after: { kind: target.kind, fileName: upload.fileName, source: input.source, jobId: job.id },
    });
    return job;
  });
}

/**
 * The commit job. A first pass checks the whole file (progress shown) and stops on row errors
 * unless the person chose to leave those rows out; the second pass writes every new row in ONE
 * transaction with the batch, its activity entry and the upload's removal, so a failure or a
 * crash anywhere leaves nothing, and a run after a crash starts over or finds its batch done.
 */
export function commitJob<Row>(
  target: ImportTarget<Row>,
  deps: () => AppDeps,
): JobHandler<CommitInput, ImportCommitResult> {
  return async (job) => {
    const input = job.input;
    const [done] = await job.db.select().from(importBatches).where(eq(importBatches.id, input.batchId));
    if (done) return { batchId: done.id, imported: done.rows, duplicates: 0, skippedErrors: 0 };
    if (!job.ownerId) throw new Error('An import job needs the person who asked for it.');
    const access = await loadAccess(job.db, job.ownerId);
    // Permission as it is now: it may have been withdrawn since the file was uploaded.
    if (!access.permissions[target.feature]) refuse(403, 'You no longer have permission to import.');
    const ctx = serviceContext(deps(), { id: job.ownerId, ...access, clientIp: input.clientIp });
    const upload = await findUpload(ctx, target, input.uploadId);
    const key = uploadKey(upload.id);
    const options = optionsOf(input);

    const total = upload.rows;
    const summary = await dryRunRows(ctx, target, key, input.mapping, options, (read) => job.progress(read, total * 2));
    if (summary.errorRows > 0 && !input.skipErrorRows) {
      refuse(400, `${summary.errorRows} rows have errors. Fix them, or choose to import without them.`);
    }
    const updates = summary.updates ?? 0;
    if (summary.newRows + updates === 0) refuse(400, `Nothing to import: every row is a duplicate or has an error.`);
    // The embedded database runs one statement at a time, so progress (written outside the
    // transaction) is reported while writing only where the database takes other connections.
    const reportWhileWriting = ctx.deps.database.kind === 'postgres';

    const result = await ctx.change(writeAll).catch((err: unknown) => {
      // A refusal speaks for itself; anything else (a failed statement) must not show the
      // person SQL and donors' data: the runner logs it, the person gets a plain message.
      if (err instanceof ServiceError || err instanceof JobStopped) throw err;
      throw new ImportFailed(err);
    });
    // Only now that the commit is known: a crash before this leaves an object nothing refers to,
    // which the orphan sweep removes.
    await ctx.deps.storage.delete(key).catch(() => {});
    return result;

    async function writeAll(tx: ChangeContext): Promise<ImportCommitResult> {
      await tx.db.insert(importBatches).values({
        id: input.batchId,
        kind: target.kind,
        source: input.source,
        fileName: upload.fileName,
        rows: summary.newRows,
        createdBy: tx.actor.id,
      });
      let written = 0;
      let updated = 0;
      let read = 0;
      let pending: PreparedRow<Row>[] = [];
      let pendingUpdates: PreparedRow<Row>[] = [];
      const flush = async () => {
        if (pending.length > 0) await target.write(tx, input.batchId, pending, options);
        written += pending.length;
        pending = [];
        if (pendingUpdates.length > 0) await target.update!(tx, input.batchId, pendingUpdates, options);
        updated += pendingUpdates.length;
        pendingUpdates = [];
      };
      const writing = { ...options, writingBatch: input.batchId };
      for await (const chunk of checkRows(tx.db, tx.deps.storage, key, target, input.mapping, writing)) {
        for (const line of chunk) {
          if (line.errors.length > 0 || line.duplicate) continue;
          if (line.update) pendingUpdates.push(line.prepared!);
          else pending.push(line.prepared!);
        }
        if (pending.length + pendingUpdates.length >= target.writeRows) await flush();
        read += chunk.length;
        if (reportWhileWriting) await job.progress(total + read, total * 2);
      }
      await flush();
      // The file changed under us (it cannot: uploads are never rewritten), or the stored records did.
      if (written !== summary.newRows || updated !== updates) {
        refuse(409, `The ${target.noun} changed while importing. Run the import again.`);
      }
      await rememberMapping(tx.db, target.kind, input.source, input.mapping);
      await tx.db.delete(importUploads).where(eq(importUploads.id, upload.id));
      await tx.record({
        action: 'import.committed',
        subject: { type: 'import', id: input.batchId },
        announce: target.announce(),
        after: {
          kind: target.kind,
          source: input.source,
          fileName: upload.fileName,
          rows: written,
          ...(target.update ? { updated } : {}),
          duplicates: summary.duplicates,
          skippedErrors: summary.errorRows,
        },
      });
      return {
        batchId: input.batchId,
        imported: written,
        duplicates: summary.duplicates,
        skippedErrors: summary.errorRows,
        ...(target.update ? { updated } : {}),
      };
    }
  };
}

/** The commit failed in the database: nothing was written (one transaction). */
export class ImportFailed extends Error {
  constructor(cause: unknown) {
    super('The import failed and nothing was written. Try again; if it fails again, the server log says why.', {
      cause,
    });
    this.name = 'ImportFailed';
  }
}
