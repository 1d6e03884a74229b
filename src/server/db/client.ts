import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { CONNECT_TIMEOUT_MS, createPgListener } from './pg-listener';
import { EMBEDDED_BACKGROUND_ROWS, EMBEDDED_PIECE_MS } from './background-work';
import { openPgliteDataDir } from './pglite-open';
import type { PgliteThread } from './pglite-thread';
import type { Logger } from '../logger';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type NotificationHandler = (payload: string) => void;

/**
 * The database as the rest of the server sees it: one drizzle instance and one notification
 * channel API, whichever engine sits behind it.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Subscribes to a LISTEN/NOTIFY channel; resolves once listening. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs SQL once with an advisory lock held (PostgreSQL) or directly (PGlite). */
  withMigrationLock<T>(run: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Set where each statement holds up everyone (the embedded database's one connection): the
   * rows a statement or transaction of background work should touch at most (imports, the
   * export). Unset on PostgreSQL, where each job reads and writes in its own sizes.
   */
  backgroundRows?: number;
  /**
   * Set with `backgroundRows`: how long a piece of background work (an import's write
   * transaction) should take there; pieces are sized to it, at most `backgroundRows` rows
   * (decision 0144).
   */
  backgroundPieceMs?: number;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | 'memory';
      /**
       * A prepared data directory (pglite-template.ts) to copy when `dataDir` is new, instead
       * of running initdb. It already holds the schema: only for callers that run the
       * migrations right after opening (the server does); without it a new directory is
       * empty, as a restore needs it.
       */
      template?: string;
      /**
       * For 'memory' only: a dumped data directory (PGlite's dumpDataDir) to start from instead
       * of running initdb. The integration tests start each in-memory database from one that
       * already holds the schema (test-support/vitest/database-images.ts).
       */
      image?: Blob;
      /**
       * The thread on `dataDir`, already opening (pglite-open.ts `startEmbedded`, which the
       * entry point calls before loading the rest of the server): used instead of opening one.
       */
      thread?: Promise<PgliteThread>;
    }
  | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget, logger: Logger): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target, logger) : openPostgres(target.url, logger);
}

async function openPglite(target: Extract<DatabaseTarget, { kind: 'pglite' }>, logger: Logger): Promise<Database> {
  const client = await (target.thread ?? openPgliteDataDir(target.dataDir, target.template, target.image, logger));
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    backgroundRows: EMBEDDED_BACKGROUND_ROWS,
    backgroundPieceMs: EMBEDDED_PIECE_MS,
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    withMigrationLock: (run) => run(db),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

// Any fixed number; it only has to be the same for every instance of this application.
const MIGRATION_LOCK_KEY = 7_243_901;

async function openPostgres(url: string, logger: Logger): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A request fails within this while PostgreSQL is unreachable (decision 0072).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a connection that died silently (a restarted firewall or NAT) on idle sockets.
    keepAlive: true,
    // Statements a transaction sends together (a change's record and its notifications' reads,
    // service/context.ts) go out without waiting for one another; nothing here keeps a portal
    // open across round trips (no cursors), which pipeline mode refuses (decision 0143).
    pipeline: true,
  });
  // A pool client that errors while idle must not crash the process; the pool replaces it.
  pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL client failed'));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = createPgListener(url, logger);
  return {
    kind: 'postgres',
    db,
    listen: (channel, handler) => listener.listen(channel, handler),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async withMigrationLock(run) {
      // Several instances may start together: only one applies migrations at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await run(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
