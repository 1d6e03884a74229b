import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { appliedMigrations, knownMigrations, runMigrations, runMigrationsUpTo } from '../db/migrate';
import { queryRows } from '../db/query-rows';
import { seedDemoData } from '../demo/seed';
import { loadConfig } from '../env';
import { DiskStorage } from '../storage/disk-storage';
import { createStorage } from '../storage';
import { silentLogger, testDatabaseTargets, createTestApp, type TestApp } from '#test-support/test-database';
import { extractArchive } from './archive';
import { restoreBackup } from './restore';
import { rollback } from './rollback';
import { compareWithManifest } from './verify';
import { listSnapshots, migrationTags, upgradeDatabase } from './upgrade-snapshot';

const SLOW_TEST_TIMEOUT_MS = 240_000;

/** A next release whose one new migration changes the schema, then fails half-way. */
function releaseWithFailingMigration(): MigrationMeta[] {
  return [
    ...knownMigrations(),
    {
      sql: [
        'CREATE TABLE "upgrade_probe" ("id" integer)',
        'ALTER TABLE "partners" ADD COLUMN "probe" integer',
        'UPDATE "partners" SET "probe" = 1',
        'SELECT 1 / 0',
      ],
      bps: true,
      folderMillis: Date.now() + 86_400_000,
      hash: 'a-migration-that-fails',
    },
  ];
}

const tableExists = async (db: TestApp['db'], name: string) =>
  (await queryRows<{ present: boolean }>(db, sql`select to_regclass(${name}) is not null as present`))[0]!.present;

describe.each(testDatabaseTargets())('upgrades on $name', (target) => {
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-upgrade-test-'));
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it(
    'upgrades a database at every earlier schema to the current one, with a snapshot before each, keeping the newest few',
    async () => {
      const dataDir = path.join(workDir, 'every-schema');
      const storage = new DiskStorage(path.join(dataDir, 'storage'));
      const tags = migrationTags();
      const all = knownMigrations().length;
      // Every level on PostgreSQL. A fresh embedded database costs seconds to create, so there
      // the first, a middle and the last level: the migrations' SQL is the same on both, and
      // these cover the driver's path.
      const levels =
        target.name === 'postgres'
          ? Array.from({ length: all - 1 }, (_, i) => i + 1)
          : [1, Math.floor(all / 2), all - 1];
      for (const level of levels) {
        const opened = await target.open();
        try {
          await runMigrationsUpTo(opened.database, level);
          // Something to keep: app_settings exists since the first release.
          await opened.database.db.execute(
            sql`insert into app_settings (key, value) values ('kept', ${String(level)})`,
          );
          await upgradeDatabase({ database: opened.database, storage, logger: silentLogger }, dataDir, 3);
          expect(await appliedMigrations(opened.database.db)).toHaveLength(all);
          const [kept] = await queryRows<{ value: string }>(
            opened.database.db,
            sql`select value from app_settings where key = 'kept'`,
          );
          expect(kept?.value).toBe(String(level));
          const [newest] = await listSnapshots(dataDir);
          expect(newest?.schema).toBe(tags[level - 1]);
        } finally {
          await opened.dispose();
        }
      }
      expect(await listSnapshots(dataDir)).toHaveLength(3);
      // A new, empty database has nothing to lose: no snapshot.
      const empty = await target.open();
      try {
        const before = (await readdir(path.join(dataDir, 'snapshots'))).length;
        await upgradeDatabase({ database: empty.database, storage, logger: silentLogger }, dataDir, 3);
        expect((await readdir(path.join(dataDir, 'snapshots'))).length).toBe(before);
      } finally {
        await empty.dispose();
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'a migration that fails leaves the database and files exactly as the snapshot holds them; the snapshot restores the previous state',
    async () => {
      const app = await createTestApp(target);
      const dataDir = path.join(workDir, 'failing');
      try {
        await seedDemoData(app.db, new Date('2026-06-15T12:00:00Z'), app.deps.storage);
        const deps = { database: app.deps.database, storage: app.deps.storage, logger: silentLogger };
        await expect(upgradeDatabase(deps, dataDir, 3, releaseWithFailingMigration())).rejects.toThrow();

        const [snapshot] = await listSnapshots(dataDir);
        expect(snapshot?.schema).toBe(migrationTags().at(-1));
        const staged = await mkdtemp(path.join(workDir, 'staged-'));
        const manifest = await extractArchive(snapshot!.file, staged);
        expect(manifest.objects.length).toBeGreaterThan(0);
        // Table by table (row counts and checksums) and file by file (sizes and checksums).
        expect(await compareWithManifest(app.db, app.deps.storage, manifest)).toEqual([]);
        expect(await tableExists(app.db, 'upgrade_probe')).toBe(false);
        expect(await appliedMigrations(app.db)).toHaveLength(knownMigrations().length);

        // Rolled back into an empty database and store: the previous state, at its own schema.
        const empty = await target.open();
        const storageDir = await mkdtemp(path.join(workDir, 'restored-storage-'));
        try {
          const restored = { database: empty.database, storage: new DiskStorage(storageDir), describe: 'the target' };
          await restoreBackup(snapshot!.file, restored, { migrate: false });
          expect(await compareWithManifest(empty.database.db, restored.storage, manifest)).toEqual([]);
          expect(await appliedMigrations(empty.database.db)).toHaveLength(manifest.migrations.length);
        } finally {
          await empty.dispose();
        }
      } finally {
        await app.close();
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('npm run rollback on the embedded database', () => {
  it(
    'moves the current database and files aside, never deleting them, and restores the snapshot at its schema',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-rollback-test-'));
      try {
        const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
        const dbDir = path.join(dataDir, 'db');
        let database = await openDatabase({ kind: 'pglite', dataDir: dbDir }, silentLogger);
        const storage = await createStorage(config);
        let digest: string[];
        try {
          await runMigrations(database);
          await seedDemoData(database.db, new Date('2026-06-15T12:00:00Z'), storage);
          await expect(
            upgradeDatabase({ database, storage, logger: silentLogger }, dataDir, 3, releaseWithFailingMigration()),
          ).rejects.toThrow();
          // What the portal holds after the failed upgrade, to compare the rollback with.
          digest = (await queryRows<{ key: string }>(database.db, sql`select key from app_settings order by key`)).map(
            (r) => r.key,
          );
        } finally {
          await database.close();
        }
        const [snapshot] = await listSnapshots(dataDir);
        const result = await rollback(config, snapshot!.file);

        expect(result.schema).toBe(migrationTags().at(-1));
        expect(result.movedAside).toMatch(/rolled-back-/);
        expect(existsSync(path.join(result.movedAside!, 'db'))).toBe(true);
        expect(existsSync(path.join(result.movedAside!, 'storage'))).toBe(true);
        database = await openDatabase({ kind: 'pglite', dataDir: dbDir }, silentLogger);
        try {
          const reopened = await createStorage(config);
          expect(await compareWithManifest(database.db, reopened, result.manifest)).toEqual([]);
          const keys = (
            await queryRows<{ key: string }>(database.db, sql`select key from app_settings order by key`)
          ).map((r) => r.key);
          expect(keys).toEqual(digest);
        } finally {
          await database.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
