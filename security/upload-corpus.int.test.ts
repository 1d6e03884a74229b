import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, files } from '#server/db/schema';
import { imageKeyFor } from '#server/features/calendar/event-images';
import { fileObjectKey } from '#server/features/files/service';
import { multipartBody, PNG_1X1, type MultipartPart } from '#test-support/multipart';
import { startS3Server } from '#test-support/s3-server';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { NOT_AN_IMAGE } from '#shared/schemas/calendar';
import type { FileEntry } from '#shared/schemas/files';
import { INLINE_TYPES, SAFE_SERVED_TYPES, SCRIPT_FILES, TRAVERSAL_NAMES } from './support/upload-corpus';

/**
 * The upload corpus through the real upload routes (issue 9, decision 0042): nothing uploaded
 * is served in a way that runs in the portal's origin, nothing lands outside the storage root,
 * and a refused upload leaves nothing behind, on local disk and on S3.
 */

type S3 = Awaited<ReturnType<typeof startS3Server>>;
const storages = [
  ...testDatabaseTargets().map((target) => ({ name: `disk storage on ${target.name}`, target, s3: false })),
  { name: 'S3 storage on pglite', target: testDatabaseTargets()[0]!, s3: true },
];

describe.each(storages)('upload corpus on $name', ({ target, s3: useS3 }) => {
  let t: TestApp;
  let s3: S3 | undefined;
  let cookie: string;

  beforeAll(async () => {
    if (useS3) s3 = await startS3Server();
    t = await createTestApp(target, { MAX_UPLOAD_MB: '1', ...(s3?.env ?? {}) });
    const admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    cookie = await t.signIn(admin.email, admin.password);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const post = (url: string, parts: MultipartPart[]) => {
    const { body, contentType } = multipartBody(parts);
    return t.request(url, { method: 'POST', headers: { cookie, 'content-type': contentType }, body });
  };
  const uploadFile = (filename: string, content: Buffer | string, declaredType = 'text/plain') =>
    post('/api/files?folder=%2F', [{ name: 'file', filename, value: content, contentType: declaredType }]);
  const eventWith = (image: MultipartPart) =>
    post('/api/calendar/events', [
      { name: 'title', value: 'Corpus event' },
      { name: 'startDate', value: '2031-01-01T10:00:00.000Z' },
      { name: 'endDate', value: '2031-01-01T11:00:00.000Z' },
      image,
    ]);

  /** Every stored object, wherever it is: the files under DATA_DIR, and the bucket's keys. */
  async function inventory(): Promise<string[]> {
    const found: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else found.push(path.relative(t.deps.config.DATA_DIR, full).split(path.sep).join('/'));
      }
    };
    if (existsSync(t.deps.config.DATA_DIR)) await walk(t.deps.config.DATA_DIR);
    if (s3) {
      const client = new S3Client({
        endpoint: s3.config.endpoint,
        region: s3.config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
      found.push(...(listed.Contents ?? []).map((o) => `s3:${o.Key}`));
      client.destroy();
    }
    return found.sort();
  }

  /** What the inventory must be: exactly one object per file record and event image. */
  async function expectedInventory(): Promise<string[]> {
    const keys = [
      ...(await t.db.select({ id: files.id, size: files.size, name: files.name }).from(files))
        .filter((f) => f.name !== '.placeholder')
        .map((f) => fileObjectKey(f.id)),
      ...(await t.db.select({ url: events.imageUrl }).from(events))
        .filter((e) => e.url)
        .map((e) => imageKeyFor(e.url!.split('/').pop()!)),
    ];
    if (s3) return keys.map((k) => `s3:${k}`).sort();
    return keys.flatMap((k) => [`storage/objects/${k}`, `storage/meta/${k}.json`]).sort();
  }

  async function expectServedSafely(url: string) {
    for (const method of ['GET', 'HEAD']) {
      const response = await t.request(url, { method, headers: { cookie } });
      expect(response.status, url).toBe(200);
      const type = response.headers.get('content-type')!;
      expect(SAFE_SERVED_TYPES, `${url} served as ${type}`).toContain(type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      const disposition = response.headers.get('content-disposition') ?? '';
      if (!INLINE_TYPES.includes(type)) expect(disposition, url).toMatch(/^attachment; /);
      await response.arrayBuffer();
    }
  }

  it.each(SCRIPT_FILES)('serves "$name" so that it cannot run in the portal', async (file) => {
    const response = await uploadFile(file.filename, file.content, file.declaredType);
    expect(response.status, await response.clone().text()).toBe(201);
    const stored = ((await response.json()) as { file: FileEntry }).file;
    // Only a real picture (by its bytes) is previewed as one; the claimed type is not believed.
    const isPng = file.content.subarray(0, 8).equals(PNG_1X1.subarray(0, 8));
    expect(stored.previewKind === 'image', stored.mimeType ?? '').toBe(isPng);
    await expectServedSafely(`/api/files/${stored.id}/preview`);
    await expectServedSafely(`/api/files/${stored.id}/download`);
    const download = await t.request(`/api/files/${stored.id}/download`, { headers: { cookie } });
    expect(Buffer.from(await download.arrayBuffer()).equals(file.content)).toBe(true);
    expect(await inventory()).toEqual(await expectedInventory());
  });

  it('keeps every traversal name inside the folder and the storage root', async () => {
    for (const filename of TRAVERSAL_NAMES) {
      const response = await uploadFile(filename, `named ${filename}`);
      const text = await response.text();
      expect([201, 400], `${filename}: ${text}`).toContain(response.status);
      if (response.status === 400) continue;
      const stored = (JSON.parse(text) as { file: FileEntry }).file;
      expect(stored.name, filename).not.toMatch(/[/\\]/);
      expect(['.', '..', '']).not.toContain(stored.name);
      const [row] = await t.db.select().from(files).where(eq(files.id, stored.id));
      expect(row!.folderPath).toBe('/');
    }
    expect(await inventory()).toEqual(await expectedInventory());
    // Nothing was written next to the data directory or its storage folders either.
    const storageDirs = ['storage/objects/files', 'storage/objects', 'storage', '.'];
    for (const name of TRAVERSAL_NAMES.filter((n) => !['.', '..'].includes(n))) {
      for (const dir of storageDirs) {
        expect(existsSync(path.join(t.deps.config.DATA_DIR, dir, name.replaceAll('\\', '/'))), name).toBe(false);
      }
    }
  });

  it('stores a zero-byte file as an empty file, and serves it empty', async () => {
    const response = await uploadFile('empty.txt', Buffer.alloc(0));
    expect(response.status, await response.clone().text()).toBe(201);
    const stored = ((await response.json()) as { file: FileEntry }).file;
    expect(stored.size).toBe(0);
    const download = await t.request(`/api/files/${stored.id}/download`, { headers: { cookie } });
    expect(download.headers.get('content-length')).toBe('0');
    expect((await download.arrayBuffer()).byteLength).toBe(0);
    expect(await inventory()).toEqual(await expectedInventory());
  });

  it('refuses a file over the limit and leaves neither object, temporary file nor record', async () => {
    const before = (await t.db.select({ n: count() }).from(files))[0]!.n;
    const response = await uploadFile('huge.bin', Buffer.alloc(1024 * 1024 + 1, 1), 'application/octet-stream');
    expect(response.status).toBe(413);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
    expect((await t.db.select({ n: count() }).from(files))[0]!.n).toBe(before);
    expect(await inventory()).toEqual(await expectedInventory());
  });

  it('takes an event image by its bytes: a picture (even with HTML after it) is served sandboxed, anything else is refused', async () => {
    const polyglot = await eventWith({
      name: 'image',
      filename: 'poster.html',
      value: Buffer.concat([PNG_1X1, Buffer.from('<script>alert(1)</script>')]),
      contentType: 'text/html',
    });
    expect(polyglot.status, await polyglot.clone().text()).toBe(201);
    const { event } = (await polyglot.json()) as { event: { imageUrl: string } };
    await expectServedSafely(event.imageUrl);
    const served = await t.request(event.imageUrl, { headers: { cookie } });
    expect(served.headers.get('content-type')).toBe('image/png');

    const eventsBefore = (await t.db.select({ n: count() }).from(events))[0]!.n;
    for (const file of SCRIPT_FILES.filter((f) => !f.content.subarray(0, 8).equals(PNG_1X1.subarray(0, 8)))) {
      const refused = await eventWith({
        name: 'image',
        filename: file.filename,
        value: file.content,
        contentType: 'image/png',
      });
      expect(refused.status, file.name).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe(NOT_AN_IMAGE);
    }
    const tooBig = await eventWith({
      name: 'image',
      filename: 'big.png',
      value: Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)]),
    });
    expect(tooBig.status).toBe(413);
    expect((await t.db.select({ n: count() }).from(events))[0]!.n).toBe(eventsBefore);
    // The refused upload's part is removed before the 413 is answered, even when its open was
    // still under way as the limit was hit (a part left behind under load, until the disk
    // storage waited for its stream to close; storage.int.test.ts reproduces that order).
    expect(await inventory()).toEqual(await expectedInventory());
  });
});
