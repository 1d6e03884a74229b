import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { auditRefusals } from '#server/http/audit-refusals';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { emailIdParamSchema, outboxQuerySchema } from '#shared/schemas/email';
import { getEmail, listOutbox, retryEmail } from './service';

/**
 * /api/email: the outbox, for admins only (issue 16: "an admin reads them on an Email page of
 * the admin area"). Messages hold other people's addresses and account links, so a
 * coordinator with user management does not see them.
 */
export function emailRoutes() {
  return new Hono<AppEnv>()
    .use('*', auditRefusals, requireFeature('user_management'), requireRole('admin'))
    .get('/outbox', validate('query', outboxQuerySchema), async (c) =>
      c.json(
        { ...(await listOutbox(c.var.deps.database.db, c.req.valid('query'))), enabled: c.var.deps.mail.enabled },
        200,
      ),
    )
    .get('/outbox/:id', validate('param', emailIdParamSchema), async (c) =>
      c.json({ email: await getEmail(c.var.deps.database.db, c.req.valid('param').id) }, 200),
    )
    .post('/outbox/:id/retry', validate('param', emailIdParamSchema), async (c) =>
      c.json({ email: await retryEmail(contextOf(c), c.req.valid('param').id) }, 200),
    );
}
