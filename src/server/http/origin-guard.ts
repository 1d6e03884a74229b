import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request, whatever its content type (hono's csrf()
 * only looks at form bodies). A browser always sends Origin or Sec-Fetch-Site on such a
 * request; one from another site is refused. Requests with neither come from non-browser
 * clients, which carry no ambient cookies to abuse.
 */
export function originGuard(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const originOk = origin === undefined || allowed.has(origin) || origin === new URL(c.req.url).origin;
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    if (!originOk || !siteOk) {
      return c.json({ error: 'This request came from another site and was refused.' }, 403);
    }
    return next();
  });
}
