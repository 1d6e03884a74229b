/**
 * `npm run export -- [--out FILE]`: the complete export (every entity as JSON and CSV, the shared
 * drive's files, a README; docs/decisions/0128), the same archive as Admin > Export all data.
 * Reads the server's settings (DATA_DIR, DATABASE_URL, S3_*). On the embedded database, stop the
 * portal first or export from the admin area: only one process may open it.
 */
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { loadConfig } from '../src/server/env';
import { exportFileName } from '../src/server/features/export/export';
import { OpsError, parseCliArgs, runCli } from '../src/server/ops/cli';
import { exportToFile, terminalProgress } from '../src/server/ops/export';
import { hasEmbeddedDatabase, openInstallation } from '../src/server/ops/open-installation';

runCli('npm run export -- [--out FILE]', async () => {
  const { values } = parseCliArgs({ options: { out: { type: 'string' } } });
  const now = new Date();
  // Named by this machine's day, as the admin screen names it by the browser's.
  const out = values.out ?? exportFileName(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
  const config = loadConfig();
  if (!config.DATABASE_URL && !hasEmbeddedDatabase(config.DATA_DIR)) {
    throw new OpsError(`There is no portal database in ${config.DATA_DIR} to export (check DATA_DIR).`);
  }
  const installation = await openInstallation(config).catch((err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new OpsError(
      `${err.message}\nThe portal is running on this embedded database: export from the admin area ` +
        '(User Management > Export all data), or stop the portal and run this again.',
    );
  });
  const progress = terminalProgress();
  try {
    const summary = await exportToFile(installation, out, progress.report, now);
    progress.done();
    process.stdout.write(
      `Export written to ${out}: ${summary.rows} rows in ${summary.entities.length} data files, ${summary.files} stored files.\n`,
    );
  } finally {
    await installation.close();
  }
});
