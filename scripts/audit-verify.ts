/**
 * `npm run audit:verify`: checks the audit log's hash chain (issue 17, docs/decisions/0102)
 * and names the first entry that was altered or removed. Reads the server's settings
 * (DATA_DIR, DATABASE_URL). On the embedded database, stop the portal first (or check a
 * restored backup): only one process may open it.
 */
import { loadConfig } from '../src/server/env';
import { OpsError, runCli } from '../src/server/ops/cli';
import { verifyAuditChain } from '../src/server/ops/audit-verify';
import { hasEmbeddedDatabase, openInstallation } from '../src/server/ops/open-installation';
import { runMigrations } from '../src/server/db/migrate';

runCli('npm run audit:verify', async () => {
  const config = loadConfig();
  if (!config.DATABASE_URL && !hasEmbeddedDatabase(config.DATA_DIR)) {
    throw new OpsError(`There is no portal database in ${config.DATA_DIR} to check (check DATA_DIR).`);
  }
  const installation = await openInstallation(config);
  try {
    // An installation not yet started on this release has no chain to check until migrated.
    await runMigrations(installation.database);
    const { entries, startsAt, broken } = await verifyAuditChain(installation.database.db);
    if (broken) {
      throw new OpsError(
        `The audit log has been tampered with: entry ${broken.seq} (id ${broken.id}): ${broken.reason}. ` +
          `The ${entries} entries before it are intact.`,
      );
    }
    // Entries older than the retention setting may have been removed on purpose (decision 0103).
    const from = startsAt === null ? '' : `, from entry ${startsAt} (older ones removed under the retention setting)`;
    process.stdout.write(`The audit log is intact: ${entries} entries${from} in ${installation.describe}.\n`);
  } finally {
    await installation.close();
  }
});
