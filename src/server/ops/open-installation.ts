import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { openDatabase, type Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import type { Config } from '../env';
import { LOG_SERIALIZERS } from '../logger';
import { databaseTarget } from '../server';
import { createStorage, type Storage } from '../storage';
import { describePostgres } from './cli';

export interface OpenedInstallation {
  database: Database;
  storage: Storage;
  describe: string;
  close(): Promise<void>;
}

export const quietLogger = pino({ level: 'warn', serializers: LOG_SERIALIZERS });

/** True when DATA_DIR holds an embedded database (its directory exists and is not empty). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  const dir = path.join(dataDir, 'db');
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * The database and file store the server would use with this configuration. For the embedded
 * database the DATA_DIR lock is taken first (it throws DataDirLockedError while a server runs).
 */
export async function openInstallation(config: Config): Promise<OpenedInstallation> {
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase(databaseTarget(config), quietLogger);
    const storage = await createStorage(config);
    return {
      database,
      storage,
      describe: config.DATABASE_URL
        ? describePostgres(config.DATABASE_URL)
        : `the embedded database in ${config.DATA_DIR}`,
      async close() {
        await storage.close();
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
