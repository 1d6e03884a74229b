import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

/**
 * Resolves the session cookie into the person, their session and their access
 * (auth/principal.ts: one statement in the common case). A session in use is extended once a
 * day (sliding expiry); the refreshed cookie better-auth returns is passed on to the browser.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { principal, setCookies } = await c.get('deps').resolvePrincipal(c.req.raw.headers);
  c.set('user', principal?.user ?? null);
  c.set('sessionId', principal?.sessionId ?? null);
  c.set('access', principal?.access ?? null);
  await next();
  for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie);
});
