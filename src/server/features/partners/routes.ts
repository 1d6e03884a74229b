import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requireFeature } from '../../http/require';
import { contextOf } from '../../http/service-context';
import { validate } from '../../http/validate';
import { partnerIdParamSchema, partnerListQuerySchema, partnerSchema } from '../../../shared/schemas/partners';
import {
  createPartner,
  getPartner,
  InvalidCursorError,
  listPartnerDonations,
  listPartners,
  listZones,
  updatePartner,
} from './service';

/**
 * /api/partners: the partner directory (SPEC.md section 2 "Partners", D9). Everyone with the
 * partners permission may read, add and edit partners (docs/decisions/0021).
 */
export function partnersRoutes() {
  return new Hono<AppEnv>()
    .use(requireFeature('partners'))
    .get('/', validate('query', partnerListQuerySchema), async (c) => {
      try {
        return c.json(await listPartners(c.var.deps.database.db, c.req.valid('query')));
      } catch (err) {
        if (err instanceof InvalidCursorError) return c.json({ error: err.message }, 400);
        throw err;
      }
    })
    .get('/zones', async (c) => c.json({ zones: await listZones(c.var.deps.database.db) }))
    .post('/', validate('json', partnerSchema), async (c) =>
      c.json({ partner: await createPartner(contextOf(c), c.req.valid('json')) }, 201),
    )
    .get('/:id', validate('param', partnerIdParamSchema), async (c) => {
      const partner = await getPartner(c.var.deps.database.db, c.req.valid('param').id);
      if (!partner) return c.json({ error: 'Partner not found' }, 404);
      return c.json({ partner }, 200);
    })
    .put('/:id', validate('param', partnerIdParamSchema), validate('json', partnerSchema), async (c) =>
      c.json({ partner: await updatePartner(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .get('/:id/donations', validate('param', partnerIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.deps.database.db;
      if (!(await getPartner(db, id))) return c.json({ error: 'Partner not found' }, 404);
      return c.json(await listPartnerDonations(db, id), 200);
    });
}
