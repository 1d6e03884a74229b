import { createMiddleware } from 'hono/factory';
import type { AccessRole, Feature } from '#shared/permissions';
import type { AppEnv } from './app-env';

/** 401 unless signed in. The person's role and permissions were read with the session (session.ts). */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user') || !c.get('access')) return c.json({ error: 'Not authenticated' }, 401);
  await next();
});

/** The one guard every feature route uses: 401 without a session, 403 without the feature. */
export function requireFeature(feature: Feature) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const access = c.get('access');
    if (!c.get('user') || !access) return c.json({ error: 'Not authenticated' }, 401);
    if (!access.permissions[feature]) return c.json({ error: 'You do not have permission to do this.' }, 403);
    await next();
  });
}

/** 403 unless the person has this role (after `requireFeature`): adding a gift is for admins (D4). */
export function requireRole(role: AccessRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('access')?.role !== role) return c.json({ error: 'You do not have permission to do this.' }, 403);
    await next();
  });
}
