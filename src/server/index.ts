/**
 * Entry point: `npm start` runs it compiled (dist/server/index.js, scripts/build-server.mjs),
 * `npm run dev` from source with tsx. Reads configuration, starts the server, prints the
 * generated admin password once (D5), and stops cleanly on SIGTERM or SIGINT. It imports little
 * itself: the server (./server) is imported once the embedded database has started opening.
 */
import path from 'node:path';
import { APP_ROOT } from './app-root';
import { ConfigError, loadConfig } from './env';
import { DataDirLockedError } from './db/data-dir-lock';
import { UnknownMigrationError } from './db/migrate';
import { startEmbedded, type EmbeddedStart } from './db/pglite-open';
import { createLogger } from './logger';

const CLIENT_DIR = path.join(APP_ROOT, 'dist/client');
const FORCED_EXIT_AFTER_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);

  let server;
  try {
    // The embedded database is locked and starts opening on its own thread first; the rest of
    // the server's code (most of it) loads meanwhile, instead of before (decision 0151).
    let embedded: EmbeddedStart | undefined;
    if (!config.DATABASE_URL) embedded = startEmbedded(config.DATA_DIR, logger);
    const { startServer } = await import('./server');
    server = await startServer(config, logger, CLIENT_DIR, embedded);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof UnknownMigrationError) {
      logger.fatal(err.message);
      process.stderr.write(`\n${err.message}\n\n`);
      process.exit(1);
    }
    throw err;
  }

  if (server.admin?.generatedPassword) {
    // Shown once, on purpose outside the JSON log so a person starting the portal sees it.
    process.stdout.write(
      [
        '',
        '================================================================',
        '  First start: an administrator account was created.',
        `  Email:    ${server.admin.email}`,
        `  Password: ${server.admin.generatedPassword}`,
        '  Sign in and change this password under Settings > Security.',
        '  It will not be shown again.',
        '================================================================',
        '',
      ].join('\n') + '\n',
    );
  } else if (server.admin) {
    logger.info({ email: server.admin.email }, 'created the first administrator from ADMIN_EMAIL');
  }
  logger.info(
    { url: server.url, database: config.DATABASE_URL ? 'postgres' : 'pglite', dataDir: config.DATA_DIR },
    'portal is listening',
  );

  const stop = (signal: string) => {
    logger.info({ signal }, 'stopping');
    setTimeout(() => process.exit(1), FORCED_EXIT_AFTER_MS).unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'unclean stop');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`The portal could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
