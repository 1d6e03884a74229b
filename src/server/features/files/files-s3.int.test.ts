import { count } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '#server/db/schema';
import { multipartBody } from '#test-support/multipart';
import { startS3Server } from '#test-support/s3-server';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { FileEntry } from '#shared/schemas/files';
import { fileObjectKey } from './service';

// The shared drive on a bucket (S3_* settings pointing at a local S3 server); one database is enough,
// the storage is what differs. The drive on DATA_DIR/storage is in files.int.test.ts.
describe('files on S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let sam: TestUser;
  let cookie: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(testDatabaseTargets()[0]!, { MAX_UPLOAD_MB: '1', ...s3.env });
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
    cookie = await t.signIn(sam.email, sam.password);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (filename: string, value: Buffer | string) => {
    const { body, contentType } = multipartBody([{ name: 'file', filename, value, contentType: 'text/plain' }]);
    return t.request('/api/files?folder=%2F', {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body,
    });
  };

  it('stores uploads in the bucket, serves them, refuses oversize ones, and deletes', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const created = await upload('minutes.txt', 'Board minutes');
    expect(created.status).toBe(201);
    const { file } = (await created.json()) as { file: FileEntry };
    expect(await t.deps.storage.exists(fileObjectKey(file.id))).toBe(true);
    const download = await t.request(`/api/files/${file.id}/download`, { headers: { cookie } });
    expect(await download.text()).toBe('Board minutes');

    const rowsBefore = (await t.db.select({ n: count() }).from(files))[0]!.n;
    const tooBig = await upload('huge.txt', Buffer.alloc(1024 * 1024 + 1, 'z'));
    expect(tooBig.status).toBe(413);
    expect((await t.db.select({ n: count() }).from(files))[0]!.n).toBe(rowsBefore);

    expect((await t.request(`/api/files/${file.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200);
    expect(await t.deps.storage.exists(fileObjectKey(file.id))).toBe(false);
    // Nothing went to local disk.
    expect(existsSync(path.join(t.deps.config.DATA_DIR, 'storage'))).toBe(false);
  });
});
