import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { partnerIdParamSchema, partnerListQuerySchema, partnerSchema } from '#shared/schemas/partners';
import { partnerDirectoryRoutes } from './directory-routes';
import { createPartner, getPartner, listPartners, listZones, updatePartner } from './service';

/**
 * /api/partners: the partner directory (SPEC.md section 2 "Partners", D9). Everyone with the
 * partners permission may read, add and edit partners (docs/decisions/0021). Issue 20's directory
 * routes come first: '/tags' and '/export.csv' are not partner ids.
 */
export function partnersRoutes() {
  return new Hono<AppEnv>()
    .use(requireFeature('partners'))
    .route('/', partnerDirectoryRoutes())
    .get('/', validate('query', partnerListQuerySchema), async (c) =>
      c.json(await listPartners(c.var.deps.database.db, c.req.valid('query')), 200),
    )
    .get('/zones', async (c) => c.json({ zones: await listZones(c.var.deps.database.db) }))
    .post('/', validate('json', partnerSchema), async (c) =>
      c.json({ partner: await createPartner(contextOf(c), c.req.valid('json')) }, 201),
    )
    .get('/:id', validate('param', partnerIdParamSchema), async (c) => {
      const partner = await getPartner(c.var.deps.database.db, c.req.valid('param').id);
      if (!partner) refuse(404, 'Partner not found');
      return c.json({ partner }, 200);
    })
    .put('/:id', validate('param', partnerIdParamSchema), validate('json', partnerSchema), async (c) =>
      c.json({ partner: await updatePartner(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    );
}
