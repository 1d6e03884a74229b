import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertObjectKey, type Storage } from '../storage';
import { objectEntry, type ManifestObject } from './manifest';

/** Passes bytes through while hashing and counting them. */
class Hashing extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }
  digest() {
    return this.hash.digest('hex');
  }
}

export interface CopiedObjects {
  objects: ManifestObject[];
  /** Keys the rows point at that the store does not hold. */
  missing: string[];
}

/** Copies each object out of the store to `objects/<key>` under `dir`, with its size and sha256. */
export async function copyObjectsOut(storage: Storage, keys: string[], dir: string): Promise<CopiedObjects> {
  const objects: ManifestObject[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    assertObjectKey(key);
    const object = await storage.get(key);
    if (!object) {
      missing.push(key);
      continue;
    }
    const target = path.join(dir, objectEntry(key));
    await mkdir(path.dirname(target), { recursive: true });
    const hashing = new Hashing();
    await pipeline(object.body, hashing, createWriteStream(target));
    objects.push({ key, size: hashing.bytes, sha256: hashing.digest(), contentType: object.contentType });
  }
  return { objects, missing };
}

/** Puts each object from `objects/<key>` under `dir` into the store. */
export async function copyObjectsIn(storage: Storage, objects: ManifestObject[], dir: string): Promise<void> {
  for (const object of objects) {
    assertObjectKey(object.key);
    await storage.put(object.key, createReadStream(path.join(dir, objectEntry(object.key))), {
      contentType: object.contentType,
      maxBytes: object.size,
    });
  }
}

/** Reads each object back from the store; returns a readable line per object that differs. */
export async function verifyObjects(storage: Storage, objects: ManifestObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const expected of objects) {
    const object = await storage.get(expected.key);
    if (!object) {
      problems.push(`${expected.key}: missing`);
      continue;
    }
    const hashing = new Hashing();
    // Only the hash is wanted: the bytes themselves are dropped as they pass.
    await pipeline(object.body, hashing, new Writable({ write: (_chunk, _encoding, done) => done() }));
    if (hashing.bytes !== expected.size || hashing.digest() !== expected.sha256) {
      problems.push(`${expected.key}: ${hashing.bytes} bytes with a different checksum (expected ${expected.size})`);
    }
  }
  return problems;
}
