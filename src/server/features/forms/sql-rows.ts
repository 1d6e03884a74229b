import type { SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/**
 * The rows of a raw query. Both drivers (PGlite and node-postgres) answer `{ rows }`; the
 * shared `Db` type leaves the result untyped, so the shape is named here once.
 */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
