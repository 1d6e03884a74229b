import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { AppEnv } from './app-env';

/**
 * How long one answer from the database stands for. Load balancers and monitors may poll
 * health many times a second; one `select 1` per second per instance answers them all, and a
 * database that stops answering still shows as 503 within a second.
 */
export const HEALTH_FRESH_MS = 1000;

interface Probe {
  ok: boolean;
  at: number;
}

/** Asks the database at most once per HEALTH_FRESH_MS; concurrent callers share one query. */
function databaseProbe(database: Database, logger: Logger) {
  let last: Probe | undefined;
  let inFlight: Promise<Probe> | undefined;
  return (): Promise<Probe> | Probe => {
    if (last && performance.now() - last.at < HEALTH_FRESH_MS) return last;
    inFlight ??= database.db
      .execute(sql`select 1`)
      .then(
        () => true,
        (err: unknown) => {
          logger.warn({ err }, 'health check: database unreachable');
          return false;
        },
      )
      .then((ok) => {
        last = { ok, at: performance.now() };
        inFlight = undefined;
        return last;
      });
    return inFlight;
  };
}

/**
 * GET /api/health: 200 when the database answers, 503 when it does not. It needs no session,
 * so app.ts mounts it ahead of the session middleware.
 */
export function healthRoutes() {
  let probe: ReturnType<typeof databaseProbe> | undefined;
  let probedDatabase: Database | undefined;
  return new Hono<AppEnv>().get('/', async (c) => {
    const { database, logger } = c.var.deps;
    if (probedDatabase !== database) {
      probe = databaseProbe(database, logger);
      probedDatabase = database;
    }
    const { ok } = await probe!();
    return ok
      ? c.json({ status: 'ok', database: database.kind })
      : c.json({ status: 'unavailable', database: database.kind }, 503);
  });
}
