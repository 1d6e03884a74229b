import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithPassword, grantRole } from '../src/server/auth/users';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { DEMO_PASSWORD, seedDemoData } from '../src/server/demo/seed';
import { DiskStorage } from '../src/server/storage/disk-storage';
import { portalAddressEnv } from '#test-support/free-port';
import { expectSameData, FIXTURE_ADMIN, fillThroughApi } from '#test-support/installation-fixture';
import { PortalClient } from '#test-support/portal-client';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import { startS3Server } from '#test-support/s3-server';
import { runShellCommand } from '#test-support/shell-command';
import { silentLogger, testDatabaseTargets } from '#test-support/test-database';

// Spawns whole server processes and npm: seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 400_000;

const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');

describe.runIf(postgres)('npm run move-to-postgres (needs TEST_DATABASE_URL: it moves into PostgreSQL)', () => {
  let workDir: string;
  const cleanups: (() => Promise<unknown> | void)[] = [];
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-move-'));
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await rm(workDir, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const portal = startPortal({ ...env, ...(await portalAddressEnv()) });
    cleanups.push(async () => {
      portal.kill();
      await portal.exited;
    });
    return portal;
  };
  const stop = async (portal: PortalProcess) => {
    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
  };
  const freshDatabase = async () => {
    const opened = await postgres!.open();
    await opened.database.close();
    cleanups.push(() => opened.dispose());
    return opened.url!;
  };

  /** An embedded installation with the demo data plus what the fixture makes through the API. */
  async function embeddedInstallation(dataDir: string) {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }, silentLogger);
    try {
      await runMigrations(database);
      const users = await seedDemoData(database.db, new Date(), new DiskStorage(path.join(dataDir, 'storage')));
      const admin = await createUserWithPassword(database.db, FIXTURE_ADMIN);
      await grantRole(database.db, admin.id, 'admin');
      return users;
    } finally {
      await database.close();
    }
  }

  it(
    'copies a stopped installation into PostgreSQL (and its files into S3), and the portal serves it from there',
    async () => {
      const dataDir = path.join(workDir, 'data');
      const users = await embeddedInstallation(dataDir);
      const portal = await start({ DATA_DIR: dataDir });
      const filled = await fillThroughApi(new PortalClient(await portal.listening(120_000)), 'embedded');

      const s3 = await startS3Server();
      cleanups.push(() => s3.close());
      const newDatabase = await freshDatabase();
      const moveEnv = { DATA_DIR: dataDir, NEW_DATABASE_URL: newDatabase, ...s3.env };

      const whileRunning = await runShellCommand(
        'npm run move-to-postgres -- --database-url "$NEW_DATABASE_URL" --s3',
        moveEnv,
      );
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.stderr).toContain(
        `Another portal process (pid ${portal.child.pid}) is already using the data directory`,
      );
      expect(whileRunning.stderr).toContain('Stop the portal before moving it');
      await stop(portal);

      const move = await runShellCommand(
        'npm run move-to-postgres -- --database-url "$NEW_DATABASE_URL" --s3',
        moveEnv,
      );
      expect(move.code, move.stderr).toBe(0);
      expect(move.stdout).toMatch(
        /Moved .* to PostgreSQL: \d+ tables, \d+ rows, \d+ stored files .*copied to the S3 bucket portal-test/,
      );
      expect(move.stdout).toContain('Every table and file matches the original.');
      expect(move.stdout).toContain(`DATABASE_URL=${newDatabase}`);
      expect(move.stdout).toContain(`S3_ENDPOINT=${s3.env.S3_ENDPOINT}`);
      expect(move.stdout).toContain('S3_BUCKET=portal-test');
      expect(move.stdout).toContain('S3_SECRET_ACCESS_KEY=(the same secret as for this move)');
      expect(move.stdout).not.toContain(`S3_SECRET_ACCESS_KEY=${s3.env.S3_SECRET_ACCESS_KEY}`);

      // The new home: PostgreSQL and the bucket, and an empty DATA_DIR to show nothing comes from the old one.
      const moved = await start({ DATA_DIR: path.join(workDir, 'new-data-dir'), DATABASE_URL: newDatabase, ...s3.env });
      const client = new PortalClient(await moved.listening(120_000));
      await expectSameData(client, filled);
      // The demo coordinators sign in with their old passwords too, and see the demo files.
      await client.signIn(users.coordinators[0]!.email, DEMO_PASSWORD);
      await client.signIn(users.admin.email, DEMO_PASSWORD);
      const listing = await client.json<{ files: { id: string; name: string }[] }>('/api/files?folder=/');
      expect(listing.files.length).toBeGreaterThan(1);
      for (const file of listing.files) expect((await client.download(file.id)).length).toBeGreaterThan(0);

      // Refuses to move into a database that is no longer empty.
      await stop(moved);
      const again = await runShellCommand(
        'npm run move-to-postgres -- --database-url "$NEW_DATABASE_URL" --s3',
        moveEnv,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/the PostgreSQL database portal_test_\w+ on 127\.0\.0\.1:5432 is not empty/);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'without --s3 moves the database only; the files stay in DATA_DIR/storage',
    async () => {
      const dataDir = path.join(workDir, 'data');
      await embeddedInstallation(dataDir);
      const portal = await start({ DATA_DIR: dataDir });
      const filled = await fillThroughApi(new PortalClient(await portal.listening(120_000)), 'files-stay');
      await stop(portal);

      const newDatabase = await freshDatabase();
      const move = await runShellCommand('npm run move-to-postgres -- --database-url "$NEW_DATABASE_URL"', {
        DATA_DIR: dataDir,
        NEW_DATABASE_URL: newDatabase,
      });
      expect(move.code, move.stderr).toBe(0);
      expect(move.stdout).toContain('files left where they are');
      expect(move.stdout).toContain(`DATA_DIR=${dataDir}`);

      const moved = await start({ DATA_DIR: dataDir, DATABASE_URL: newDatabase });
      await expectSameData(new PortalClient(await moved.listening(120_000)), filled);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses bad arguments and --s3 without S3 settings',
    async () => {
      const usage = await runShellCommand('npm run move-to-postgres -- --database-url mysql://x', {
        DATA_DIR: workDir,
      });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--database-url must start with postgres://');
      const noS3 = await runShellCommand('npm run move-to-postgres -- --database-url "$NEW_DATABASE_URL" --s3', {
        DATA_DIR: workDir,
        NEW_DATABASE_URL: await freshDatabase(),
      });
      expect(noS3.code).toBe(1);
      expect(noS3.stderr).toContain('--s3 needs the S3 settings');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
