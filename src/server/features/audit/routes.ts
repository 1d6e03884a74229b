import { Hono } from 'hono';
import { auditRefusals } from '#server/http/audit-refusals';
import { csvHeaders, csvStream } from '#server/http/csv-stream';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { auditQuerySchema, auditSettingsSchema } from '#shared/schemas/audit';
import { auditCsv } from './csv';
import { auditFacets, exportAudit, getAuditSettings, listAudit, setAuditSettings } from './service';
import { downloadDay } from '#shared/time-zone';

/**
 * /api/audit: the audit log (issue 17), for admins only, as the issue says; a coordinator with
 * user management is refused, and the refusal is itself logged.
 */
export function auditRoutes() {
  return new Hono<AppEnv>()
    .use('*', auditRefusals, requireFeature('user_management'), requireRole('admin'))
    .get('/', validate('query', auditQuerySchema), async (c) =>
      c.json(await listAudit(c.var.deps.database.db, c.req.valid('query')), 200),
    )
    .get('/facets', async (c) => c.json(await auditFacets(c.var.deps.database.db), 200))
    .get('/export', validate('query', auditQuerySchema), async (c) => {
      const entries = exportAudit(contextOf(c), c.req.valid('query'));
      // The export is recorded before the first byte (the generator's first step): started is logged.
      const first = await entries.next();
      return new Response(csvStream(auditCsv, first, entries), {
        status: 200,
        // `tz` (the browser's zone) only names the file; the filters carry instants already.
        headers: csvHeaders(`audit-log-${downloadDay(c.req.query('tz'))}.csv`),
      });
    })
    .get('/settings', async (c) => c.json(await getAuditSettings(c.var.deps.database.db), 200))
    .put('/settings', validate('json', auditSettingsSchema), async (c) =>
      c.json(await setAuditSettings(contextOf(c), c.req.valid('json')), 200),
    );
}
