import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { importBatches, user } from '../db/schema';
import type { ServiceContext } from '../service/context';
import { refuse } from '../service/errors';
import type { ImportBatchView } from '#shared/imports';
import type { ImportTarget } from './target';

const BATCHES_LISTED = 20;

/**
 * The most recent batches of this kind, with who imported them and how many rows changed since.
 * A batch still being written is the job's to show (its progress bar), not listed here.
 */
export async function listBatches<Row>(db: Db, target: ImportTarget<Row>): Promise<ImportBatchView[]> {
  const rows = await db
    .select({ batch: importBatches, createdBy: user.name })
    .from(importBatches)
    .leftJoin(user, eq(user.id, importBatches.createdBy))
    .where(and(eq(importBatches.kind, target.kind), isNotNull(importBatches.completedAt)))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(BATCHES_LISTED);
  return Promise.all(
    rows.map(async ({ batch, createdBy }) => ({
      id: batch.id,
      kind: batch.kind,
      source: batch.source,
      fileName: batch.fileName,
      rows: batch.rows,
      createdAt: batch.createdAt.toISOString(),
      createdBy,
      undoneAt: batch.undoneAt?.toISOString() ?? null,
      changedSince: batch.undoneAt ? 0 : await target.changedSince(db, batch.id),
      ...(target.undoNote ? { undoNote: batch.undoneAt ? null : await target.undoNote(db, batch.id) } : {}),
    })),
  );
}

/**
 * Undoes a batch as a whole (docs/decisions/0113): every row it brought is removed, those
 * corrected or voided since included (the confirmation said how many), and the batch is marked
 * undone, recorded as one entry. Undoing twice is refused.
 */
export async function undoBatch<Row>(ctx: ServiceContext, target: ImportTarget<Row>, id: string) {
  return ctx.change(async (tx) => {
    const [batch] = await tx.db
      .select()
      .from(importBatches)
      .where(and(eq(importBatches.id, id), eq(importBatches.kind, target.kind), isNotNull(importBatches.completedAt)))
      .for('update');
    if (!batch) refuse(404, 'Import not found');
    if (batch.undoneAt) refuse(409, 'This import was already undone.');
    const changedSince = await target.changedSince(tx.db, batch.id);
    const done = await target.undo(tx, batch.id);
    const result = typeof done === 'number' ? { removed: done } : done;
    const [undone] = await tx.db
      .update(importBatches)
      .set({ undoneAt: new Date(), undoneBy: tx.actor.id })
      .where(and(eq(importBatches.id, batch.id), isNull(importBatches.undoneAt)))
      .returning();
    await tx.record({
      action: 'import.undone',
      subject: { type: 'import', id: batch.id },
      announce: target.announce(),
      before: { kind: batch.kind, source: batch.source, fileName: batch.fileName, rows: batch.rows },
      after: { ...result, changedSince },
    });
    return { id: undone!.id, ...result };
  });
}
