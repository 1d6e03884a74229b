import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appliedMigrations, type AppliedMigration } from '../db/migrate';
import { queryRows } from '../db/query-rows';
import { listTables, type TableInfo } from './schema-info';

const FETCH_ROWS = 500;

export interface SnapshotReader {
  tables: TableInfo[];
  migrations: AppliedMigration[];
  /** Calls `onBatch` with the table's rows as JSON text (never parsed here: numeric and bigint keep every digit). */
  readTable(table: TableInfo, onBatch: (lines: string[]) => Promise<void> | void): Promise<void>;
  query<T>(query: ReturnType<typeof sql>): Promise<T[]>;
}

/**
 * Runs `read` inside one REPEATABLE READ, READ ONLY transaction: every table is read as of the
 * same moment while the server keeps writing (docs/decisions/0080). Timestamps are rendered
 * in UTC so both engines write the same text for the same row.
 */
export async function withSnapshot<T>(db: Db, read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`set transaction isolation level repeatable read, read only`);
    await txDb.execute(sql`set local time zone 'UTC'`);
    const tables = await listTables(txDb);
    const migrations = await appliedMigrations(txDb);
    return read({
      tables,
      migrations,
      query: (query) => queryRows(txDb, query),
      async readTable(table, onBatch) {
        const order = table.primaryKey.length
          ? sql.join(
              table.primaryKey.map((c) => sql.identifier(c)),
              sql`, `,
            )
          : sql`1`;
        await txDb.execute(
          sql`declare portal_dump no scroll cursor for select to_jsonb(t)::text as j from ${sql.identifier(table.name)} t order by ${order}`,
        );
        try {
          for (;;) {
            const batch = await queryRows<{ j: string }>(txDb, sql.raw(`fetch forward ${FETCH_ROWS} from portal_dump`));
            if (batch.length === 0) break;
            await onBatch(batch.map((r) => r.j));
          }
        } finally {
          // After a failed fetch the transaction is aborted and refuses this too; the first error is the one to report.
          await txDb.execute(sql`close portal_dump`).catch(() => {});
        }
      },
    });
  });
}
