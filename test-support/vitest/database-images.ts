import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase } from '#server/db/client';
import { runMigrations } from '#server/db/migrate';
import { PGLITE_TEMPLATE_DIR } from '#server/db/pglite-template';

/**
 * Databases that already hold the schema, made once per test run by the global setup, so that
 * each integration test's fresh database is a copy instead of initdb plus every migration:
 * an in-memory PGlite took 1.9 s to open that way, a copy of the image 0.5 s.
 *
 * - PGlite: a dump of a migrated data directory (PGlite's dumpDataDir), which each in-memory
 *   database loads (openDatabase's `image`).
 * - PostgreSQL: a migrated database that `create database ... template` copies.
 *
 * Tests that need an empty database (migrations, restores) still get one: only createTestApp
 * asks for a migrated copy.
 */

const silent = pino({ level: 'silent' });

export interface DatabaseImages {
  /** The PGlite dump, a file. */
  pglite: string;
  /** The name of the migrated template database on TEST_DATABASE_URL's server, when set. */
  postgresTemplate?: string;
}

export async function makeDatabaseImages(adminUrl: string | undefined): Promise<DatabaseImages> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-images-'));
  const pglite = path.join(dir, 'pglite.tar');
  await dumpMigratedPglite(path.join(dir, 'cluster'), pglite);
  fs.rmSync(path.join(dir, 'cluster'), { recursive: true, force: true });
  const postgresTemplate = adminUrl ? await createMigratedTemplate(adminUrl) : undefined;
  return { pglite, postgresTemplate };
}

export async function removeDatabaseImages(images: DatabaseImages, adminUrl: string | undefined) {
  fs.rmSync(path.dirname(images.pglite), { recursive: true, force: true });
  if (adminUrl && images.postgresTemplate) {
    await withAdminClient(adminUrl, (client) =>
      client.query(`drop database if exists "${images.postgresTemplate}" with (force)`),
    );
  }
}

async function dumpMigratedPglite(clusterDir: string, file: string) {
  // The same start as the server's first start: the build's prepared cluster, then migrations.
  const database = await openDatabase({ kind: 'pglite', dataDir: clusterDir, template: PGLITE_TEMPLATE_DIR }, silent);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  const client = await PGlite.create(clusterDir, { extensions: { pg_trgm, unaccent } });
  try {
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

async function createMigratedTemplate(adminUrl: string): Promise<string> {
  const name = `portal_test_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, silent);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return name;
}

export async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
