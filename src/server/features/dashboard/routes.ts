import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { validate } from '#server/http/validate';
import { dashboardQuerySchema } from '#shared/schemas/dashboard';
import { dashboardSummary, resolveTimeZone, summaryFor, type Summary } from './service';
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
      // Kept for everyone in the zone; each reader is given what their permissions allow.
      return c.json(summaryFor(summary, c.var.access!.permissions.giving), 200);
    });
}

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
