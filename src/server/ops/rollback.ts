import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from '../db/data-dir-lock';
import type { Config } from '../env';
import type { Manifest } from './manifest';
import { openInstallation } from './open-installation';
import { restoreBackup } from './restore';
import { migrationTags } from './upgrade-snapshot';

export interface RollbackResult {
  manifest: Manifest;
  /** Where the data found before the rollback was moved (embedded database), or null. */
  movedAside: string | null;
  /** The newest migration of the restored database: the release to start names it. */
  schema: string;
  describe: string;
}

/**
 * Moves the embedded database and the local file store out of the way, into
 * DATA_DIR/rolled-back-<time>: nothing is deleted, and moving them back undoes the rollback.
 * Under the DATA_DIR lock, so never while a portal runs on them.
 */
async function moveAside(config: Config): Promise<string> {
  const release = lockDataDir(config.DATA_DIR);
  try {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}Z$/, 'Z');
    const aside = path.join(config.DATA_DIR, `rolled-back-${stamp}`);
    await mkdir(aside, { recursive: true });
    for (const name of config.S3 ? ['db'] : ['db', 'storage']) {
      const from = path.join(config.DATA_DIR, name);
      if (existsSync(from)) await rename(from, path.join(aside, name));
    }
    return aside;
  } finally {
    release();
  }
}

/**
 * `npm run rollback`: restores a snapshot taken before an upgrade and leaves the database at
 * the snapshot's schema, for the release that ran it (decision 0106). On the embedded database
 * the current data is moved aside first; on PostgreSQL the target must be an empty database
 * (the current one stays untouched). Stored files on S3 stay where they are: they are
 * write-once, and every one of them is compared with the snapshot.
 */
export async function rollback(config: Config, snapshot: string): Promise<RollbackResult> {
  const movedAside = config.DATABASE_URL ? null : await moveAside(config);
  const installation = await openInstallation(config);
  try {
    await installation.storage.check();
    const manifest = await restoreBackup(snapshot, installation, {
      migrate: false,
      keepExistingObjects: Boolean(config.S3),
    });
    const schema = migrationTags()[manifest.migrations.length - 1] ?? 'an empty schema';
    return { manifest, movedAside, schema, describe: installation.describe };
  } finally {
    await installation.close();
  }
}
