import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

/**
 * Resolves the session cookie into c.var.user. better-auth extends a session in use
 * (sliding expiry); the refreshed cookie it returns is passed on to the browser.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { auth } = c.var.deps;
  const { headers, response } = await auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  c.set('user', response ? { id: response.user.id, email: response.user.email, name: response.user.name } : null);
  c.set('sessionId', response?.session.id ?? null);
  c.set('access', null);
  await next();
  for (const cookie of headers?.getSetCookie() ?? []) c.res.headers.append('set-cookie', cookie);
});
