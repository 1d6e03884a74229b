import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from './app-env';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await c.var.deps.database.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: c.var.deps.database.kind });
    } catch (err) {
      c.var.deps.logger.warn({ err }, 'health check: database unreachable');
      return c.json({ status: 'unavailable', database: c.var.deps.database.kind }, 503);
    }
  });
}
