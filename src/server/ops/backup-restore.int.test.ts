import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { donations, files, messages, partners } from '../db/schema';
import { createDeps, disposeDeps } from '../deps';
import { DEMO_PASSWORD, seedDemoData } from '../demo/seed';
import type { DemoUsers } from '../demo/seeders/users';
import { verifyAuditChain } from './audit-verify';
import { loadConfig } from '../env';
import { fileObjectKey } from '../features/files/service';
import { DiskStorage } from '../storage/disk-storage';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { multipartBody, PNG_1X1 } from '#test-support/multipart';
import {
  closeSecondHandle,
  cookieHeader,
  openSecondHandle,
  createTestApp,
  silentLogger,
  testDatabaseTargets,
  TEST_BASE_URL,
  type OpenedTestDatabase,
  type TestApp,
} from '#test-support/test-database';
import { ArchiveError } from './archive';
import { BackupError, createBackup } from './backup';
import { summariseDatabase } from './dump';
import { listTables, tablesWithTriggers } from './schema-info';
import { restoreBackup, RestoreError } from './restore';

// Seeds demo data, backs it up, restores it and starts an app on it: slow on a busy machine.
const SLOW_TEST_TIMEOUT_MS = 180_000;

describe.each(testDatabaseTargets())('backup and restore on $name', (target) => {
  let source: TestApp;
  let users: DemoUsers;
  let workDir: string;
  let adminCookie: string;
  const uploaded = Buffer.from('Minutes of the board meeting\n'.repeat(200));
  let uploadedId: string;
  let imageUrl: string;

  beforeAll(async () => {
    source = await createTestApp(target);
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-backup-test-'));
    users = await seedDemoData(source.db, new Date('2026-06-15T12:00:00Z'), source.deps.storage);
    adminCookie = await source.signIn(users.admin.email, DEMO_PASSWORD);
    const file = multipartBody([{ name: 'file', filename: 'minutes.txt', value: uploaded, contentType: 'text/plain' }]);
    const upload = await source.request('/api/files?folder=/', {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': file.contentType },
      body: file.body,
    });
    expect(upload.status).toBe(201);
    uploadedId = ((await upload.json()) as { file: { id: string } }).file.id;
    const event = multipartBody([
      { name: 'title', value: 'Harvest supper' },
      { name: 'startDate', value: '2030-03-14T18:00:00.000Z' },
      { name: 'endDate', value: '2030-03-14T21:00:00.000Z' },
      { name: 'image', filename: 'supper.png', value: PNG_1X1, contentType: 'image/png' },
    ]);
    const created = await source.request('/api/calendar/events', {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': event.contentType },
      body: event.body,
    });
    expect(created.status).toBe(201);
    imageUrl = ((await created.json()) as { event: { imageUrl: string } }).event.imageUrl;
  }, SLOW_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await source?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it(
    'restores every table and stored file into an empty database and store',
    { timeout: SLOW_TEST_TIMEOUT_MS },
    async () => {
      const archive = path.join(workDir, 'round-trip.tar.gz');
      // Edits move a message's revision ahead of the id sequence (issue 23): a restore must
      // move message_revision_seq past them, or a new message would reuse a revision.
      for (let i = 0; i < 3; i++) {
        await source.db.execute(
          sql`update messages set revision = nextval('message_revision_seq') where id = (select max(id) from messages)`,
        );
      }
      const [restoredTop] = await source.db
        .select({ revision: sql<string>`max(revision)`, id: sql<string>`max(id)` })
        .from(messages);
      const { manifest } = await createBackup(
        { database: source.deps.database, storage: source.deps.storage },
        archive,
      );

      // Every table of the schema is in the archive, with its rows counted.
      const tables = await listTables(source.db);
      expect(manifest.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => t.name).sort());
      expect(manifest.tables.find((t) => t.name === 'partners')!.rows).toBeGreaterThanOrEqual(10);
      expect(manifest.objects.map((o) => o.key)).toContain(fileObjectKey(uploadedId));
      expect(manifest.objects.some((o) => `/api/calendar/images/${o.key.split('/')[1]}` === imageUrl)).toBe(true);
      expect(manifest.migrations.length).toBeGreaterThan(0);

      const restoredDir = path.join(workDir, 'restored');
      let opened: OpenedTestDatabase | undefined;
      try {
        opened = await target.open();
        const storage = new DiskStorage(path.join(restoredDir, 'storage'));
        await restoreBackup(archive, { database: opened.database, storage, describe: 'the test database' });

        // Every table compares equal, row for row, and the audit log's chain (the upload and
        // the event above are in it) still holds after the restore.
        expect(await summariseDatabase(opened.database.db)).toEqual(await summariseDatabase(source.db));
        const chain = await verifyAuditChain(opened.database.db);
        expect(chain.broken).toBeNull();
        expect(chain.entries).toBeGreaterThanOrEqual(2);
        for (const object of manifest.objects) {
          const original = await source.deps.storage.get(object.key);
          const copy = await storage.get(object.key);
          expect(copy?.contentType).toBe(original?.contentType);
          expect(await bytesOf(copy!.body)).toEqual(await bytesOf(original!.body));
        }

        // A server on the restored data: same password, same file, same image.
        const config = loadConfig({
          DATA_DIR: restoredDir,
          BASE_URL: TEST_BASE_URL,
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
        });
        const deps = await createDeps(config, opened.database, silentLogger);
        try {
          const app = createApp(deps);
          const signIn = await app.request('/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
            body: JSON.stringify({ email: users.admin.email, password: DEMO_PASSWORD }),
          });
          expect(signIn.status).toBe(200);
          const cookie = cookieHeader(signIn);
          const download = await app.request(`/api/files/${uploadedId}/download`, { headers: { cookie } });
          expect(download.status).toBe(200);
          expect(Buffer.from(await download.arrayBuffer())).toEqual(uploaded);
          const image = await app.request(imageUrl, { headers: { cookie } });
          expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_1X1);
          // The session made on the source still works: sessions and the signing secret came along.
          expect((await app.request('/api/me', { headers: { cookie: adminCookie } })).status).toBe(200);
          // A new message takes a revision above every restored one, so no tab's cursor skips it.
          const sent = await app.request('/api/chat/messages', {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', origin: TEST_BASE_URL },
            body: JSON.stringify({ chatType: 'partner', partner: 'General Partners', content: 'After the restore' }),
          });
          expect(sent.status).toBe(201);
          const { message } = (await sent.json()) as { message: { id: number; revision: number } };
          expect(message.revision).toBeGreaterThan(Number(restoredTop!.revision));
          expect(message.id).toBeGreaterThan(Number(restoredTop!.id));
        } finally {
          await disposeDeps(deps);
        }
      } finally {
        await opened?.dispose();
      }
    },
  );

  it(
    'restores the derived giving rollup once, not counted again by its triggers, which are on again after',
    { timeout: SLOW_TEST_TIMEOUT_MS },
    async () => {
      const archive = path.join(workDir, 'rollup.tar.gz');
      await createBackup({ database: source.deps.database, storage: source.deps.storage }, archive);
      let opened: OpenedTestDatabase | undefined;
      try {
        opened = await target.open();
        const storage = new DiskStorage(path.join(workDir, 'rollup-storage'));
        await restoreBackup(archive, { database: opened.database, storage, describe: 'the test database' });
        const restored = opened.database.db;

        const rollup = await storedGivingRollup(restored);
        expect(rollup.slots.length).toBeGreaterThan(0);
        expect(rollup).toEqual(await storedGivingRollup(source.db));
        expect(rollup).toEqual(await givingRollupFromGifts(restored));
        // The rollup's triggers (and the one adding a transaction's changes at its commit,
        // decision 0138), those announcing principal changes (decisions 0064, 0105) and the
        // audit log's chain and append-only guards (decisions 0102, 0103), the contact log's
        // keeper of partners.last_contact (migration 0021), and the chat order lock (decision 0152).
        expect(await tablesWithTriggers(restored)).toEqual([
          'activity',
          'activity_chain_start',
          'app_settings',
          'coordinator_permissions',
          'donations',
          'giving_rollup_marks',
          'messages',
          'partner_contacts',
          'session',
          'user',
          'user_roles',
        ]);
        await restored
          .insert(donations)
          .values({ partnerName: 'After the restore', amount: '7.00', donationType: 'one-time' });
        expect(await storedGivingRollup(restored)).toEqual(await givingRollupFromGifts(restored));
      } finally {
        await opened?.dispose();
      }
    },
  );

  it(
    'takes one snapshot while another instance keeps writing: every gift in it has its partner',
    { timeout: SLOW_TEST_TIMEOUT_MS },
    async () => {
      const writer = await openSecondHandle(source.opened);
      let writing = true;
      let written = 0;
      // Each partner and its first gift are committed together; a backup reading the tables at
      // different moments would catch gifts whose partner it had already passed.
      const writes = (async () => {
        while (writing) {
          await writer.db.transaction(async (tx) => {
            const [partner] = await tx
              .insert(partners)
              .values({ name: `Concurrent ${written}`, email: `c${written}@example.org` })
              .returning({ id: partners.id });
            await tx.insert(donations).values({
              partnerId: partner!.id,
              partnerName: `Concurrent ${written}`,
              amount: '10.00',
              donationType: 'one-time',
            });
          });
          written++;
          // A pause between writes, as real traffic has: PGlite's one connection must not be
          // monopolised (its queue is not fair), or the backup would wait for the loop to end.
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      let opened: OpenedTestDatabase | undefined;
      try {
        const archive = path.join(workDir, 'during-writes.tar.gz');
        while (written < 3) await new Promise((resolve) => setTimeout(resolve, 20));
        await createBackup({ database: source.deps.database, storage: source.deps.storage }, archive);
        writing = false;
        await writes;
        expect(written).toBeGreaterThan(3);

        opened = await target.open();
        const storage = new DiskStorage(path.join(workDir, 'during-writes-storage'));
        await restoreBackup(archive, { database: opened.database, storage, describe: 'the test database' });
        const restored = opened.database.db;
        const partnersKept = await restored
          .select({ id: partners.id })
          .from(partners)
          .where(like(partners.name, 'Concurrent %'));
        const giftsKept = await restored
          .select({ id: donations.id })
          .from(donations)
          .where(like(donations.partnerName, 'Concurrent %'));
        expect(giftsKept.length).toBe(partnersKept.length);
        expect(partnersKept.length).toBeGreaterThanOrEqual(3);
      } finally {
        writing = false;
        await writes.catch(() => {});
        await closeSecondHandle(source.opened, writer);
        await opened?.dispose();
      }
    },
  );

  it('refuses a database that is not empty, and changes nothing in it', { timeout: SLOW_TEST_TIMEOUT_MS }, async () => {
    const archive = path.join(workDir, 'refused.tar.gz');
    await createBackup({ database: source.deps.database, storage: source.deps.storage }, archive);
    const before = await summariseDatabase(source.db);
    const storage = new DiskStorage(path.join(workDir, 'unused-storage'));
    await expect(
      restoreBackup(archive, { database: source.deps.database, storage, describe: 'the portal database' }),
    ).rejects.toThrow(
      new RestoreError(
        'the portal database is not empty: it already holds portal tables. Restore only into an empty database ' +
          '(create a new one, or drop and re-create this one) so nothing is overwritten.',
      ),
    );
    expect(await summariseDatabase(source.db)).toEqual(before);
  });

  it('refuses a file that is not a backup with a readable message', { timeout: SLOW_TEST_TIMEOUT_MS }, async () => {
    const garbage = path.join(workDir, 'garbage.tar.gz');
    await writeFile(garbage, 'this is not an archive');
    let opened: OpenedTestDatabase | undefined;
    try {
      opened = await target.open();
      const storage = new DiskStorage(path.join(workDir, 'garbage-storage'));
      const restoring = restoreBackup(garbage, { database: opened.database, storage, describe: 'the test database' });
      await expect(restoring).rejects.toThrow(ArchiveError);
      await expect(restoring).rejects.toThrow(/is not a readable portal backup|is not a portal backup/);
      await expect(
        restoreBackup(path.join(workDir, 'absent.tar.gz'), { database: opened.database, storage, describe: 'x' }),
      ).rejects.toThrow(/absent\.tar\.gz is not a readable portal backup \(the file does not exist\)/);
    } finally {
      await opened?.dispose();
    }
  });

  it(
    'fails naming a stored file the database refers to but the store lost, and writes no archive',
    { timeout: SLOW_TEST_TIMEOUT_MS },
    async () => {
      const file = multipartBody([
        { name: 'file', filename: 'lost.txt', value: 'soon gone', contentType: 'text/plain' },
      ]);
      const upload = await source.request('/api/files?folder=/', {
        method: 'POST',
        headers: { cookie: adminCookie, 'content-type': file.contentType },
        body: file.body,
      });
      const lostId = ((await upload.json()) as { file: { id: string } }).file.id;
      await source.deps.storage.delete(fileObjectKey(lostId));
      try {
        const archive = path.join(workDir, 'broken.tar.gz');
        const backup = createBackup({ database: source.deps.database, storage: source.deps.storage }, archive);
        await expect(backup).rejects.toThrow(BackupError);
        await expect(backup).rejects.toThrow(`does not hold: ${fileObjectKey(lostId)}. No backup was written.`);
        expect(existsSync(archive)).toBe(false);
      } finally {
        await source.db.delete(files).where(eq(files.id, lostId));
      }
    },
  );

  it('writes a gzipped tar whose first entry is manifest.json', { timeout: SLOW_TEST_TIMEOUT_MS }, async () => {
    const archive = path.join(workDir, 'layout.tar.gz');
    await createBackup({ database: source.deps.database, storage: source.deps.storage }, archive);
    const bytes = await readFile(archive);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(bytes).subarray(0, 13).toString('latin1')).toBe('manifest.json');
  });
});

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
