import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { validate } from '#server/http/validate';
import { dashboardQuerySchema } from '#shared/schemas/dashboard';
import { dashboardSummary, resolveTimeZone } from './service';
import type { DashboardSources } from './sources';

/**
 * /api/dashboard: the dashboard's figures and lists, each from the feature that owns it
 * (sources.ts). Gifts are added through /api/giving.
 */
export function dashboardRoutes(sources: DashboardSources) {
  return new Hono<AppEnv>()
    .use(requireFeature('dashboard'))
    .get('/summary', validate('query', dashboardQuerySchema), async (c) => {
      const { deps } = c.var;
      const timeZone = resolveTimeZone(c.req.valid('query').tz);
      return c.json(await dashboardSummary(sources, deps.database.db, deps.logger, { now: new Date(), timeZone }), 200);
    });
}
