import fs from 'node:fs';
import { pino } from 'pino';
import { openDatabase } from './client';
import { appliedMigrations, runMigrations } from './migrate';
import { PGLITE_TEMPLATE_DIR, publishTemplate } from './pglite-template';

/**
 * Makes the prepared data directory (pglite-template.ts) the way a first start without it
 * would: PGlite runs initdb in a scratch directory, the committed migrations are applied, and
 * the closed result is published at `templateDir`.
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
    } finally {
      await database.close();
    }
    publishTemplate(scratch, { migrations }, templateDir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
