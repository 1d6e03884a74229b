import type { Change } from './changes';
import type { ChangeContext } from './context';
import type { RefusalStatus } from './errors';
import { lockedRow } from './locked-row';

/**
 * The recorded update (docs/decisions/0097): the row is read and locked first (`lockedRow`,
 * refused with `missing` when gone), `update` writes and returns it, and the change is
 * recorded with the row before and after, all in the change's transaction. `guard` may refuse
 * the change once the row is locked (a version that moved on), before anything is written.
 */
export async function recordedUpdate<Row>(
  tx: ChangeContext,
  current: { for(strength: 'update'): PromiseLike<Row[]> },
  missing: [status: RefusalStatus, message: string],
  update: () => PromiseLike<Row[]>,
  change: Omit<Change, 'before' | 'after'>,
  guard?: (before: Row) => void,
): Promise<Row> {
  const before = await lockedRow(current, ...missing);
  guard?.(before);
  const [after] = await update();
  await tx.record({ ...change, before, after });
  return after!;
}
