import { mkdtemp, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import type { Config } from '../env';
import { createStorage, type Storage } from '../storage';
import { DiskStorage } from '../storage/disk-storage';
import { describeManifest } from './backup';
import { describePostgres, OpsError, redactUrl } from './cli';
import { dumpDatabase } from './dump';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Manifest } from './manifest';
import { copyObjectsOut } from './objects';
import { hasEmbeddedDatabase, quietLogger } from './open-installation';
import { restoreStaged } from './restore';

export interface MoveOptions {
  config: Config;
  databaseUrl: string;
  /** Also copy the stored files to the S3 bucket of the S3_* settings. */
  s3: boolean;
}

export interface MoveResult {
  summary: string;
  /** The settings to start the portal on its new home, secrets left out. */
  settings: string[];
}

/**
 * Copies an embedded installation (stopped) into an empty PostgreSQL database, and with `s3`
 * its files into the S3 bucket: the same dump and load as a backup and restore, without the
 * archive in between, verified table by table and file by file (docs/decisions/0083).
 */
export async function moveToPostgres({ config, databaseUrl, s3 }: MoveOptions): Promise<MoveResult> {
  if (config.DATABASE_URL) {
    throw new OpsError(
      'DATABASE_URL is set: this installation already runs on PostgreSQL. Unset it to move the embedded database in DATA_DIR.',
    );
  }
  if (s3 && !config.S3) {
    throw new OpsError(
      '--s3 needs the S3 settings of the bucket to copy the files to: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS).',
    );
  }
  let release: () => void;
  try {
    release = lockDataDir(config.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new OpsError(
        `${err.message.split('. ')[0]}. Stop the portal before moving it: its data must not change during the move.`,
      );
    }
    throw err;
  }
  const opened: { close(): Promise<void> }[] = [];
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-move-'));
  try {
    if (!hasEmbeddedDatabase(config.DATA_DIR)) {
      throw new OpsError(`There is no embedded portal database in ${config.DATA_DIR} to move (check DATA_DIR).`);
    }
    const source = await openDatabase({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') }, quietLogger);
    opened.push(source);
    const target = await openTarget(databaseUrl);
    opened.push(target);
    // With --s3 the files leave DATA_DIR/storage for the bucket; without it they stay in the
    // store the installation uses now, which the new settings keep pointing at.
    const sourceStorage: Storage = s3
      ? new DiskStorage(path.join(config.DATA_DIR, 'storage'))
      : await createStorage(config);
    const targetStorage = s3 ? await createStorage(config) : sourceStorage;
    await targetStorage.check();

    const dump = await dumpDatabase(source.db, staging);
    const { objects, missing } = await copyObjectsOut(sourceStorage, dump.objectKeys, staging);
    if (missing.length > 0) {
      throw new OpsError(
        `The database refers to stored files that are missing: ${missing.join(', ')}. Nothing was moved.`,
      );
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: 'pglite',
      migrations: dump.migrations,
      tables: dump.tables,
      // Files that stay in their store are not copied (they were read above, so they are there).
      objects: s3 ? objects : [],
    };
    await restoreStaged(staging, manifest, {
      database: target,
      storage: targetStorage,
      describe: describePostgres(databaseUrl),
    });

    const settings = [`DATABASE_URL=${redactUrl(databaseUrl)}`];
    if (s3) {
      const { S3 } = config;
      if (S3!.endpoint) settings.push(`S3_ENDPOINT=${S3!.endpoint}`);
      settings.push(
        `S3_BUCKET=${S3!.bucket}`,
        `S3_REGION=${S3!.region}`,
        `S3_FORCE_PATH_STYLE=${S3!.forcePathStyle}`,
        'S3_ACCESS_KEY_ID=(the same key as for this move)',
        'S3_SECRET_ACCESS_KEY=(the same secret as for this move)',
      );
    } else if (!config.S3) {
      settings.push(`DATA_DIR=${config.DATA_DIR}   (the files stay in ${path.join(config.DATA_DIR, 'storage')})`);
    }
    return {
      summary: `${describeManifest({ ...manifest, objects })}; ${s3 ? `${objects.length} files copied to the S3 bucket ${config.S3!.bucket}` : 'files left where they are'}`,
      settings,
    };
  } finally {
    for (const handle of opened.reverse()) await handle.close();
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

async function openTarget(url: string): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url }, quietLogger);
  try {
    await database.db.execute(sql`select 1`);
  } catch (err) {
    await database.close();
    throw new OpsError(
      `Could not connect to ${describePostgres(url)} (${(err as Error).message}). Check --database-url; the database must exist (createdb) and be empty.`,
    );
  }
  return database;
}
