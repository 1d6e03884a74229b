/**
 * `npm run rollback`: lists the snapshots the portal took before applying migrations
 * (DATA_DIR/snapshots), and `npm run rollback -- N` restores the N-th after a confirmation:
 * the database goes back to that schema, for the release of the portal that ran it. Stop the
 * portal first. Nothing is deleted: the embedded database and local files are moved aside;
 * on PostgreSQL, point DATABASE_URL at an empty database (docs/deployment.md, decision 0106).
 */
import { createInterface } from 'node:readline/promises';
import { describeManifest } from '../src/server/ops/backup';
import { loadConfig } from '../src/server/env';
import { parseCliArgs, runCli, UsageError } from '../src/server/ops/cli';
import { rollback } from '../src/server/ops/rollback';
import { listSnapshots } from '../src/server/ops/upgrade-snapshot';

runCli('npm run rollback [-- N [--yes]]', async () => {
  const { values, positionals } = parseCliArgs({ options: { yes: { type: 'boolean' } }, allowPositionals: true });
  const config = loadConfig();
  const snapshots = await listSnapshots(config.DATA_DIR);
  if (snapshots.length === 0) {
    process.stdout.write(`There are no snapshots in ${config.DATA_DIR}/snapshots: none was taken before an upgrade.\n`);
    return;
  }
  if (positionals.length === 0) {
    process.stdout.write('Snapshots taken before upgrades, newest first:\n');
    snapshots.forEach((s, i) =>
      process.stdout.write(`  ${i + 1}. schema ${s.schema}, taken ${s.takenAt} (${s.file})\n`),
    );
    process.stdout.write('Stop the portal, then restore one with `npm run rollback -- N`.\n');
    return;
  }
  const chosen = snapshots[Number(positionals[0]) - 1];
  if (positionals.length > 1 || !chosen)
    throw new UsageError(`Give the number of one snapshot, from 1 to ${snapshots.length}.`);
  const where = config.DATABASE_URL
    ? 'The PostgreSQL database in DATABASE_URL must be empty (create a new one for this): the current one stays as it is.'
    : `The current database and files are moved to ${config.DATA_DIR}/rolled-back-<time> first; nothing is deleted.`;
  process.stdout.write(`Restore the snapshot of schema ${chosen.schema}, taken ${chosen.takenAt}?\n${where}\n`);
  if (!values.yes) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await prompt.question('Type yes to go on: ');
    prompt.close();
    if (answer.trim().toLowerCase() !== 'yes') {
      process.stdout.write('Nothing was changed.\n');
      return;
    }
  }
  const result = await rollback(config, chosen.file);
  process.stdout.write(
    `Restored ${chosen.file} into ${result.describe}: ${describeManifest(result.manifest)}; every table and file matches the snapshot.\n` +
      (result.movedAside ? `The data found before is in ${result.movedAside}.\n` : '') +
      `The database is at schema ${result.schema}: start the release of the portal whose newest migration is ` +
      `drizzle/${result.schema}.sql, the one that ran before the upgrade. A newer release would upgrade it again.\n`,
  );
});
