import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { partnerIdParamSchema } from '#shared/schemas/partners';
import { donationSchema, partnerOptionsQuerySchema } from '#shared/schemas/giving';
import { addDonation, listPartnerDonations, type PartnerDirectory } from './service';

/** Only admins record gifts (SPEC.md section 6, D4); checked before the body is even read. */
const requireAdmin = requireRole('admin');

/**
 * /api/giving: gifts. Adding one and its partner type-ahead belong to the dashboard's Monthly
 * Giving card (the dashboard feature, admins); a partner's gift list to the partner details
 * (the partners feature), as before the feature had its own home (docs/decisions/0023, 0098).
 */
export function givingRoutes(partners: PartnerDirectory) {
  return new Hono<AppEnv>()
    .get(
      '/partner-options',
      requireFeature('dashboard'),
      requireAdmin,
      validate('query', partnerOptionsQuerySchema),
      async (c) => c.json({ partners: await partners.options(c.var.deps.database.db, c.req.valid('query').q) }, 200),
    )
    .post('/donations', requireFeature('dashboard'), requireAdmin, validate('json', donationSchema), async (c) =>
      c.json({ donation: await addDonation(contextOf(c), partners, c.req.valid('json')) }, 201),
    )
    .get('/partners/:id/donations', requireFeature('partners'), validate('param', partnerIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.deps.database.db;
      if (!(await partners.exists(db, id))) refuse(404, 'Partner not found');
      return c.json(await listPartnerDonations(db, id), 200);
    });
}
