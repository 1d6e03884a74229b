import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { cachePerDatabase, changePosition } from '#server/service/change-cache';
import { refuse } from '#server/service/errors';
import { partnerMergeSchema } from '#shared/schemas/partner-merge';
import {
  partnerIdParamSchema,
  partnerListQuerySchema,
  partnerSchema,
  partnersWithEmailQuerySchema,
  partnerUpdateSchema,
  type PartnerListQuery,
} from '#shared/schemas/partners';
import { mergePartners, type PartnerMergeMove } from './merge';
import { partnerDirectoryRoutes } from './directory-routes';
import { partnerRelationRoutes } from './relation-routes';
import { partnersWithEmail } from './same-email';
import { createPartner, getPartner, listPartners, listZones, updatePartner } from './service';
import type { PartnerRelations } from './timeline';

/**
 * /api/partners: the partner directory (SPEC.md section 2 "Partners", D9). Everyone with the
 * partners permission may read, add and edit partners (docs/decisions/0021); admins merge them
 * (issue 20), with what other features move given as `mergeMoves` (src/server/feature-wiring.ts).
 * Issue 20's directory routes come first: '/tags' and '/export.csv' are not partner ids.
 */
export function partnersRoutes({
  relations,
  mergeMoves,
}: {
  relations: PartnerRelations;
  mergeMoves: readonly PartnerMergeMove[];
}) {
  // A page of the directory is the same for everyone with the partners permission: kept until
  // the change record moves (decision 0137), so a room opening the same page reads it once.
  const pagesOf = cachePerDatabase<PartnerPage>();
  return (
    new Hono<AppEnv>()
      .use(requireFeature('partners'))
      .route('/', partnerDirectoryRoutes())
      .get('/', validate('query', partnerListQuerySchema), async (c) => {
        const query = c.req.valid('query');
        const { database } = c.var.deps;
        const page = await pagesOf(database).get(
          pageKey(query),
          await changePosition(database.db),
          () => listPartners(database.db, query),
          () => true,
        );
        return c.json(page, 200);
      })
      .get('/zones', async (c) => c.json({ zones: await listZones(c.var.deps.database.db) }))
      .get('/with-email', validate('query', partnersWithEmailQuerySchema), async (c) => {
        const { email, except } = c.req.valid('query');
        return c.json(await partnersWithEmail(c.var.deps.database.db, email, except), 200);
      })
      // Contacts, the timeline and the partner's tasks (issue 20, decision 0115).
      .route('/', partnerRelationRoutes(relations))
      .post('/', validate('json', partnerSchema), async (c) =>
        c.json({ partner: await createPartner(contextOf(c), c.req.valid('json')) }, 201),
      )
      .post('/merge', requireRole('admin'), validate('json', partnerMergeSchema), async (c) =>
        c.json(await mergePartners(contextOf(c), mergeMoves, c.req.valid('json')), 200),
      )
      .get('/:id', validate('param', partnerIdParamSchema), async (c) => {
        const partner = await getPartner(c.var.deps.database.db, c.req.valid('param').id);
        if (!partner) refuse(404, 'Partner not found');
        return c.json({ partner }, 200);
      })
      .put('/:id', validate('param', partnerIdParamSchema), validate('json', partnerUpdateSchema), async (c) =>
        c.json({ partner: await updatePartner(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
      )
  );
}

type PartnerPage = Awaited<ReturnType<typeof listPartners>>;

/** The same page whatever order the query string gave its parameters in. */
function pageKey(query: PartnerListQuery): string {
  return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}
