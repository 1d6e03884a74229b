import type { Context } from 'hono';
import { serviceContext, type ServiceContext } from '../service/context';
import type { AppEnv } from './app-env';

/**
 * The service context of a signed-in request: its dependencies and the person behind it.
 * Only after `requireUser` or `requireFeature`, which guarantee the session.
 */
export function contextOf(c: Context<AppEnv>): ServiceContext {
  const { user, access, clientIp, deps } = c.var;
  if (!user || !access) throw new Error('contextOf() needs a signed-in request (requireUser or requireFeature first)');
  return serviceContext(deps, { id: user.id, role: access.role, permissions: access.permissions, clientIp });
}
