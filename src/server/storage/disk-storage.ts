import { randomUUID } from 'node:crypto';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertObjectKey,
  ByteLimit,
  isObjectKey,
  type KeyPrefix,
  type ListedObject,
  type ObjectInfo,
  type PutOptions,
  type ByteRange,
  type Storage,
  type StoredObject,
} from './storage';
import { streamToFile } from './stream-to-file';

interface Meta {
  contentType: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const STALE_TMP_MS = 24 * 60 * 60 * 1000;

/**
 * Objects as files under `root` (DATA_DIR/storage):
 *   objects/<key>       the bytes
 *   meta/<key>.json     the content type
 *   tmp/                uploads in progress
 * A put writes to tmp/ and renames into place, so a reader never sees half an object and a
 * crash leaves only a temporary file (removed on the next start).
 */
export class DiskStorage implements Storage {
  readonly kind = 'disk';

  constructor(private readonly root: string) {}

  private objectPath(key: string) {
    assertObjectKey(key);
    return path.join(this.root, 'objects', ...key.split('/'));
  }

  private metaPath(key: string) {
    assertObjectKey(key);
    return `${path.join(this.root, 'meta', ...key.split('/'))}.json`;
  }

  private get tmpDir() {
    return path.join(this.root, 'tmp');
  }

  async put(key: string, body: Readable, { contentType, maxBytes }: PutOptions): Promise<ObjectInfo> {
    const target = this.objectPath(key);
    const metaTarget = this.metaPath(key);
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${randomUUID()}.part`);
    const metaTmp = `${tmp}.json`;
    const limit = new ByteLimit(maxBytes);
    try {
      await streamToFile(tmp, body, [limit], { exclusive: true, flush: true });
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(path.dirname(metaTarget), { recursive: true });
      await writeFile(metaTmp, JSON.stringify({ contentType } satisfies Meta), { flush: true });
      // Meta first: an object is there only once its bytes are, and then its meta is too.
      await rename(metaTmp, metaTarget);
      await rename(tmp, target);
      // The renames are durable only once their directories are: without this, a power cut
      // could lose an object whose record the database has already made durable (0071).
      await syncDirectory(path.dirname(metaTarget));
      await syncDirectory(path.dirname(target));
    } catch (err) {
      await rm(tmp, { force: true });
      await rm(metaTmp, { force: true });
      throw err;
    }
    return { size: limit.bytes, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    let handle;
    try {
      // Opened before anything else: a concurrent delete cannot pull the file from under us.
      handle = await open(this.objectPath(key), 'r');
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      const meta = await this.readMeta(key);
      // createReadStream reads only [start, end]: a seek into a large video reads nothing before it.
      const body = range ? handle.createReadStream({ start: range.start, end: range.end }) : handle.createReadStream();
      return { size, contentType: meta.contentType, body };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  private async readMeta(key: string): Promise<Meta> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Partial<Meta>;
      return { contentType: typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isNotFound(err)) return { contentType: DEFAULT_CONTENT_TYPE };
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.objectPath(key));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async *list(prefix: KeyPrefix): AsyncIterable<ListedObject> {
    const dir = path.join(this.root, 'objects', prefix);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    for (const name of names) {
      const key = `${prefix}/${name}`;
      if (!isObjectKey(key)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info) yield { key, lastModified: info.mtime };
    }
  }

  async check(): Promise<void> {
    await mkdir(path.join(this.root, 'objects'), { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    // Leftovers of uploads cut short by a crash. Only old ones: another instance sharing this
    // directory may be receiving an upload right now.
    const cutoff = Date.now() - STALE_TMP_MS;
    for (const name of await readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  async close(): Promise<void> {}
}

async function syncDirectory(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isNotFound(err: unknown) {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
