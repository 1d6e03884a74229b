import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { APP_ROOT } from '../app-root';
import type { Database, Db } from './client';
import { queryRows } from './query-rows';

export const MIGRATIONS_FOLDER = path.join(APP_ROOT, 'drizzle');

/** A migration as recorded in drizzle.__drizzle_migrations: its file's hash and journal time. */
export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

/**
 * The database was migrated by a newer release than this code: starting would run old code
 * on a newer schema. Migrations only move forward (docs/decisions/0082).
 */
export class UnknownMigrationError extends Error {}

/** The committed migrations, oldest first. */
export function knownMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Applies the committed migrations (or, in tests, `migrations`); already-applied ones are
 * skipped, so it is safe to repeat. Both drivers apply every pending migration in one
 * transaction: one that fails leaves the database as it was.
 */
export async function runMigrations(database: Database, migrations = knownMigrations()): Promise<void> {
  await runMigrationsUpTo(database, Number.POSITIVE_INFINITY, migrations);
}

/**
 * Applies the first `count` committed migrations (a restore brings a backup's schema to the
 * level it was taken at before loading its rows). Under the advisory lock on PostgreSQL, so
 * instances starting together apply each migration once.
 */
export async function runMigrationsUpTo(
  database: Database,
  count: number,
  committed = knownMigrations(),
): Promise<void> {
  const migrations = committed.slice(0, count);
  await database.withMigrationLock(async (db) => {
    await refuseUnknownMigrations(db, committed);
    // Both drivers' migrate() is exactly this call; going through it directly lets us pass a
    // prefix of the migrations without copying the folder.
    const { dialect, session } = db as unknown as {
      dialect: { migrate(m: MigrationMeta[], s: unknown, c: { migrationsFolder: string }): Promise<void> };
      session: unknown;
    };
    await dialect.migrate(migrations, session, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}

/** The migrations recorded in the database, oldest first; none on an empty database. */
export async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  const exists = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return [];
  const applied = await queryRows<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return applied.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/**
 * Refuses a database that records a migration this code does not know. Matched by journal
 * time, not file hash: a checkout that rewrote line endings changes the hash, not the step.
 */
async function refuseUnknownMigrations(db: Db, known: MigrationMeta[]) {
  const knownTimes = new Set(known.map((m) => m.folderMillis));
  const unknown = (await appliedMigrations(db)).filter((m) => !knownTimes.has(m.createdAt));
  if (unknown.length > 0) {
    throw new UnknownMigrationError(
      `The database has ${unknown.length} migration(s) that this version of the portal does not know ` +
        `(recorded at ${unknown.map((m) => new Date(m.createdAt).toISOString()).join(', ')}). ` +
        'It was upgraded by a newer release; migrations only move forward. Start that release (or a newer one), ' +
        'or restore a backup taken before the upgrade.',
    );
  }
}
