import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomUUID } from 'node:crypto';
import fs, { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server } from '#test-support/s3-server';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import { InvalidObjectKeyError, isObjectKey, newObjectKey, ObjectTooLargeError, type Storage } from './storage';

const MB = 1024 * 1024;

/** `total` bytes of a repeatable pattern, produced in 64 KiB chunks (never whole in memory). */
function generated(total: number, seed = 7): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = (sent + i + seed) % 251;
      sent += size;
      this.push(chunk);
    },
  });
}

async function sha256(stream: Readable) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { digest: hash.digest('hex'), bytes };
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Target {
  name: string;
  storage: Storage;
  /** Every key the store holds, however it holds them. */
  listKeys(): Promise<string[]>;
  /** Half-written uploads the store keeps aside (disk: tmp/). */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function diskTarget(): Promise<Target> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  const storage = new DiskStorage(path.join(root, 'storage'));
  await storage.check();
  const walk = async (dir: string): Promise<string[]> => {
    if (!existsSync(dir)) return [];
    const out: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) out.push(...(await walk(full)));
      else out.push(path.relative(path.join(root, 'storage', 'objects'), full));
    }
    return out;
  };
  return {
    name: 'local disk',
    storage,
    listKeys: () => walk(path.join(root, 'storage', 'objects')),
    leftovers: async () => readdir(path.join(root, 'storage', 'tmp')),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Target(): Promise<Target> {
  const server = await startS3Server();
  const storage = new S3Storage(server.config);
  await storage.check();
  const client = new S3Client({
    endpoint: server.config.endpoint,
    region: server.config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    name: 'S3 (s3rver)',
    storage,
    listKeys: async () => {
      const out = await client.send(new ListObjectsV2Command({ Bucket: server.config.bucket }));
      return (out.Contents ?? []).map((o) => o.Key!);
    },
    leftovers: async () => [],
    close: async () => {
      client.destroy();
      await storage.close();
      await server.close();
    },
  };
}

describe.each([
  ['local disk', diskTarget],
  ['S3 (s3rver)', s3Target],
] as const)('storage contract on %s', (_name, open) => {
  let t: Target;
  let storage: Storage;

  beforeAll(async () => {
    t = await open();
    storage = t.storage;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a byte range of an object, and the size is still the whole object', async () => {
    const key = newObjectKey('onboarding-videos');
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await storage.put(key, Readable.from([bytes]), { contentType: 'video/webm', maxBytes: MB });
    const middle = await storage.get(key, { start: 100, end: 199 });
    expect(middle!.size).toBe(1000);
    expect(middle!.contentType).toBe('video/webm');
    expect(await readAll(middle!.body)).toEqual(bytes.subarray(100, 200));
    const last = await storage.get(key, { start: 990, end: 999 });
    expect(await readAll(last!.body)).toEqual(bytes.subarray(990));
    // Two bytes, not `0-0`: the test S3 server (s3rver) reads an end of 0 as "to the end"; S3 does not.
    const first = await storage.get(key, { start: 0, end: 1 });
    expect(await readAll(first!.body)).toEqual(bytes.subarray(0, 2));
    const whole = await storage.get(key);
    expect(await readAll(whole!.body)).toEqual(bytes);
    expect(await storage.get(newObjectKey('onboarding-videos'), { start: 0, end: 9 })).toBeNull();
    await storage.delete(key);
  });

  it('lists the objects under a prefix with when they were written', async () => {
    const before = Date.now();
    const file = newObjectKey('files');
    const image = newObjectKey('event-images');
    for (const key of [file, image]) {
      await storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'text/plain', maxBytes: MB });
    }
    const listed = [];
    for await (const object of storage.list('files')) listed.push(object);
    const mine = listed.find((o) => o.key === file);
    expect(mine).toBeDefined();
    // Second precision on some stores: allow the clock's rounding.
    expect(mine!.lastModified.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(listed.map((o) => o.key)).not.toContain(image);
    const images = [];
    for await (const object of storage.list('event-images')) images.push(object.key);
    expect(images).toContain(image);
    await storage.delete(file);
    await storage.delete(image);
  });

  it('stores, reads back with size and content type, and deletes', async () => {
    const key = newObjectKey('files');
    const info = await storage.put(key, Readable.from([Buffer.from('Hello, '), Buffer.from('ministry!')]), {
      contentType: 'text/plain',
      maxBytes: MB,
    });
    expect(info).toEqual({ size: 16, contentType: 'text/plain' });
    expect(await storage.exists(key)).toBe(true);

    const got = await storage.get(key);
    expect(got).not.toBeNull();
    expect(got!.size).toBe(16);
    expect(got!.contentType).toBe('text/plain');
    expect((await readAll(got!.body)).toString()).toBe('Hello, ministry!');

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('stores an empty object', async () => {
    const key = newObjectKey('files');
    expect(
      await storage.put(key, Readable.from([]), { contentType: 'application/octet-stream', maxBytes: 10 }),
    ).toEqual({
      size: 0,
      contentType: 'application/octet-stream',
    });
    const got = await storage.get(key);
    expect(got!.size).toBe(0);
    expect((await readAll(got!.body)).length).toBe(0);
    await storage.delete(key);
  });

  it('deletes idempotently and answers for missing keys without failing', async () => {
    const key = newObjectKey('event-images');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'image/png', maxBytes: 10 });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('streams a multi-megabyte object in and out intact', async () => {
    const key = newObjectKey('files');
    const size = 12 * MB + 12_345; // several S3 multipart parts
    const expected = await sha256(generated(size));
    const info = await storage.put(key, generated(size), { contentType: 'application/zip', maxBytes: 50 * MB });
    expect(info.size).toBe(size);
    const got = await storage.get(key);
    expect(got!.size).toBe(size);
    expect(await sha256(got!.body)).toEqual(expected);
    await storage.delete(key);
  });

  it('accepts exactly the limit', async () => {
    const key = newObjectKey('files');
    expect((await storage.put(key, generated(1000), { contentType: 'text/plain', maxBytes: 1000 })).size).toBe(1000);
    await storage.delete(key);
  });

  it.each([
    ['a small object, one byte over', 1001, 1000],
    ['a multi-part object, megabytes over', 13 * MB, 7 * MB],
  ])('refuses %s and leaves nothing behind', async (_case, size, maxBytes) => {
    const before = await t.listKeys();
    const key = newObjectKey('files');
    await expect(storage.put(key, generated(size), { contentType: 'text/plain', maxBytes })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await t.listKeys()).toEqual(before);
    expect(await t.leftovers()).toEqual([]);
  });

  it('leaves nothing behind when the source fails part-way', async () => {
    const before = await t.listKeys();
    const key = newObjectKey('files');
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 3) this.destroy(new Error('client went away'));
        else this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    await expect(storage.put(key, failing, { contentType: 'text/plain', maxBytes: MB })).rejects.toThrow(
      'client went away',
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await t.listKeys()).toEqual(before);
    expect(await t.leftovers()).toEqual([]);
  });

  it('only takes keys the server generated: traversal and absolute paths are refused before anything is written', async () => {
    const before = await t.listKeys();
    const bad = [
      '../../x',
      '/etc/passwd',
      'files/../../x',
      `files/${randomUUID()}/../../x`,
      `files/${randomUUID()}\0.png`,
      `../files/${randomUUID()}`,
      'files/report.pdf',
      `other/${randomUUID()}`,
      '',
    ];
    for (const key of bad) {
      await expect(
        storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain', maxBytes: 10 }),
      ).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
    expect(await t.listKeys()).toEqual(before);
  });
});

describe('local disk storage', () => {
  it('leaves no part behind when it refuses a file before the part has even been opened', async () => {
    const t = await diskTarget();
    // On a busy machine the part's open can wait in Node's thread pool while the refusal is
    // already under way (a CI failure of security/upload-corpus.int.test.ts): opens wait here.
    const open = fs.open.bind(fs) as (...args: unknown[]) => void;
    const late = vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
      setTimeout(() => open(...args), 100);
    }) as typeof fs.open);
    try {
      await expect(
        t.storage.put(newObjectKey('files'), generated(1001), { contentType: 'text/plain', maxBytes: 1000 }),
      ).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(late).toHaveBeenCalled();
    } finally {
      late.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.leftovers()).toEqual([]);
    await t.close();
  });
});

describe('object keys', () => {
  it('are generated by the server as <prefix>/<uuid>', () => {
    const key = newObjectKey('files');
    expect(key).toMatch(/^files\/[0-9a-f-]{36}$/);
    expect(isObjectKey(key)).toBe(true);
    expect(newObjectKey('event-images')).toMatch(/^event-images\/[0-9a-f-]{36}$/);
    expect(newObjectKey('files')).not.toBe(key);
    const id = randomUUID();
    expect(newObjectKey('files', id)).toBe(`files/${id}`);
  });

  it('cannot be made from a user-supplied name', () => {
    expect(() => newObjectKey('files', '../../etc/passwd')).toThrow(InvalidObjectKeyError);
    expect(() => newObjectKey('files', 'report.pdf')).toThrow(InvalidObjectKeyError);
  });
});

describe('S3 start-up check', () => {
  it('names the bucket when it cannot be reached', async () => {
    const server = await startS3Server();
    const storage = new S3Storage({ ...server.config, bucket: 'no-such-bucket' });
    try {
      await expect(storage.check()).rejects.toThrow(/S3 storage is not usable: bucket "no-such-bucket"/);
    } finally {
      await storage.close();
      await server.close();
    }
  });
});
