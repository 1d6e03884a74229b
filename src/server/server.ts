import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { bootstrapFirstAdmin, type BootstrappedAdmin } from './bootstrap-admin';
import { openDatabase, type DatabaseTarget } from './db/client';
import { embeddedDatabaseDir, startEmbedded, type EmbeddedStart } from './db/pglite-open';
import { createDeps, disposeDeps } from './deps';
import type { Config } from './env';
import { listen } from './http/listen';
import type { Logger } from './logger';
import { sweepOrphanObjectsLogged } from './storage/orphan-sweep';
import { serveBackups } from './ops/backup-socket';
import { startCheckpoints } from './db/wal-checkpoints';

/** How long requests in flight may take to finish once the server is asked to stop. */
const IN_FLIGHT_GRACE_MS = 5_000;
/** Objects left behind by a crash are removed at start and then this often (decision 0071). */
const ORPHAN_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface RunningServer {
  url: string;
  port: number;
  admin?: BootstrappedAdmin;
  close(): Promise<void>;
}

export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: embeddedDatabaseDir(config.DATA_DIR) };
}

/**
 * Opens (and for PGlite locks) the database, migrates, bootstraps, then listens. `started` is
 * the embedded database already locked and opening (index.ts starts it first, decision 0151);
 * without it, this starts it the same way.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  clientDir: string,
  started?: EmbeddedStart,
): Promise<RunningServer> {
  // PGlite is single-process; PostgreSQL is shared on purpose, so only PGlite takes the lock.
  // A new data directory starts as a copy of the prepared one; createDeps migrates next.
  const embedded = config.DATABASE_URL ? undefined : (started ?? startEmbedded(config.DATA_DIR, logger));
  const releaseLock = embedded?.releaseLock ?? (() => {});
  try {
    const target = databaseTarget(config);
    const database = await openDatabase(
      target.kind === 'pglite' && embedded ? { ...target, thread: embedded.thread } : target,
      logger,
    );
    const deps = await createDeps(config, database, logger);
    // Under the migration lock: instances starting together on an empty PostgreSQL database
    // would otherwise both see no user, and the second would crash on the duplicate email.
    const admin = await database.withMigrationLock((db) =>
      bootstrapFirstAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }),
    );
    const app = createApp(deps, { clientDir });
    // `npm run backup` cannot open the embedded database while we hold it: it asks us instead.
    const stopBackups = config.DATABASE_URL
      ? async () => {}
      : await serveBackups(deps, config.DATA_DIR).catch((err: unknown) => {
          // e.g. a DATA_DIR path too long for a Unix socket: serving people matters more.
          logger.warn({ err }, 'backups while running are unavailable: `npm run backup` needs the portal stopped');
          return async () => {};
        });

    const server = await listen(app.fetch, { port: config.PORT, hostname: config.HOST });
    const port = (server.address() as AddressInfo).port;

    // In the background: a large store must not delay start-up, and a failed sweep only waits.
    const sweep = () => void sweepOrphanObjectsLogged(deps.database.db, deps.storage, logger);
    sweep();
    const sweeper = setInterval(sweep, ORPHAN_SWEEP_EVERY_MS);
    sweeper.unref();
    // The embedded database has no checkpointer of its own (decision 0166).
    const stopCheckpoints = startCheckpoints(deps.database, logger);

    deps.mail.start();
    deps.notices.start();
    deps.jobs.start();
    if (deps.mail.enabled) logger.info({ from: config.MAIL_FROM }, 'email: sending through SMTP_URL');
    else
      logger.warn(
        'email is off (SMTP_URL is not set): emails wait in the outbox, where admins read them under Admin > Email',
      );

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        // Stop accepting connections and refuse new requests on kept-alive ones (a browser's
        // EventSource reconnects at once over the same socket); requests in flight finish,
        // within a grace period, after which the remaining sockets are closed.
        deps.lifecycle.stopping = true;
        clearInterval(sweeper);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const end of deps.streams) end();
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        const grace = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, IN_FLIGHT_GRACE_MS);
        await stopped;
        clearTimeout(grace);
        await stopBackups();
        await stopCheckpoints();
        await disposeDeps(deps);
        releaseLock();
      })());

    return { url: `http://localhost:${port}`, port, admin, close };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
