import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import type { Storage } from '../storage';
import { extractArchive } from './archive';
import { checkDatabaseTarget, loadDatabase, RestoreError } from './load';
import type { Manifest } from './manifest';
import { copyObjectsIn } from './objects';
import { compareWithManifest } from './verify';

export { RestoreError };

export interface RestoreTarget {
  database: Database;
  storage: Storage;
  /** How to name the database in messages ("the PostgreSQL database portal"). */
  describe: string;
}

export interface RestoreOptions {
  /**
   * Bring the database to this code's newest schema afterwards (a restore), or leave it at the
   * backup's (a rollback, for the release that took it).
   */
  migrate?: boolean;
  /**
   * Objects already in the store are left as they are (they are write-once under server-made
   * keys) instead of refusing the store: a rollback on S3, whose bucket still holds them. The
   * check afterwards still compares every object with the backup.
   */
  keepExistingObjects?: boolean;
}

/** Unpacks a backup archive and restores it into an empty target (see restoreStaged). */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  try {
    const manifest = await extractArchive(archive, staging);
    await restoreStaged(staging, manifest, target, options);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an unpacked backup: refuses a non-empty database or a store that already holds one
 * of the backup's objects, loads the rows at the backup's schema level, copies the objects,
 * verifies every table and object against the manifest, then applies any newer migrations.
 */
export async function restoreStaged(
  staging: string,
  manifest: Manifest,
  target: RestoreTarget,
  { migrate = true, keepExistingObjects = false }: RestoreOptions = {},
): Promise<void> {
  await checkDatabaseTarget(target.database, manifest, target.describe);
  const toCopy = [];
  for (const object of manifest.objects) {
    const exists = await target.storage.exists(object.key);
    if (exists && keepExistingObjects) continue;
    toCopy.push(object);
    if (exists) {
      throw new RestoreError(
        `The file store already holds ${object.key}, one of the backup's files. Restore into empty storage so nothing is overwritten.`,
      );
    }
  }
  await loadDatabase(target.database, manifest, staging);
  await copyObjectsIn(target.storage, toCopy, staging);
  const problems = await compareWithManifest(target.database.db, target.storage, manifest);
  if (problems.length > 0) {
    throw new RestoreError(`The restored data does not match the backup:\n  ${problems.join('\n  ')}`);
  }
  if (migrate) await runMigrations(target.database);
}
