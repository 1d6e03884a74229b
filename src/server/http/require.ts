import { createMiddleware } from 'hono/factory';
import type { Feature } from '../../shared/permissions';
import { loadAccess } from '../auth/permissions';
import type { AppEnv } from './app-env';

/** 401 unless signed in; loads the person's current role and permissions. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user) return c.json({ error: 'Not authenticated' }, 401);
  c.set('access', await loadAccess(c.var.deps.database.db, user.id));
  await next();
});

/** The one guard every feature route uses: 401 without a session, 403 without the feature. */
export function requireFeature(feature: Feature) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user) return c.json({ error: 'Not authenticated' }, 401);
    const access = await loadAccess(c.var.deps.database.db, user.id);
    if (!access.permissions[feature]) return c.json({ error: 'You do not have permission to do this.' }, 403);
    c.set('access', access);
    await next();
  });
}
