import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { findNulText, NUL_TEXT_MESSAGE } from '../http/nul-text';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_LINK_INVALID,
  signInSchema,
} from '#shared/schemas/auth';
import { callBetterAuth } from './better-auth-calls';
import { CLIENT_IP_HEADER } from './client-ip';
import { recordSignIn } from './sign-in-audit';
import { completeSignIn, parseJson, withoutSessionToken } from './sign-in-completion';
import {
  isTwoFactorEndpoint,
  needsSecondFactor,
  secondFactorChallenge,
  TWO_FACTOR_ENDPOINTS,
  twoFactorEndpoint,
} from './two-factor-routes';
import { reserveAttempt, reservePasswordResetRequest } from './sign-in-throttle';

/**
 * better-auth endpoints the portal uses; everything else it offers (sign-up, account deletion,
 * get-session with its token, the reset link's redirect, ...) stays unreachable. /api/me
 * answers "who am I". The two password-reset endpoints answer only when email is on; the
 * two-factor ones go through two-factor-routes.ts.
 */
const EXPOSED = new Set([
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /request-password-reset',
  'POST /reset-password',
  ...TWO_FACTOR_ENDPOINTS.map((path) => `POST ${path}`),
]);
const NEEDS_EMAIL = new Set(['/request-password-reset', '/reset-password']);

export function authRoutes() {
  return new Hono<AppEnv>().all('/*', async (c) => {
    const { auth, database, mail } = c.var.deps;
    const subPath = c.req.path.replace(/^\/api\/auth/, '');
    // What the sign-in screen may offer: "Forgot password?" only when a link can be emailed.
    if (c.req.method === 'GET' && subPath === '/options') return c.json({ passwordReset: mail.enabled }, 200);
    if (!EXPOSED.has(`${c.req.method} ${subPath}`)) return c.json({ error: 'Not found' }, 404);
    if (NEEDS_EMAIL.has(subPath) && !mail.enabled)
      return c.json(
        { message: 'Password reset by email is not available here. Ask an admin to reset your password.' },
        404,
      );

    // better-auth reads the client address only from this header, which we always overwrite.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    // An empty body stays absent: passed on as '' it would gain a text/plain content type,
    // which better-auth refuses (a bare POST /sign-out would then not sign out).
    const body = c.req.method === 'GET' ? undefined : (await c.req.text()) || undefined;
    const request = new Request(c.req.url, { method: c.req.method, headers, body });

    if (subPath === '/request-password-reset') return requestPasswordReset(c, request, body);
    if (subPath === '/reset-password') return resetPassword(request, body, auth);
    if (isTwoFactorEndpoint(subPath)) return twoFactorEndpoint(c, subPath, request, body);
    if (subPath !== '/sign-in/email') return callBetterAuth(() => auth.handler(request));

    const parsed = signInSchema.safeParse(parseJson(body) ?? {});
    if (!parsed.success) return c.json({ message: parsed.error.issues[0]!.message }, 400);
    if (findNulText(parsed.data) !== undefined) return c.json({ message: NUL_TEXT_MESSAGE }, 400);
    const { email } = parsed.data;

    const attempt = await reserveAttempt(database.db, email, c.var.clientIp);
    const audited = { email, clientIp: c.var.clientIp };
    if (!attempt.allowed) {
      await recordSignIn(database.db, 'locked_out', audited);
      c.header('Retry-After', String(attempt.waitSeconds));
      return c.json(
        { message: `Too many failed sign-in attempts. Please wait ${attempt.waitSeconds} seconds and try again.` },
        429,
      );
    }
    let response: Response;
    try {
      // better-auth gets the validated body (trimmed email), not the raw one.
      const validated = new Request(request, { body: JSON.stringify(parsed.data) });
      response = await callBetterAuth(() => auth.handler(validated));
    } catch (err) {
      await attempt.settle('not-counted');
      throw err;
    }
    await attempt.settle(response.ok ? 'success' : response.status === 401 ? 'wrong-password' : 'not-counted');
    if (response.status === 401) await recordSignIn(database.db, 'failed', audited);
    if (!response.ok) return response;
    if (await needsSecondFactor(response)) return secondFactorChallenge(c, response, email);
    return completeSignIn(c, await withoutSessionToken(response), audited);
  });
}

/**
 * "Forgot password?": checked, throttled (every request counts, per account and address), then
 * better-auth, which answers the same whether or not the account exists and, when it does,
 * queues the link in the outbox (auth.ts).
 */
async function requestPasswordReset(c: Context<AppEnv>, request: Request, body: string | undefined) {
  const parsed = passwordResetRequestSchema.safeParse(parseJson(body) ?? {});
  if (!parsed.success) return c.json({ message: parsed.error.issues[0]!.message }, 400);
  if (findNulText(parsed.data) !== undefined) return c.json({ message: NUL_TEXT_MESSAGE }, 400);
  const reserved = await reservePasswordResetRequest(c.var.deps.database.db, parsed.data.email, c.var.clientIp);
  if (!reserved.allowed) {
    c.header('Retry-After', String(reserved.waitSeconds));
    return c.json(
      { message: `Too many requests for a reset link. Please wait ${reserved.waitSeconds} seconds and try again.` },
      429,
    );
  }
  const { auth } = c.var.deps;
  const validated = new Request(request, { body: JSON.stringify({ email: parsed.data.email }) });
  const response = await callBetterAuth(() => auth.handler(validated));
  if (!response.ok) return response;
  return Response.json({
    message: 'If an account uses this email, a link to choose a new password is on its way. It works for one hour.',
  });
}

/** The reset page's new password: better-auth checks and consumes the token (single use). */
async function resetPassword(request: Request, body: string | undefined, auth: AppEnv['Variables']['deps']['auth']) {
  const parsed = passwordResetSchema.safeParse(parseJson(body) ?? {});
  if (!parsed.success) return Response.json({ message: parsed.error.issues[0]!.message }, { status: 400 });
  const validated = new Request(request, { body: JSON.stringify(parsed.data) });
  const response = await callBetterAuth(() => auth.handler(validated));
  if (response.status === 400) {
    const answer = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (answer.code === 'INVALID_TOKEN' || answer.code === 'USER_NOT_FOUND')
      return Response.json({ message: RESET_LINK_INVALID }, { status: 400 });
  }
  return response;
}
