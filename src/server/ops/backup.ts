import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Storage } from '../storage';
import { writeArchive } from './archive';
import { dumpDatabase } from './dump';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Manifest } from './manifest';
import { copyObjectsOut } from './objects';

/** A file deleted between the snapshot and the copy of its object: take a fresh snapshot. */
const ATTEMPTS = 3;
const RETRY_AFTER_MS = 500;

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  manifest: Manifest;
}

/**
 * Dumps the database from one snapshot into a staging folder next to `out`, copies the objects
 * that snapshot refers to, and packs both into one archive (docs/decisions/0080). Objects are
 * write-once under server-made keys, so copying after the snapshot is consistent unless one was
 * deleted in between; then the whole snapshot is taken again, and if an object is still
 * missing the backup fails naming it rather than writing an archive that cannot be restored.
 */
export async function createBackup(
  deps: { database: Database; storage: Storage; logger?: Logger },
  out: string,
): Promise<BackupSummary> {
  const file = path.resolve(out);
  for (let attempt = 1; ; attempt++) {
    const staging = await mkdtemp(path.join(path.dirname(file), '.portal-backup-'));
    try {
      const dump = await dumpDatabase(deps.database.db, staging);
      const { objects, missing } = await copyObjectsOut(deps.storage, dump.objectKeys, staging);
      if (missing.length > 0) {
        if (attempt < ATTEMPTS) {
          deps.logger?.warn({ missing, attempt }, 'backup: objects vanished after the snapshot; taking a new one');
          await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
          continue;
        }
        throw new BackupError(
          `The database refers to ${missing.length} stored object(s) that the ${deps.storage.kind === 's3' ? 'S3 bucket' : 'storage directory'} ` +
            `does not hold: ${missing.join(', ')}. No backup was written. Restore those objects, or delete the records that point at them, and try again.`,
        );
      }
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        source: deps.database.kind,
        migrations: dump.migrations,
        tables: dump.tables,
        objects,
      };
      await writeArchive(staging, manifest, file);
      return { file, manifest };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
}

/** One line a person reads after a backup or restore. */
export function describeManifest(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bytes = manifest.objects.reduce((sum, o) => sum + o.size, 0);
  return `${manifest.tables.length} tables, ${rows} rows, ${manifest.objects.length} stored files (${bytes} bytes)`;
}
