import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { knownMigrations, runMigrationsUpTo } from '../db/migrate';
import { tableEntry, type Manifest } from './manifest';
import { isEmptyDatabase, listTables, serialColumns, tablesWithTriggers } from './schema-info';

/** Rows per INSERT, and the most JSON text sent in one. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

export class RestoreError extends Error {}

/**
 * Checks that the target database is empty and that this code knows every migration the
 * backup's database had (a backup from a newer release cannot be loaded into an older one).
 */
export async function checkDatabaseTarget(database: Database, manifest: Manifest, where: string): Promise<void> {
  if (!(await isEmptyDatabase(database.db))) {
    throw new RestoreError(
      `${where} is not empty: it already holds portal tables. Restore only into an empty database ` +
        '(create a new one, or drop and re-create this one) so nothing is overwritten.',
    );
  }
  const known = knownMigrations();
  manifest.migrations.forEach((m, i) => {
    if (known[i]?.folderMillis !== m.createdAt) {
      throw new RestoreError(
        `The backup was taken by a newer release of the portal (its migration ${i + 1} is unknown to this version). ` +
          'Restore it with that release or a newer one.',
      );
    }
  });
}

/**
 * Brings the empty target to the backup's schema level, then inserts every table's rows in
 * foreign-key order inside one transaction (all or nothing), and moves sequences past the
 * highest restored id. Rows travel as PostgreSQL's own JSON text into json_populate_recordset,
 * so numbers and timestamps are never reinterpreted on the way. Tables that triggers derive
 * from others (giving_slots) are in the backup too, taken in the same snapshot, so the triggers
 * are off while rows go in (as pg_dump's --disable-triggers): on, they would count every gift
 * a second time. They are on again before the transaction commits.
 */
export async function loadDatabase(database: Database, manifest: Manifest, dir: string): Promise<void> {
  await runMigrationsUpTo(database, manifest.migrations.length);
  const tables = await listTables(database.db);
  const targetNames = tables.map((t) => t.name).sort();
  const backupNames = manifest.tables.map((t) => t.name).sort();
  if (targetNames.join(',') !== backupNames.join(',')) {
    throw new RestoreError(
      `The backup's tables (${backupNames.join(', ')}) do not match the schema at its migration level (${targetNames.join(', ')}).`,
    );
  }
  await database.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const triggered = await tablesWithTriggers(txDb);
    for (const name of triggered) await txDb.execute(sql`alter table ${sql.identifier(name)} disable trigger user`);
    // The target was empty: any row now is one a migration inserted (the default onboarding
    // steps), and the backup holds that table as it was, so its rows replace them.
    await txDb.execute(
      sql`truncate ${sql.join(
        tables.map((t) => sql.identifier(t.name)),
        sql`, `,
      )}`,
    );
    for (const table of tables) await loadTable(txDb, table.name, path.join(dir, tableEntry(table.name)));
    for (const name of triggered) await txDb.execute(sql`alter table ${sql.identifier(name)} enable trigger user`);
    for (const { table, column } of await serialColumns(txDb)) {
      const t = sql.identifier(table);
      const c = sql.identifier(column);
      await txDb.execute(
        sql`select setval(pg_get_serial_sequence(${`"${table.replace(/"/g, '""')}"`}, ${column}), coalesce((select max(${c}) from ${t}), 0) + 1, false)`,
      );
    }
  });
}

async function loadTable(db: Db, table: string, file: string) {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const t = sql.identifier(table);
    await db.execute(
      sql`insert into ${t} select * from json_populate_recordset(null::${t}, ${`[${batch.join(',')}]`}::json)`,
    );
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
}
