import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { createClientIpResolver } from '../auth/client-ip';
import type { AppEnv } from './app-env';

export function clientIpMiddleware(trustedProxies: readonly string[]) {
  const resolve = createClientIpResolver(trustedProxies);
  return createMiddleware<AppEnv>(async (c, next) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      // app.request() in tests has no socket; such requests share the "unknown" address.
    }
    c.set('clientIp', resolve(socketAddress, c.req.header('x-forwarded-for')));
    await next();
  });
}
