/**
 * An S3-compatible server running inside the test process (s3rver, on a temporary directory),
 * for the storage contract tests and integration tests that run on S3.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '#server/env';

export const TEST_BUCKET = 'portal-test';

export async function startS3Server() {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    /** The S3_* environment that selects this server. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
