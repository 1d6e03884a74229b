import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { csvHeaders, csvStream } from '#server/http/csv-stream';
import { requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { bulkTagSchema, partnerTagsSchema, tagIdParamSchema, tagSchema } from '#shared/schemas/partner-tags';
import { partnerFiltersSchema, partnerIdParamSchema } from '#shared/schemas/partners';
import { deletePartner, setArchived } from './archive';
import { bulkTag } from './bulk-tags';
import { countPartners, exportPartners, partnersCsv } from './export';
import { createTag, deleteTag, listTags, setPartnerTags, updateTag } from './tags';
import { downloadDay, isValidTimeZone } from '#shared/time-zone';

/** Archiving and deleting partners is for admins (issue 20), checked after the partners guard. */
const requireAdmin = requireRole('admin');

/**
 * The directory's tags, bulk tagging, CSV export, archive and delete (issue 20, decision 0116),
 * mounted under /api/partners behind its feature guard, before the `/:id` routes.
 */
export function partnerDirectoryRoutes() {
  return new Hono<AppEnv>()
    .get('/tags', async (c) => c.json({ tags: await listTags(c.var.deps.database.db) }, 200))
    .post('/tags', validate('json', tagSchema), async (c) =>
      c.json({ tag: await createTag(contextOf(c), c.req.valid('json')) }, 201),
    )
    .put('/tags/:tagId', validate('param', tagIdParamSchema), validate('json', tagSchema), async (c) =>
      c.json({ tag: await updateTag(contextOf(c), c.req.valid('param').tagId, c.req.valid('json')) }, 200),
    )
    .delete('/tags/:tagId', validate('param', tagIdParamSchema), async (c) =>
      c.json(await deleteTag(contextOf(c), c.req.valid('param').tagId), 200),
    )
    .post('/tags/:tagId/bulk', validate('param', tagIdParamSchema), validate('json', bulkTagSchema), async (c) =>
      c.json(await bulkTag(contextOf(c), c.req.valid('param').tagId, c.req.valid('json')), 200),
    )
    .get('/count', validate('query', partnerFiltersSchema), async (c) =>
      c.json({ count: await countPartners(c.var.deps.database.db, c.req.valid('query')) }, 200),
    )
    .get('/export.csv', validate('query', partnerFiltersSchema), async (c) => {
      const rows = exportPartners(contextOf(c), c.req.valid('query'));
      // The export is recorded before the first byte (the generator's first step).
      const first = await rows.next();
      // `tz` (the browser's zone) dates the file and the archived column; the filters carry no dates.
      const tz = c.req.query('tz');
      const timeZone = tz !== undefined && isValidTimeZone(tz) ? tz : 'UTC';
      return new Response(csvStream(partnersCsv(timeZone), first, rows), {
        status: 200,
        headers: csvHeaders(`partners-${downloadDay(timeZone)}.csv`),
      });
    })
    .put('/:id/tags', validate('param', partnerIdParamSchema), validate('json', partnerTagsSchema), async (c) =>
      c.json({ tags: await setPartnerTags(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .post('/:id/archive', requireAdmin, validate('param', partnerIdParamSchema), async (c) =>
      c.json({ partner: await setArchived(contextOf(c), c.req.valid('param').id, true) }, 200),
    )
    .post('/:id/unarchive', requireAdmin, validate('param', partnerIdParamSchema), async (c) =>
      c.json({ partner: await setArchived(contextOf(c), c.req.valid('param').id, false) }, 200),
    )
    .delete('/:id', requireAdmin, validate('param', partnerIdParamSchema), async (c) =>
      c.json(await deletePartner(contextOf(c), c.req.valid('param').id), 200),
    );
}
