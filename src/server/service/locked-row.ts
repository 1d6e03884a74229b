import { refuse, type RefusalStatus } from './errors';

/**
 * The row a change is about to write, read with FOR UPDATE: a concurrent change of the same row
 * waits, so the checks made on it hold and the `before` of the activity record is exactly what
 * this change replaced. Refuses with `status` and `message` when there is no such row.
 *
 *   const before = await lockedRow(tx.db.select().from(tasks).where(eq(tasks.id, id)), 404, 'Task not found');
 */
export async function lockedRow<Row>(
  query: { for(strength: 'update'): PromiseLike<Row[]> },
  status: RefusalStatus,
  message: string,
): Promise<Row> {
  const [row] = await query.for('update');
  if (!row) refuse(status, message);
  return row;
}
