/**
 * `npm run move-to-postgres -- --database-url URL [--s3]`: copies a stopped embedded
 * installation (DATA_DIR) into an empty PostgreSQL database, and with --s3 its files into the
 * S3 bucket of the S3_* settings; verifies every table and file; prints the settings to start
 * the portal on its new home.
 */
import { loadConfig } from '../src/server/env';
import { parseCliArgs, runCli, UsageError } from '../src/server/ops/cli';
import { moveToPostgres } from '../src/server/ops/move';

runCli('npm run move-to-postgres -- --database-url postgres://user@host:5432/portal [--s3]', async () => {
  const { values } = parseCliArgs({ options: { 'database-url': { type: 'string' }, s3: { type: 'boolean' } } });
  const databaseUrl = values['database-url'];
  if (!databaseUrl) throw new UsageError('--database-url is required: the empty PostgreSQL database to move to.');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError('--database-url must start with postgres:// or postgresql://');
  // The source is the embedded database in DATA_DIR; a DATABASE_URL in the environment is refused below.
  const config = loadConfig();
  const result = await moveToPostgres({ config, databaseUrl, s3: values.s3 ?? false });
  process.stdout.write(
    `Moved ${config.DATA_DIR} to PostgreSQL: ${result.summary}. Every table${values.s3 ? ' and file' : ''} matches the original.\n` +
      `The embedded database in ${config.DATA_DIR} is left as it was.\n\n` +
      `Start the portal on its new home with these settings (and your other settings unchanged):\n\n` +
      result.settings.map((line) => `  ${line}`).join('\n') +
      '\n',
  );
});
