import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { validate } from '#server/http/validate';
import { dashboardQuerySchema } from '#shared/schemas/dashboard';
import { dashboardSummary, resolveTimeZone } from './service';
import type { DashboardSources } from './sources';
import { cachePerDatabase, changePosition } from '#server/service/change-cache';

/**
 * /api/dashboard: the dashboard's figures and lists, each from the feature that owns it
 * (sources.ts). Gifts are added through /api/giving.
 */
export function dashboardRoutes(sources: DashboardSources) {
  // The summary per time zone, kept until the change record moves (decision 0108).
  const cacheOf = cachePerDatabase<Summary>();
  return new Hono<AppEnv>()
    .use(requireFeature('dashboard'))
    .get('/summary', validate('query', dashboardQuerySchema), async (c) => {
      const { deps } = c.var;
      const timeZone = resolveTimeZone(c.req.valid('query').tz);
      const summary = await cacheOf(deps.database).get(
        timeZone,
        await changePosition(deps.database.db),
        () => dashboardSummary(sources, deps.database.db, deps.logger, { now: new Date(), timeZone }),
        complete,
      );
      return c.json(summary, 200);
    });
}

type Summary = Awaited<ReturnType<typeof dashboardSummary>>;

/** A section that failed is null (service.ts): such a summary is served once, not kept. */
const complete = (summary: Summary) =>
  [
    summary.giving,
    summary.activePartners,
    summary.pendingTasks,
    summary.upcomingEvents,
    summary.recentActivity,
    summary.upcomingTasks,
  ].every((section) => section !== null);
