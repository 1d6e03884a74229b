import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { queryRows } from '../src/server/db/query-rows';
import { seedDemoData } from '../src/server/demo/seed';
import { DiskStorage } from '../src/server/storage/disk-storage';
import { runShellCommand } from '#test-support/shell-command';
import { silentLogger, testDatabaseTargets } from '#test-support/test-database';
import { unzip } from '#test-support/zip';

// Spawns npm and tsx, then exports the demo data: seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 300_000;

// `npm run export` (issue 25 item 4): the complete export from the command line, from DATA_DIR
// or DATABASE_URL, the same archive as the admin area's.
describe.each(testDatabaseTargets())('npm run export on $name', (target) => {
  let workDir: string;
  /** Drops the PostgreSQL test database once the export has read it. */
  let drop: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-export-cli-'));
  });
  afterEach(async () => {
    await drop?.();
    drop = undefined;
    await rm(workDir, { recursive: true, force: true });
  });

  it(
    'writes the archive of an installation, with its progress, and refuses a wrong option',
    async () => {
      const dataDir = path.join(workDir, 'data');
      const env: Record<string, string> = { DATA_DIR: dataDir, EXPORT_FILE: path.join(workDir, 'all-data.zip') };
      let database: Database;
      if (target.name === 'pglite') {
        database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }, silentLogger);
      } else {
        const opened = await target.open();
        database = opened.database;
        env.DATABASE_URL = opened.url!;
        drop = opened.dispose;
      }
      await runMigrations(database);
      await seedDemoData(database.db, new Date(), new DiskStorage(path.join(dataDir, 'storage')));
      const [partners] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from partners`);
      const [files] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from files where name <> '.placeholder'`,
      );
      // The embedded database admits one process: the export opens it once this one has let go.
      if (target.name === 'pglite') await database.close();

      const usage = await runShellCommand('npm run export -- --output x.zip', env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run export -- [--out FILE]');

      const run = await runShellCommand('npm run export -- --out "$EXPORT_FILE"', env);
      expect(run.stderr).toMatch(/Exporting: [\d,]+ of [\d,]+ rows/);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Export written to ${env.EXPORT_FILE}`);
      expect(existsSync(`${env.EXPORT_FILE}.partial`)).toBe(false);
      const entries = new Map((await unzip(await readFile(env.EXPORT_FILE!))).map((e) => [e.name, e.data]));
      const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
        entities: { name: string; rows: number }[];
        files: number;
      };
      expect(manifest.entities.find((e) => e.name === 'partners')!.rows).toBe(partners!.n);
      expect(manifest.files).toBe(files!.n);
      expect(entries.has('README.md')).toBe(true);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
