import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `source`, through `through` if given, into a new file at `target`; if anything fails,
 * the file is removed and the error rethrown. Removed only once the file's own stream has
 * closed: pipeline rejects as soon as one stream fails, which can be before the file has even
 * been opened, and an open still waiting in Node's thread pool would then create the file after
 * its removal (a refused upload's part left in storage/tmp under load; storage.int.test.ts).
 */
export async function streamToFile(
  target: string,
  source: Readable,
  through: Transform[] = [],
  options: { exclusive?: boolean; flush?: boolean } = {},
): Promise<void> {
  const out = createWriteStream(target, { flags: options.exclusive ? 'wx' : 'w', flush: options.flush ?? false });
  try {
    await pipeline([source, ...through, out]);
  } catch (err) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(target, { force: true });
    throw err;
  }
}
