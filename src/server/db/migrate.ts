import { readFileSync } from 'node:fs';
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

/** Where the progress of migrations goes: the server's logger, or nothing (tests, restore). */
export interface MigrationLog {
  info(details: object, message: string): void;
}

export interface MigrationOptions {
  log?: MigrationLog;
  /**
   * While one statement runs longer than this, a line says so every this often (issue 25 item
   * 3). The statement runs elsewhere while this thread's timer fires: in the PostgreSQL server,
   * or on the embedded database's own thread (decision 0134).
   */
  heartbeatMs?: number;
  /** The migrations' names, for the log; the journal's tags by default. */
  names?: ReadonlyMap<number, string>;
}

const HEARTBEAT_MS = 5_000;

/** The journal's tag (`0023_chat_revisions`) of each committed migration, by its journal time. */
export function migrationNames(): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/**
 * Applies the committed migrations (or, in tests, `migrations`); already-applied ones are
 * skipped, so it is safe to repeat. Both drivers apply every pending migration in one
 * transaction: one that fails leaves the database as it was.
 */
export async function runMigrations(
  database: Database,
  migrations = knownMigrations(),
  options: MigrationOptions = {},
): Promise<void> {
  await runMigrationsUpTo(database, Number.POSITIVE_INFINITY, migrations, options);
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
  options: MigrationOptions = {},
): Promise<void> {
  const migrations = committed.slice(0, count);
  await database.withMigrationLock(async (db) => {
    await refuseUnknownMigrations(db, committed);
    await applyPending(db, migrations, options);
  });
}

/**
 * What drizzle's migrator does (its table, its rule: every migration newer than the newest
 * applied, all in one transaction), with each migration's start and end in the log ("n of m",
 * its time) and a heartbeat while a statement runs long. The statements run in the database:
 * nothing here reads rows, so a migration that rewrites a large table needs no memory in Node
 * that grows with it (docs/deployment.md, "Writing a migration that rewrites data").
 */
async function applyPending(db: Db, migrations: MigrationMeta[], options: MigrationOptions) {
  await db.execute(sql`create schema if not exists "drizzle"`);
  await db.execute(
    sql`create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)`,
  );
  const [last] = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1`,
  );
  const pending = migrations.filter((m) => !last || Number(last.created_at) < m.folderMillis);
  if (pending.length === 0) return;
  const log = options.log;
  const names = options.names ?? (log ? migrationNames() : new Map<number, string>());
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const started = Date.now();
  log?.info({ pending: pending.length }, `migrations: applying ${pending.length} in one transaction`);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    for (const [index, migration] of pending.entries()) {
      const name =
        names.get(migration.folderMillis) ?? `migration of ${new Date(migration.folderMillis).toISOString()}`;
      const step = `${index + 1} of ${pending.length}`;
      const migrationStarted = Date.now();
      log?.info({ migration: name, step }, `migration ${step}: applying ${name}`);
      for (const [statement, text] of migration.sql.entries()) {
        const where = { migration: name, step, statement: `${statement + 1} of ${migration.sql.length}` };
        await withHeartbeat(() => txDb.execute(sql.raw(text)), heartbeatMs, log, where);
      }
      await txDb.execute(
        sql`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values (${migration.hash}, ${migration.folderMillis})`,
      );
      const seconds = seconds1(Date.now() - migrationStarted);
      log?.info({ migration: name, step, seconds }, `migration ${step}: ${name} applied in ${seconds} s`);
    }
  });
  log?.info(
    { applied: pending.length, seconds: seconds1(Date.now() - started) },
    `migrations: ${pending.length} applied and committed in ${seconds1(Date.now() - started)} s`,
  );
}

const seconds1 = (ms: number) => Math.round(ms / 100) / 10;

/** Runs one statement, saying every `every` ms that it still runs, and afterwards how long it took if that was long. */
async function withHeartbeat<T>(
  run: () => Promise<T>,
  every: number,
  log: MigrationLog | undefined,
  where: { migration: string; step: string; statement: string },
): Promise<T> {
  if (!log) return run();
  const started = Date.now();
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    log.info(
      { ...where, seconds },
      `migration ${where.step}: still applying ${where.migration} (statement ${where.statement}), ${seconds} s`,
    );
  }, every);
  try {
    return await run();
  } finally {
    clearInterval(timer);
    const took = Date.now() - started;
    if (took >= every) {
      log.info(
        { ...where, seconds: seconds1(took) },
        `migration ${where.step}: statement ${where.statement} of ${where.migration} took ${seconds1(took)} s`,
      );
    }
  }
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
