import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { PieceSizer } from '../db/background-work';
import type { AppDeps } from '../http/app-env';
import { importBatches, importUploads } from '../db/schema';
import { JobStopped, type JobContext, type JobHandler } from '../jobs/handlers';
import type { ServiceContext } from '../service/context';
import { refuse, ServiceError } from '../service/errors';
import type { DuplicateMode, ImportCommit, ImportCommitResult, ImportMapping } from '#shared/imports';
import { checkRows } from './check-rows';
import { jobOwnerContext } from './job-owner';
import { addedUp, removeInPieces, undoPieces } from './undo';
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
 * unless the person chose to leave those rows out; the second pass writes every new row.
 * PostgreSQL writes them in ONE transaction with the batch, its activity entry and the upload's
 * removal: nobody waits for it there. The embedded database, where a long transaction would
 * hold up every other request, writes them in short transactions and completes the batch in a
 * last one (docs/decisions/0140); a failure, a cancellation or a crash takes back what was
 * written. Either way a run after a crash finds its batch done, or starts over from nothing.
 */
export function commitJob<Row>(
  target: ImportTarget<Row>,
  deps: () => AppDeps,
  rowsPerTransaction?: number,
): JobHandler<CommitInput, ImportCommitResult> {
  const ownerContext = (job: JobContext<CommitInput>) => jobOwnerContext(job, deps(), job.input.clientIp);
  const handler: JobHandler<CommitInput, ImportCommitResult> = async (job) => {
    const input = job.input;
    const [batch] = await job.db.select().from(importBatches).where(eq(importBatches.id, input.batchId));
    if (batch?.completedAt) return { batchId: batch.id, imported: batch.rows, duplicates: 0, skippedErrors: 0 };
    const ctx = await ownerContext(job);
    // A crash or a stop left part of the batch written: it starts over from nothing.
    if (batch) await takeBack(ctx, target, input.batchId, 'restarted');
    // Permission as it is now: it may have been withdrawn since the file was uploaded.
    if (!ctx.actor.permissions[target.feature]) refuse(403, 'You no longer have permission to import.');
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
    // Where a transaction holds up everyone (the embedded database's one connection), rows are
    // written in short transactions of at most its `backgroundRows`, each letting a chat message
    // or a page in between (docs/decisions/0140, 0141); elsewhere in one.
    const perTransaction = rowsPerTransaction ?? ctx.deps.database.backgroundRows ?? Infinity;
    // Each short transaction sized to take the database's `backgroundPieceMs`, whatever a row
    // of this target costs (decision 0144); a fixed number when the caller gave one (tests).
    const pieceMs = rowsPerTransaction === undefined ? ctx.deps.database.backgroundPieceMs : undefined;
    const maxRows = Math.min(target.writeRows, perTransaction);
    const pieces = pieceMs ? new PieceSizer(pieceMs, maxRows) : PieceSizer.fixed(maxRows);
    // Progress is written outside the writing transaction: only where the database takes other
    // connections, or between short transactions.
    const reportWhileWriting = ctx.deps.database.kind === 'postgres' || Number.isFinite(perTransaction);

    let result: ImportCommitResult;
    try {
      result = Number.isFinite(perTransaction) ? await writeAll(ctx) : await ctx.change(writeAll);
    } catch (err) {
      // Nothing when one transaction rolled back; the short transactions' rows otherwise. If
      // that fails too, the job fails as anything unexpected does: a retry takes them back first.
      await takeBack(ctx, target, input.batchId, err instanceof JobStopped ? err.reason : 'failed');
      // A refusal speaks for itself; anything else (a failed statement) must not show the
      // person SQL and donors' data: the runner logs it, the person gets a plain message.
      if (err instanceof ServiceError || err instanceof JobStopped) throw err;
      throw new ImportFailed(err);
    }
    // Only now that the commit is known: a crash before this leaves an object nothing refers to,
    // which the orphan sweep removes.
    await ctx.deps.storage.delete(key).catch(() => {});
    return result;

    /** Writes the batch through `scope`: one transaction (a change context) or one per chunk. */
    async function writeAll(scope: ServiceContext): Promise<ImportCommitResult> {
      await scope.change((tx) =>
        tx.db.insert(importBatches).values({
          id: input.batchId,
          kind: target.kind,
          source: input.source,
          fileName: upload.fileName,
          rows: summary.newRows,
          createdBy: tx.actor.id,
        }),
      );
      let written = 0;
      let updated = 0;
      let read = 0;
      let pending: PreparedRow<Row>[] = [];
      let pendingUpdates: PreparedRow<Row>[] = [];
      const flush = async () => {
        const [rows, changes] = [pending, pendingUpdates];
        [pending, pendingUpdates] = [[], []];
        if (rows.length + changes.length === 0) return;
        await scope.change(async (tx) => {
          const started = performance.now();
          if (rows.length > 0) await target.write(tx, input.batchId, rows, options);
          if (changes.length > 0) await target.update!(tx, input.batchId, changes, options);
          pieces.took(rows.length + changes.length, performance.now() - started);
        });
        written += rows.length;
        updated += changes.length;
      };
      const writing = { ...options, writingBatch: input.batchId };
      for await (const chunk of checkRows(scope, key, target, input.mapping, writing)) {
        for (const line of chunk) {
          if (line.errors.length > 0 || line.duplicate) continue;
          if (line.update) pendingUpdates.push(line.prepared!);
          else pending.push(line.prepared!);
          if (pending.length + pendingUpdates.length >= pieces.rows) await flush();
        }
        read += chunk.length;
        if (reportWhileWriting) await job.progress(total + read, total * 2);
      }
      await flush();
      return scope.change(async (tx) => {
        // The file changed under us (it cannot: uploads are never rewritten), or the stored records did.
        if (written !== summary.newRows || updated !== updates) {
          refuse(409, `The ${target.noun} changed while importing. Run the import again.`);
        }
        await rememberMapping(tx.db, target.kind, input.source, input.mapping);
        await tx.db.delete(importUploads).where(eq(importUploads.id, upload.id));
        // The database's clock, as the rows' own times: "changed since" compares them with it.
        await tx.db
          .update(importBatches)
          .set({ completedAt: sql`now()` })
          .where(eq(importBatches.id, input.batchId));
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
      });
    }
  };
  handler.cleanUp = async (job) => takeBack(await ownerContext(job), target, job.input.batchId, 'cancelled');
  return handler;
}

/**
 * Takes back a batch that was not completed: its rows removed and the records it updated put
 * back (the target's undo, in pieces as an undo is: decision 0148), the batch forgotten,
 * recorded as one change so open screens refresh. Nothing to do when no short transaction
 * committed.
 */
async function takeBack<Row>(
  ctx: ServiceContext,
  target: ImportTarget<Row>,
  batchId: string,
  why: 'restarted' | 'failed' | 'cancelled' | 'shutdown',
) {
  const [incomplete] = await ctx.db
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(and(eq(importBatches.id, batchId), isNull(importBatches.completedAt)));
  if (!incomplete) return;
  const pieces = await removeInPieces(ctx, target, batchId, undoPieces(ctx.deps.database));
  await ctx.change(async (tx) => {
    const [batch] = await tx.db
      .select()
      .from(importBatches)
      .where(and(eq(importBatches.id, batchId), isNull(importBatches.completedAt)))
      .for('update');
    if (!batch) return;
    const done = await target.undo(tx, batchId);
    await tx.db.delete(importBatches).where(eq(importBatches.id, batchId));
    await tx.record({
      action: 'import.taken-back',
      subject: { type: 'import', id: batchId },
      announce: target.announce(),
      after: {
        kind: batch.kind,
        fileName: batch.fileName,
        why,
        ...addedUp(pieces, done),
      },
    });
  });
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
