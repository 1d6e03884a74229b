/**
 * Undoing an import (docs/decisions/0113, 0148). The person asks; a durable job takes the batch's
 * rows away in short transactions, with a progress bar, then puts back what the import changed
 * and marks the batch undone in a last one, recorded as one `import.undone` entry. On the
 * embedded database one transaction for a 100,000-partner batch held its only connection, and
 * so every screen and chat, for about 9 s.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PieceSizer } from '../db/background-work';
import type { Database, Db } from '../db/client';
import { importBatches, jobs } from '../db/schema';
import type { JobHandler } from '../jobs/handlers';
import type { AppDeps } from '../http/app-env';
import type { ServiceContext } from '../service/context';
import { refuse } from '../service/errors';
import type { ImportUndoResult } from '#shared/imports';
import { jobOwnerContext } from './job-owner';
import type { ImportTarget } from './target';

type Counts = Record<string, number>;

export interface UndoInput {
  batchId: string;
  /** Rows changed since the import, counted when the undo was asked for (the record keeps it). */
  changedSince: number;
  clientIp: string | null;
  /**
   * What earlier runs' pieces did, written with each piece (in its transaction): a run after a
   * crash or a restart goes on from there, and the record counts every row once.
   */
  done?: Counts;
}

export const undoJobKind = (target: ImportTarget<unknown>) => `import-undo.${target.kind}`;

/**
 * Rows a piece takes on PostgreSQL, where a transaction holds up nobody: pieces there only move
 * the progress bar (5,000 partners took about 0.3 s on the bench's machine).
 */
export const UNDO_PIECE_ROWS = 5_000;

/** The completed batch of this kind, locked for the change; 404 or 409 (already undone) otherwise. */
async function lockedBatch(db: Db, target: ImportTarget<unknown>, id: string) {
  const [batch] = await db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, id), eq(importBatches.kind, target.kind), isNotNull(importBatches.completedAt)))
    .for('update');
  if (!batch) refuse(404, 'Import not found');
  if (batch.undoneAt) refuse(409, 'This import was already undone.');
  return batch;
}

/** The queued or running undo jobs of these batches, by batch id. */
export async function undoJobsOf(db: Db, target: ImportTarget<unknown>, batchIds: readonly string[]) {
  const rows = await db
    .select({ id: jobs.id, batchId: sql<string>`${jobs.input} ->> 'batchId'` })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, undoJobKind(target)),
        inArray(jobs.status, ['queued', 'running']),
        inArray(sql`${jobs.input} ->> 'batchId'`, [...batchIds]),
      ),
    );
  return new Map(rows.map((row) => [row.batchId, row.id]));
}

/**
 * Queues the undo of a completed batch as a durable job and records that it was asked for;
 * refused when the batch is unknown, already undone, or being undone.
 */
export async function requestUndo<Row>(ctx: ServiceContext, target: ImportTarget<Row>, id: string) {
  const any = target as ImportTarget<unknown>;
  return ctx.change(async (tx) => {
    // The lock makes a second request wait until this one's job is committed, and then see it.
    const batch = await lockedBatch(tx.db, any, id);
    if ((await undoJobsOf(tx.db, any, [id])).size > 0) refuse(409, 'This import is already being undone.');
    const input: UndoInput = {
      batchId: id,
      changedSince: await target.changedSince(tx.db, id),
      clientIp: tx.actor.clientIp ?? null,
    };
    const job = await tx.deps.jobs.enqueue(tx.db, { kind: undoJobKind(any), ownerId: tx.actor.id, input });
    await tx.record({
      action: 'import.undo-requested',
      subject: { type: 'import', id },
      after: { kind: batch.kind, fileName: batch.fileName, jobId: job.id },
    });
    return job;
  });
}

const countsOf = (done: number | Counts): Counts => (typeof done === 'number' ? { removed: done } : done);
const moved = (counts: Counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

function addInto(sums: Counts, counts: Counts) {
  for (const [key, n] of Object.entries(counts)) sums[key] = (sums[key] ?? 0) + n;
}

/** What pieces and a last transaction did, added up ({ removed } for a target that only removes). */
export function addedUp(pieces: Counts, last: number | Counts): Counts {
  const sums = { ...pieces };
  addInto(sums, countsOf(last));
  return sums;
}

/** Pieces sized to the embedded database's budget there (decision 0144); fixed on PostgreSQL. */
export function undoPieces(database: Pick<Database, 'backgroundRows' | 'backgroundPieceMs'>): PieceSizer {
  return database.backgroundRows && database.backgroundPieceMs
    ? new PieceSizer(database.backgroundPieceMs, database.backgroundRows)
    : PieceSizer.fixed(UNDO_PIECE_ROWS);
}

/**
 * Takes the batch's rows away a piece at a time (the target's `removePiece`), each piece its own
 * transaction, until none is left; reports the running total. Returns the counts added up. Each
 * piece leaves the batch as the undo would, so a crash between two loses nothing: the next run
 * goes on from where this one stopped.
 */
export async function removeInPieces<Row>(
  ctx: ServiceContext,
  target: ImportTarget<Row>,
  batchId: string,
  pieces: PieceSizer,
  options: {
    /** Counts an earlier run left (the undo job's checkpoint). */
    from?: Counts;
    /** Written in each piece's own transaction, with the running counts. */
    checkpoint?: (tx: Db, sums: Counts) => Promise<void>;
    onProgress?: (done: number) => Promise<void>;
  } = {},
): Promise<Counts> {
  const sums: Counts = { ...options.from };
  for (;;) {
    const piece = await ctx.change(async (tx) => {
      const started = performance.now();
      const counts = countsOf(await target.removePiece(tx, batchId, pieces.rows));
      pieces.took(moved(counts), performance.now() - started);
      if (moved(counts) > 0) await options.checkpoint?.(tx.db, addedUp(sums, counts));
      return counts;
    });
    if (moved(piece) === 0) return sums;
    addInto(sums, piece);
    await options.onProgress?.(moved(sums));
  }
}

/**
 * The undo job: the batch's rows in pieces, then the rest in one last transaction that puts
 * back what the import updated, marks the batch undone and records it. A run after a crash goes
 * on where the last one stopped; one that finds the batch undone reports that. Cancelling stops
 * it between two pieces: what was removed stays removed, and Undo finishes it.
 */
export function undoJob<Row>(
  target: ImportTarget<Row>,
  deps: () => AppDeps,
  /** Rows a piece, fixed (tests); sized to the database otherwise. */
  pieceRows?: number,
): JobHandler<UndoInput, ImportUndoResult> {
  const any = target as ImportTarget<unknown>;
  return async (job) => {
    const { batchId } = job.input;
    const [batch] = await job.db
      .select()
      .from(importBatches)
      .where(and(eq(importBatches.id, batchId), eq(importBatches.kind, target.kind)));
    if (!batch) refuse(404, 'Import not found');
    if (batch.undoneAt) return { batchId, removed: 0, alreadyUndone: true };
    const ctx = await jobOwnerContext(job, deps(), job.input.clientIp);
    // Permission as it is now: it may have been withdrawn since the undo was asked for.
    if (!ctx.actor.permissions[target.feature]) refuse(403, 'You no longer have permission to undo this import.');

    const progress = (done: number) => job.progress(Math.min(done, batch.rows), batch.rows);
    const from = job.input.done ?? {};
    await progress(moved(from));
    const pieces = pieceRows ? PieceSizer.fixed(pieceRows) : undoPieces(ctx.deps.database);
    const sums = await removeInPieces(ctx, target, batchId, pieces, {
      from,
      onProgress: progress,
      checkpoint: async (tx, done) => {
        await tx
          .update(jobs)
          .set({ input: sql`${jobs.input} || ${JSON.stringify({ done })}::jsonb` })
          .where(eq(jobs.id, job.jobId));
      },
    });
    return ctx.change(async (tx) => {
      const locked = await lockedBatch(tx.db, any, batchId);
      const done = addedUp(sums, await target.undo(tx, batchId));
      await tx.db
        .update(importBatches)
        .set({ undoneAt: new Date(), undoneBy: tx.actor.id })
        .where(eq(importBatches.id, batchId));
      await tx.record({
        action: 'import.undone',
        subject: { type: 'import', id: batchId },
        announce: target.announce(),
        before: { kind: locked.kind, source: locked.source, fileName: locked.fileName, rows: locked.rows },
        after: { ...done, changedSince: job.input.changedSince },
      });
      return { batchId, removed: 0, ...done };
    });
  };
}
