/**
 * "The same SQL, run directly through the driver": a service function is run once against a
 * drizzle instance whose logger records every statement it sends; the recorded statements are
 * then replayed on the raw driver (PGlite's query(), pg's pool.query()) without drizzle, Hono,
 * the session or JSON. That is the database's own limit for the request.
 */
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import * as schema from '../src/server/db/schema';
import type { Database, Db } from '../src/server/db/client';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface RawDriver {
  query(statement: Statement): Promise<unknown>;
  /** A drizzle instance on the same connection that records the statements it sends. */
  recording(): { db: Db; statements: Statement[] };
}

/** The raw client behind an opened Database (drizzle keeps it as $client). */
export function rawDriver(database: Database): RawDriver {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return {
    query: ({ text, params }) =>
      database.kind === 'pglite' ? (client as PGlite).query(text, params) : (client as pg.Pool).query(text, params),
    recording() {
      const statements: Statement[] = [];
      const logger = { logQuery: (text: string, params: unknown[]) => void statements.push({ text, params }) };
      const db =
        database.kind === 'pglite'
          ? (drizzlePglite({ client: client as PGlite, schema, logger }) as unknown as Db)
          : (drizzlePg({ client: client as pg.Pool, schema, logger }) as unknown as Db);
      return { db, statements };
    },
  };
}

/** Records what `run` sends, then returns a function replaying it (in parallel, as the service does). */
export async function captureStatements(driver: RawDriver, run: (db: Db) => Promise<unknown>) {
  const { db, statements } = driver.recording();
  await run(db);
  if (statements.length === 0) throw new Error('the service sent no statement');
  return {
    statements,
    replay: () => Promise.all(statements.map((s) => driver.query(s))),
  };
}
