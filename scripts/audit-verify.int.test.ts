import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client';
import type { Db } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { recordChange } from '../src/server/service/changes';
import { runShellCommand } from '#test-support/shell-command';
import { silentLogger } from '#test-support/test-database';

// Spawns node with tsx and opens PGlite: seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

/** `npm run audit:verify` as an operator runs it, on an embedded database (decision 0102). */
describe('npm run audit:verify on the embedded database', () => {
  let dataDir: string;
  const open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }, silentLogger);
  const withDatabase = async (work: (database: Database) => Promise<unknown>) => {
    const database = await open();
    try {
      await work(database);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-audit-verify-'));
    await withDatabase(async (database) => {
      await runMigrations(database);
      for (let n = 1; n <= 3; n += 1) {
        await database.db.transaction((tx) =>
          recordChange(tx as unknown as Db, null, { action: 'test.changed', subject: { type: 'test', id: String(n) } }),
        );
      }
    });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'says the log is intact, then names the entry someone altered behind the guard',
    async () => {
      const intact = await runShellCommand('npm run -s audit:verify', { DATA_DIR: dataDir });
      expect(intact).toMatchObject({ code: 0, stdout: expect.stringContaining('The audit log is intact: 3 entries') });

      await withDatabase((database) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`alter table activity disable trigger activity_append_only`);
          await tx.execute(sql`update activity set action = 'rewritten' where seq = 2`);
          await tx.execute(sql`alter table activity enable trigger activity_append_only`);
        }),
      );
      const tampered = await runShellCommand('npm run -s audit:verify', { DATA_DIR: dataDir });
      expect(tampered.code).toBe(1);
      expect(tampered.stderr).toContain('The audit log has been tampered with: entry 2');
      expect(tampered.stderr).toContain('altered');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
