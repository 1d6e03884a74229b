import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSocketPath } from '../src/server/ops/backup-socket';
import { expectSameData, fillThroughApi, FIXTURE_ADMIN_ENV } from '#test-support/installation-fixture';
import { portalAddressEnv } from '#test-support/free-port';
import { PortalClient } from '#test-support/portal-client';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import { startS3Server } from '#test-support/s3-server';
import { runShellCommand } from '#test-support/shell-command';
import { testDatabaseTargets, type OpenedTestDatabase } from '#test-support/test-database';

// Spawns whole server processes and npm: seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 300_000;

describe('npm run backup and npm run restore', () => {
  let workDir: string;
  const cleanups: (() => Promise<unknown> | void)[] = [];
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-backup-cli-'));
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

  it(
    'refuses a missing --out, and an archive that is not a backup, with clear messages',
    async () => {
      const usage = await runShellCommand('npm run backup', { DATA_DIR: path.join(workDir, 'data') });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--out FILE is required');
      expect(usage.stderr).toContain('Usage: npm run backup -- --out FILE');

      const nothing = await runShellCommand('npm run backup -- --out "$BACKUP_FILE"', {
        DATA_DIR: path.join(workDir, 'empty'),
        BACKUP_FILE: path.join(workDir, 'x.tar.gz'),
      });
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain('There is no portal database in');

      const garbage = path.join(workDir, 'garbage.tar.gz');
      await writeFile(garbage, 'not a backup');
      const refused = await runShellCommand('npm run restore -- "$BACKUP_FILE"', {
        DATA_DIR: path.join(workDir, 'restored'),
        BACKUP_FILE: garbage,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${garbage} is not a readable portal backup`);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'on the embedded database: backs up while the portal runs, restores into an empty DATA_DIR',
    async () => {
      const dataDir = path.join(workDir, 'data');
      const backupFile = path.join(workDir, 'portal-backup.tar.gz');
      const portal = await start({ ...FIXTURE_ADMIN_ENV, DATA_DIR: dataDir });
      const url = await portal.listening(120_000);
      const filled = await fillThroughApi(new PortalClient(url), 'embedded');
      expect(existsSync(backupSocketPath(dataDir))).toBe(true);

      // The running portal holds the database; the backup goes through it.
      const backup = await runShellCommand('npm run backup -- --out "$BACKUP_FILE"', {
        DATA_DIR: dataDir,
        BACKUP_FILE: backupFile,
      });
      expect(backup.stderr).not.toContain('Failed');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/Backup written to .*portal-backup\.tar\.gz: \d+ tables, \d+ rows, 2 stored files/);
      for (const check of [
        await runShellCommand('curl -fsS "$PORTAL_URL/api/health"', { PORTAL_URL: url }),
        await runShellCommand('curl -fsS "$PORTAL_URL/api/ready"', { PORTAL_URL: url }),
      ]) {
        expect(check.code, check.stderr).toBe(0);
        expect(check.stdout).toMatch(/^\{"status":"(ok|ready)","database":"pglite"\}$/);
      }
      await stop(portal);
      expect(existsSync(backupSocketPath(dataDir))).toBe(false);

      // With the portal stopped the tool opens the database itself.
      const offline = await runShellCommand('npm run backup -- --out "$BACKUP_FILE"', {
        DATA_DIR: dataDir,
        BACKUP_FILE: path.join(workDir, 'offline.tar.gz'),
      });
      expect(offline.code, offline.stderr).toBe(0);

      const restoredDir = path.join(workDir, 'restored');
      const restore = await runShellCommand('npm run restore -- "$BACKUP_FILE"', {
        DATA_DIR: restoredDir,
        BACKUP_FILE: backupFile,
      });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('every table and file matches the backup');

      const again = await runShellCommand('npm run restore -- "$BACKUP_FILE"', {
        DATA_DIR: restoredDir,
        BACKUP_FILE: backupFile,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`the embedded database in ${restoredDir} is not empty`);

      const restored = await start({ DATA_DIR: restoredDir });
      await expectSameData(new PortalClient(await restored.listening(120_000)), filled);
      // The first start on the restored data created no new administrator: the old one is there.
      expect(restored.output()).not.toContain('First start');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');
  describe.runIf(postgres)('on PostgreSQL and S3 (needs TEST_DATABASE_URL)', () => {
    const freshDatabase = async () => {
      const opened: OpenedTestDatabase = await postgres!.open();
      await opened.database.close();
      cleanups.push(() => opened.dispose());
      return opened.url!;
    };
    const freshBucket = async () => {
      const s3 = await startS3Server();
      cleanups.push(() => s3.close());
      return s3.env;
    };

    it(
      'backs up while the portal runs and restores into an empty database and bucket',
      async () => {
        const env = {
          ...FIXTURE_ADMIN_ENV,
          DATA_DIR: path.join(workDir, 'data'),
          DATABASE_URL: await freshDatabase(),
          ...(await freshBucket()),
        };
        const backupFile = path.join(workDir, 'portal-backup.tar.gz');
        const portal = await start(env);
        const filled = await fillThroughApi(new PortalClient(await portal.listening(120_000)), 'postgres');

        const backup = await runShellCommand('npm run backup -- --out "$BACKUP_FILE"', {
          ...env,
          BACKUP_FILE: backupFile,
        });
        expect(backup.code, backup.stderr).toBe(0);
        await stop(portal);

        const target = {
          DATA_DIR: path.join(workDir, 'restored'),
          DATABASE_URL: await freshDatabase(),
          ...(await freshBucket()),
        };
        const restore = await runShellCommand('npm run restore -- "$BACKUP_FILE"', {
          ...target,
          BACKUP_FILE: backupFile,
        });
        expect(restore.code, restore.stderr).toBe(0);
        expect(restore.stdout).toMatch(
          /into the PostgreSQL database portal_test_\w+ on 127\.0\.0\.1:5432, files into the S3 bucket/,
        );

        const restored = await start(target);
        await expectSameData(new PortalClient(await restored.listening(120_000)), filled);
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  });
});
