import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeSecondHandle,
  openSecondHandle,
  testDatabaseTargets,
  type OpenedTestDatabase,
} from '../testing/test-database';
import type { Db } from './client';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';
import { appSettings } from './schema';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** Every table the committed migrations create, read from the SQL itself. */
const expectedTables = fs
  .readdirSync(MIGRATIONS_FOLDER)
  .filter((f) => f.endsWith('.sql'))
  .flatMap((f) => [...fs.readFileSync(path.join(MIGRATIONS_FOLDER, f), 'utf8').matchAll(/CREATE TABLE "([^"]+)"/g)])
  .map((m) => m[1]!)
  .sort();

/** Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function publicTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name).sort();
}

async function appliedMigrations(db: Db): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]!.n;
}

describe.each(testDatabaseTargets())('runMigrations on $name', (target) => {
  let opened: OpenedTestDatabase | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('creates the schema on an empty database', async () => {
    opened = await target.open();
    const { db } = opened.database;
    expect(await publicTables(db)).toEqual([]);
    await runMigrations(opened.database);
    expect(expectedTables.length).toBeGreaterThan(10);
    expect(await publicTables(db)).toEqual(expectedTables);
    expect(await appliedMigrations(db)).toBe(journal.entries.length);
  });

  it('is safe to run again: the second run changes nothing and keeps the data', async () => {
    opened = await target.open();
    const { db } = opened.database;
    await runMigrations(opened.database);
    await db.insert(appSettings).values({ key: 'kept', value: 'across restarts' });

    await runMigrations(opened.database);

    expect(await publicTables(db)).toEqual(expectedTables);
    expect(await appliedMigrations(db)).toBe(journal.entries.length);
    expect(await db.select().from(appSettings)).toEqual([{ key: 'kept', value: 'across restarts' }]);
  });

  // Several server instances may start at once only on PostgreSQL (PGlite is single-process,
  // and one process migrates once), so the advisory lock is exercised there.
  if (target.name === 'postgres') {
    it('lets two instances starting together both migrate', async () => {
      opened = await target.open();
      const second = await openSecondHandle(opened);
      try {
        await Promise.all([runMigrations(opened.database), runMigrations(second)]);
        expect(await publicTables(opened.database.db)).toEqual(expectedTables);
        expect(await appliedMigrations(opened.database.db)).toBe(journal.entries.length);
      } finally {
        await closeSecondHandle(opened, second);
      }
    });
  }
});
