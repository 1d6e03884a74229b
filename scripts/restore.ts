/**
 * `npm run restore -- FILE`: brings a backup archive back into an empty DATA_DIR (embedded
 * database) or an empty PostgreSQL database (DATABASE_URL), with its files into DATA_DIR/storage
 * or the S3 bucket, as configured for the server. Verifies every table and file.
 */
import { describeManifest } from '../src/server/ops/backup';
import { loadConfig } from '../src/server/env';
import { parseCliArgs, runCli, UsageError } from '../src/server/ops/cli';
import { openInstallation } from '../src/server/ops/open-installation';
import { restoreBackup } from '../src/server/ops/restore';

runCli('npm run restore -- FILE', async () => {
  const { positionals } = parseCliArgs({ options: {}, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('Give exactly one backup archive to restore.');
  const archive = positionals[0]!;
  const config = loadConfig();
  const installation = await openInstallation(config);
  try {
    await installation.storage.check();
    const manifest = await restoreBackup(archive, installation);
    process.stdout.write(
      `Restored ${archive} (taken ${manifest.createdAt}) into ${installation.describe}, files into ` +
        `${installation.storage.kind === 's3' ? `the S3 bucket ${config.S3!.bucket}` : `${config.DATA_DIR}/storage`}: ` +
        `${describeManifest(manifest)}; every table and file matches the backup.\n`,
    );
  } finally {
    await installation.close();
  }
});
