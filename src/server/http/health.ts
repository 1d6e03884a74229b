import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from './app-env';

/** How long the readiness check waits for the database before calling it unreachable. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * GET /api/health: liveness. 200 while the process serves requests, whatever the database
 * does, so a supervisor does not restart a healthy process during a database outage
 * (docs/decisions/0084).
 */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok', database: c.get('deps').database.kind }));
}

/**
 * GET /api/ready: readiness. 200 when the database answers a trivial query within
 * READY_TIMEOUT_MS, else 503 with a readable reason: a load balancer stops sending people here.
 */
export function readinessRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { database, logger } = c.get('deps');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      return c.json({ status: 'ready', database: database.kind });
    } catch (err) {
      logger.warn({ err }, 'readiness check: database unreachable');
      return c.json(
        {
          status: 'unavailable',
          database: database.kind,
          // drizzle wraps the driver's error in "Failed query: ..."; the driver's says what happened.
          error: `The database does not answer (${readableReason(err)}).`,
        },
        503,
      );
    } finally {
      clearTimeout(timer);
    }
  });
}

function readableReason(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err);
  return message.trim() || 'no reason given';
}
