import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Storage } from '../storage';
import { streamToFile } from '../storage/stream-to-file';
import { BackupError, createBackup, describeManifest } from './backup';

/**
 * The embedded database is single-process: while the server runs, `npm run backup` cannot open
 * it. The server therefore answers backup requests on a Unix socket in DATA_DIR, readable only
 * by its owner, who can read DATA_DIR anyway (docs/decisions/0081).
 */
export function backupSocketPath(dataDir: string) {
  return path.join(dataDir, 'backup.sock');
}

const SUMMARY_HEADER = 'x-portal-backup-summary';

/** Starts answering `POST /backup` on DATA_DIR/backup.sock with a fresh archive. */
export async function serveBackups(
  deps: { database: Database; storage: Storage; logger: Logger },
  dataDir: string,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /backup');
      return;
    }
    void answerBackup(deps, dataDir, res);
  });
  // We hold the DATA_DIR lock, so a socket file left here is a crashed predecessor's.
  await rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

async function answerBackup(
  deps: { database: Database; storage: Storage; logger: Logger },
  dataDir: string,
  res: http.ServerResponse,
) {
  const work = await mkdtemp(path.join(dataDir, '.backup-'));
  try {
    const file = path.join(work, 'backup.tar.gz');
    const { manifest } = await createBackup(deps, file);
    res.writeHead(200, { 'content-type': 'application/gzip', [SUMMARY_HEADER]: describeManifest(manifest) });
    await pipeline(createReadStream(file), res);
    deps.logger.info({ summary: describeManifest(manifest) }, 'backup sent');
  } catch (err) {
    deps.logger.error({ err }, 'backup failed');
    const message = err instanceof BackupError ? err.message : `The backup failed: ${(err as Error).message}`;
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
    else res.destroy();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Asks the running server for a backup and writes it to `out`; returns the summary line. */
export async function requestBackup(dataDir: string, out: string): Promise<string> {
  const file = path.resolve(out);
  const partial = `${file}.partial`;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request({ socketPath: backupSocketPath(dataDir), path: '/backup', method: 'POST' }, resolve);
    req.once('error', (err) =>
      reject(
        new BackupError(
          `The portal holds ${dataDir} but does not answer on ${backupSocketPath(dataDir)} (${err.message}). ` +
            'Is it an older version? Stop it and run the backup again.',
        ),
      ),
    );
    req.end();
  });
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    throw new BackupError(text || `The running portal refused the backup (${response.statusCode}).`);
  }
  try {
    await streamToFile(partial, response);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return String(response.headers[SUMMARY_HEADER] ?? '');
}
