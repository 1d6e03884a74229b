import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { allowedDuringSetup } from '../auth/account-setup';
import { ACCOUNT_SETUP_REQUIRED } from '#shared/schemas/two-factor';

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
  c.set('setup', principal?.setup ?? null);
  // A temporary password to replace or a required second factor to set up comes first: until
  // then the session reaches nothing but the steps themselves (auth/account-setup.ts).
  if (principal?.setup && !allowedDuringSetup(c.req.method, c.req.path)) {
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    return c.json({ error: ACCOUNT_SETUP_REQUIRED, code: 'ACCOUNT_SETUP_REQUIRED', setup: principal.setup }, 403);
  }
  await next();
  for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie);
});
