import { count } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema';
import { listenOnLoopback } from '#test-support/http-server';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { FileEntry } from '#shared/schemas/files';

const MB = 1024 * 1024;

/** A multipart body produced chunk by chunk, as a browser sends a large file (no Content-Length). */
function streamedUpload(size: number, options: { failAfter?: number } = {}) {
  const boundary = '----portal-stream-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        controller.error(new Error('connection dropped'));
        return;
      }
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const chunk = Buffer.alloc(Math.min(256 * 1024, size - sent), sent % 251);
      hash.update(chunk);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, digest: () => hash.digest('hex') };
}

describe.each(testDatabaseTargets())('streaming uploads over HTTP on $name', (target) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  let sam: TestUser;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(target, { MAX_UPLOAD_MB: '8' });
    server = await listenOnLoopback(t.app);
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
    cookie = await t.signIn(sam.email, sam.password);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  const post = (upload: ReturnType<typeof streamedUpload>) =>
    fetch(`${server.url}/api/files?folder=%2F`, {
      method: 'POST',
      headers: { cookie, 'content-type': upload.contentType, origin: t.deps.config.BASE_URL },
      body: upload.body,
      duplex: 'half',
    } as RequestInit);
  const objects = async () => {
    const dir = path.join(t.deps.config.DATA_DIR, 'storage', 'objects', 'files');
    return existsSync(dir) ? readdir(dir) : [];
  };
  const tmp = () => readdir(path.join(t.deps.config.DATA_DIR, 'storage', 'tmp'));
  const rows = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;

  it('stores a multi-megabyte upload sent in chunks, intact', async () => {
    const upload = streamedUpload(6 * MB + 123);
    const response = await post(upload);
    expect(response.status).toBe(201);
    const { file } = (await response.json()) as { file: FileEntry };
    expect(file.size).toBe(6 * MB + 123);
    const download = await fetch(`${server.url}/api/files/${file.id}/download`, { headers: { cookie } });
    const digest = createHash('sha256')
      .update(Buffer.from(await download.arrayBuffer()))
      .digest('hex');
    expect(digest).toBe(upload.digest());
  });

  it('answers 413 to a chunked upload that grows past the limit, and keeps nothing', async () => {
    const before = { rows: await rows(), objects: await objects() };
    const response = await post(streamedUpload(9 * MB));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Files larger than 8 MB cannot be uploaded.' });
    expect(await rows()).toBe(before.rows);
    expect(await objects()).toEqual(before.objects);
    expect(await tmp()).toEqual([]);
  });

  it('keeps nothing when the client goes away part-way', async () => {
    const before = { rows: await rows(), objects: await objects() };
    await expect(post(streamedUpload(6 * MB, { failAfter: 2 * MB }))).rejects.toThrow();
    // The server notices the cut connection on its own schedule.
    await expect.poll(async () => (await tmp()).length, { timeout: 5000 }).toBe(0);
    expect(await rows()).toBe(before.rows);
    expect(await objects()).toEqual(before.objects);
  });
});
