/**
 * `npm run backup -- --out FILE`: one archive with a consistent snapshot of the database and
 * the stored files, taken while the portal runs (docs/deployment.md, docs/decisions/0080).
 * Reads the server's settings (DATA_DIR, DATABASE_URL, S3_*).
 */
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { loadConfig } from '../src/server/env';
import { BackupError, createBackup, describeManifest } from '../src/server/ops/backup';
import { requestBackup } from '../src/server/ops/backup-socket';
import { parseCliArgs, runCli, UsageError } from '../src/server/ops/cli';
import { hasEmbeddedDatabase, openInstallation } from '../src/server/ops/open-installation';

runCli('npm run backup -- --out FILE', async () => {
  const { values } = parseCliArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new UsageError('--out FILE is required: where to write the backup archive.');
  const config = loadConfig();
  if (!config.DATABASE_URL && !hasEmbeddedDatabase(config.DATA_DIR)) {
    throw new BackupError(`There is no portal database in ${config.DATA_DIR} to back up (check DATA_DIR).`);
  }
  let summary: string;
  try {
    const installation = await openInstallation(config);
    try {
      summary = describeManifest((await createBackup(installation, values.out)).manifest);
    } finally {
      await installation.close();
    }
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // The portal is running on the embedded database: it makes the backup for us.
    summary = await requestBackup(config.DATA_DIR, values.out);
  }
  process.stdout.write(`Backup written to ${values.out}: ${summary}.\n`);
});
