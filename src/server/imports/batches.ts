import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { importBatches, user } from '../db/schema';
import type { ImportBatchView } from '#shared/imports';
import type { ImportTarget } from './target';
import { undoJobsOf } from './undo';

const BATCHES_LISTED = 20;

/**
 * The most recent batches of this kind, with who imported them, how many rows changed since and
 * the undo under way. A batch still being written is the job's to show (its progress bar), not
 * listed here.
 */
export async function listBatches<Row>(db: Db, target: ImportTarget<Row>): Promise<ImportBatchView[]> {
  const rows = await db
    .select({ batch: importBatches, createdBy: user.name })
    .from(importBatches)
    .leftJoin(user, eq(user.id, importBatches.createdBy))
    .where(and(eq(importBatches.kind, target.kind), isNotNull(importBatches.completedAt)))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(BATCHES_LISTED);
  const undoing = await undoJobsOf(
    db,
    target as ImportTarget<unknown>,
    rows.map(({ batch }) => batch.id),
  );
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
      undoJobId: undoing.get(batch.id) ?? null,
    })),
  );
}
