import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { MANIFEST_FILE, manifestSchema, type Manifest } from './manifest';

export class ArchiveError extends Error {}

/**
 * Packs a staging folder (manifest.json, db/, objects/) into a gzipped tar at `out`. Written
 * next to it first and renamed, so `out` is either a whole archive or absent.
 */
export async function writeArchive(stagingDir: string, manifest: Manifest, out: string): Promise<void> {
  await writeFile(path.join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await mkdir(path.join(stagingDir, 'objects'), { recursive: true });
  const partial = `${out}.partial`;
  try {
    // manifest.json first, so a reader can tell what the archive is from its first entry.
    await tar.create({ gzip: true, file: partial, cwd: stagingDir, portable: true }, [MANIFEST_FILE, 'db', 'objects']);
    await rename(partial, out);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** Unpacks an archive into `dir` and returns its validated manifest. */
export async function extractArchive(file: string, dir: string): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  try {
    // strict: a truncated or corrupt archive is an error, not a partial extraction.
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (err) {
    const reason =
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : (err as Error).message;
    throw new ArchiveError(`${file} is not a readable portal backup (${reason}).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new ArchiveError(`${file} is not a portal backup: it has no readable ${MANIFEST_FILE}.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ArchiveError(
      `${file} has a ${MANIFEST_FILE} this version cannot read: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}
