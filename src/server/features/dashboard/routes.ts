import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../http/app-env';
import { requireFeature } from '../../http/require';
import { contextOf } from '../../http/service-context';
import { validate } from '../../http/validate';
import { dashboardQuerySchema, donationSchema, partnerOptionsQuerySchema } from '../../../shared/schemas/dashboard';
import { addDonation, dashboardSummary, partnerOptions, resolveTimeZone } from './service';

/** Only admins record gifts (SPEC.md section 6, D4); checked before the body is even read. */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.access?.role !== 'admin') return c.json({ error: 'You do not have permission to do this.' }, 403);
  await next();
});

/** /api/dashboard: the dashboard's figures and lists, and adding a donation (admins). */
export function dashboardRoutes() {
  return new Hono<AppEnv>()
    .use(requireFeature('dashboard'))
    .get('/summary', validate('query', dashboardQuerySchema), async (c) => {
      const { deps } = c.var;
      const timeZone = resolveTimeZone(c.req.valid('query').tz);
      return c.json(await dashboardSummary(deps.database.db, deps.logger, { now: new Date(), timeZone }), 200);
    })
    .get('/partner-options', requireAdmin, validate('query', partnerOptionsQuerySchema), async (c) => {
      return c.json({ partners: await partnerOptions(c.var.deps.database.db, c.req.valid('query').q) }, 200);
    })
    .post('/donations', requireAdmin, validate('json', donationSchema), async (c) =>
      c.json({ donation: await addDonation(contextOf(c), c.req.valid('json')) }, 201),
    );
}
