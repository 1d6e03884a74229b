import { createMiddleware } from 'hono/factory';
import { recordChange } from '../service/changes';
import type { AppEnv } from './app-env';

/** The refusals of an admin action: no permission (403), or a rule such as "the last admin" (409). */
const REFUSALS = new Set([403, 409]);

/**
 * Records in the audit log every refusal of a signed-in person's admin action (issue 17: "every
 * refusal of an admin action is itself logged"): who tried what, from where, and why it was
 * refused. Placed first on the admin area's routers, so it sees the permission guards' answers
 * and the services' refusals alike. Anonymous callers are refused before (401) and not logged:
 * they name nobody, and logging them would let anyone fill the log.
 */
export const auditRefusals = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const user = c.get('user');
  if (!user || !REFUSALS.has(c.res.status)) return;
  let reason = '';
  try {
    const body = (await c.res.clone().json()) as { error?: unknown; message?: unknown };
    reason = String(body.error ?? body.message ?? '');
  } catch {
    // not JSON: the status says enough
  }
  await recordChange(
    c.var.deps.database.db,
    { id: user.id, clientIp: c.var.clientIp },
    {
      action: 'admin.refused',
      subject: { type: 'route', id: `${c.req.method} ${c.req.path}` },
      after: { status: c.res.status, reason },
    },
  );
});
