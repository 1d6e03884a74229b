import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from './client';
import { appliedMigrations, runMigrations } from './migrate';
import { PGLITE_TEMPLATE_DIR, publishTemplate } from './pglite-template';

/** initdb's model databases, which nothing on the embedded engine uses. */
const UNUSED_DATABASES = ['template1', 'template0'] as const;

/**
 * Makes the prepared data directory (pglite-template.ts) the way a first start without it
 * would: PGlite runs initdb in a scratch directory, the committed migrations are applied, and
 * the closed result is published at `templateDir`.
 *
 * The cluster keeps only the portal's database. initdb also makes template1 and template0, the
 * models `create database` copies; the portal never creates a database on the embedded engine
 * (PGlite opens `postgres` alone), and the two are half of the cluster's files, which every
 * first start copies one by one (docs/decisions/0161).
 */
export async function buildPgliteTemplate(templateDir: string = PGLITE_TEMPLATE_DIR): Promise<void> {
  const scratch = `${templateDir}.initdb-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: scratch }, pino({ level: 'silent' }));
    let migrations;
    try {
      await runMigrations(database);
      migrations = await appliedMigrations(database.db);
      // One statement each: `drop database` refuses to run inside a transaction block.
      for (const name of UNUSED_DATABASES) {
        await database.db.execute(sql.raw(`alter database ${name} is_template false`));
        await database.db.execute(sql.raw(`drop database ${name}`));
      }
    } finally {
      await database.close();
    }
    publishTemplate(scratch, { migrations }, templateDir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
