import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Raw SQL on either driver: both answer `{ rows }`, which the shared Db type cannot say. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
