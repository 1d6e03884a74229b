import path from 'node:path';
import type { Config } from '../env';
import { DiskStorage } from './disk-storage';
import type { Storage } from './storage';

export * from './storage';

/**
 * S3 when the S3_* settings are given, else DATA_DIR/storage. The AWS SDK is loaded only when
 * S3 is used, so installations on local disk do not pay for it at start-up.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.S3) return new DiskStorage(path.join(config.DATA_DIR, 'storage'));
  const { S3Storage } = await import('./s3-storage');
  return new S3Storage(config.S3);
}
