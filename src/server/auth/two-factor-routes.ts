import type { Context } from 'hono';
import type { z } from 'zod';
import { and, eq, gt, sql } from 'drizzle-orm';
import { ACCOUNT_DEACTIVATED } from '#shared/schemas/accounts';
import type { AppEnv } from '../http/app-env';
import { session, twoFactor, user, verification } from '../db/schema';
import { refuse } from '../service/errors';
import { recordChange } from '../service/changes';
import { findNulText, NUL_TEXT_MESSAGE } from '../http/nul-text';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorPasswordSchema,
} from '#shared/schemas/two-factor';
import { readTwoFactorPolicy, twoFactorRequired } from './account-setup';
import { sessionCookieName } from './auth';
import { callBetterAuth } from './better-auth-calls';
import { checkCurrentPassword } from './current-password';
import { queueTwoFactorNotice } from './password-notice';
import { recordSignIn } from './sign-in-audit';
import { completeSignIn, parseJson, withoutSessionToken } from './sign-in-completion';
import { signedSessionToken } from './session-cookie';
import { claimCode, codeRecentlyUsed } from './two-factor-replay';

/**
 * better-auth's two-factor endpoints, each behind the portal's own checks (decision 0105):
 * the body is validated here and only the fields better-auth needs are passed on (never
 * `trustDevice`: every sign-in asks for the second factor); the password is checked on the
 * sign-in throttle's counters; a code is refused when it was just used; every change and every
 * sign-in outcome is logged; answers are the portal's sentences, not better-auth's codes.
 */
export const TWO_FACTOR_ENDPOINTS = [
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
] as const;
type Endpoint = (typeof TWO_FACTOR_ENDPOINTS)[number];

export const isTwoFactorEndpoint = (path: string): path is Endpoint =>
  (TWO_FACTOR_ENDPOINTS as readonly string[]).includes(path);

/** What better-auth's sign-in answered when the password was right and a code must follow. */
export async function needsSecondFactor(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  return body?.twoFactorRedirect === true;
}

/**
 * The password was right and the account has two-factor sign-in: better-auth set a challenge
 * cookie (ten minutes) and no session. The screen asks for the code next. A deactivated account
 * is refused here already, as after a password alone (its challenge then leads nowhere:
 * completeSignIn refuses it too).
 */
export async function secondFactorChallenge(c: Context<AppEnv>, response: Response, email: string) {
  const { db } = c.var.deps.database;
  const [account] = await db
    .select({ id: user.id, deactivatedAt: user.deactivatedAt })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (account?.deactivatedAt) {
    await recordSignIn(db, 'refused_deactivated', { email, clientIp: c.var.clientIp, userId: account.id });
    return c.json({ message: ACCOUNT_DEACTIVATED }, 403);
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ user: null, secondFactor: 'authenticator' }), {
    status: 200,
    headers,
  });
}

export async function twoFactorEndpoint(
  c: Context<AppEnv>,
  path: Endpoint,
  request: Request,
  body: string | undefined,
): Promise<Response> {
  const json = parseJson(body) ?? {};
  if (findNulText(json) !== undefined) refuse(400, NUL_TEXT_MESSAGE);
  const { principal } = await c.var.deps.resolvePrincipal(request.headers);
  const signedIn = principal ? { userId: principal.user.id, role: principal.access.role } : null;
  switch (path) {
    case '/two-factor/enable':
      return enable(c, request, json, signedIn);
    case '/two-factor/verify-totp':
      return signedIn ? confirmEnrolment(c, request, json, signedIn.userId) : signInWithCode(c, request, json);
    case '/two-factor/verify-backup-code':
      if (signedIn) refuse(400, 'You are already signed in.');
      return signInWithRecoveryCode(c, request, json);
    case '/two-factor/disable':
      return disable(c, request, json, signedIn);
    case '/two-factor/generate-backup-codes':
      return renewRecoveryCodes(c, request, json, signedIn);
  }
}

type SignedIn = { userId: string; role: 'admin' | 'coordinator' | 'none' } | null;

function parse<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) refuse(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

function mustBeSignedIn(signedIn: SignedIn): NonNullable<SignedIn> {
  if (!signedIn) refuse(401, 'Not authenticated');
  return signedIn;
}

/** Passes exactly `json` on to better-auth, with the original headers (cookies, client address). */
function forward(c: Context<AppEnv>, request: Request, json: unknown): Promise<Response> {
  const { auth } = c.var.deps;
  return callBetterAuth(() => auth.handler(new Request(request, { body: JSON.stringify(json) })));
}

async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code;
}

const record = (c: Context<AppEnv>, userId: string, action: string) =>
  recordChange(
    c.var.deps.database.db,
    { id: userId, clientIp: c.var.clientIp },
    {
      action,
      subject: { type: 'user', id: userId },
    },
  );

const passwordWrong = { message: 'Your password is not right', field: 'password' };

/** Step one of enrolment: the password, then a new secret (as a QR code's address) and recovery codes. */
async function enable(c: Context<AppEnv>, request: Request, json: unknown, signedIn: SignedIn) {
  const { userId } = mustBeSignedIn(signedIn);
  const { password } = parse(twoFactorPasswordSchema, json);
  const { db } = c.var.deps.database;
  const [own] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  if (own?.on) refuse(409, TWO_FACTOR_MESSAGES.alreadyOn);
  await checkCurrentPassword(db, userId, c.var.clientIp, password, passwordWrong);
  const response = await forward(c, request, { password });
  if (!response.ok) return response;
  const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
  return c.json({ totpURI, recoveryCodes: backupCodes }, 200);
}

/** Step two: the first code from the app turns two-factor sign-in on (better-auth renews the session). */
async function confirmEnrolment(c: Context<AppEnv>, request: Request, json: unknown, userId: string) {
  const { code } = parse(totpCodeSchema, json);
  const { db } = c.var.deps.database;
  const [own] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  if (own?.on) refuse(409, TWO_FACTOR_MESSAGES.alreadyOn);
  const [started] = await db.select({ id: twoFactor.id }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!started) refuse(400, TWO_FACTOR_MESSAGES.notStarted);
  const response = await forward(c, request, { code });
  if (response.status === 401)
    refuse(400, TWO_FACTOR_MESSAGES.wrongCode, [{ path: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);
  if (!response.ok) return response;
  await claimCode(db, userId, code);
  await record(c, userId, 'two_factor.enabled');
  await queueTwoFactorNotice(db, c.var.deps.mail, userId, 'on');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ok: true }), { status: 200, headers });
}

/**
 * Whose sign-in the challenge cookie belongs to: its signed identifier names a verification row
 * whose value is the user's id (better-auth's two-factor after-hook). Null when the cookie is
 * missing, altered or expired; better-auth then refuses the code as well.
 */
async function challengedUser(c: Context<AppEnv>, request: Request) {
  const { database, auth, config } = c.var.deps;
  const name = sessionCookieName(config.BASE_URL).replace('session_token', 'two_factor');
  const identifier = signedSessionToken(request.headers.get('cookie') ?? undefined, name, (await auth.$context).secret);
  if (!identifier) return null;
  const [row] = await database.db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())));
  return row ?? null;
}

/** A refused second factor: the portal's sentence, and the log (lock-outs once per window). */
async function refusedSecondFactor(
  c: Context<AppEnv>,
  response: Response,
  who: { id: string; email: string },
  wrong: string,
) {
  const code = await errorCode(response);
  const audited = { email: who.email, clientIp: c.var.clientIp, userId: who.id };
  const { db } = c.var.deps.database;
  const answer = (status: 400 | 401 | 429, message: string) => {
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify({ message, code }), { status, headers });
  };
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') {
    await recordSignIn(db, 'second_factor_failed', audited);
    return answer(401, wrong);
  }
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
    await recordSignIn(db, 'second_factor_locked_out', audited);
    return answer(429, TWO_FACTOR_MESSAGES.locked);
  }
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    await recordSignIn(db, 'second_factor_locked_out', audited);
    return answer(400, TWO_FACTOR_MESSAGES.tooManyCodes);
  }
  if (code === 'INVALID_TWO_FACTOR_COOKIE') return answer(401, TWO_FACTOR_MESSAGES.challengeExpired);
  return response;
}

/** The code from the app completes a sign-in whose password was right. */
async function signInWithCode(c: Context<AppEnv>, request: Request, json: unknown) {
  const { code } = parse(totpCodeSchema, json);
  const { db } = c.var.deps.database;
  const who = await challengedUser(c, request);
  if (!who) refuse(401, TWO_FACTOR_MESSAGES.challengeExpired);
  if (await codeRecentlyUsed(db, who.id, code)) refuse(401, TWO_FACTOR_MESSAGES.reusedCode);
  const response = await forward(c, request, { code });
  if (!response.ok) return refusedSecondFactor(c, response, who, TWO_FACTOR_MESSAGES.wrongCode);
  // better-auth's answer names the new session; read before the body is trimmed of it.
  const { token } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { token?: string };
  const signedIn = await withoutSessionToken(response);
  // Two requests raced with one code and both passed better-auth: only the first keeps its session.
  if (!(await claimCode(db, who.id, code))) {
    if (token) await db.delete(session).where(eq(session.token, token));
    refuse(401, TWO_FACTOR_MESSAGES.reusedCode);
  }
  return completeSignIn(c, signedIn, { email: who.email, clientIp: c.var.clientIp, method: 'authenticator' });
}

/** A recovery code completes the sign-in instead, once (better-auth removes it). */
async function signInWithRecoveryCode(c: Context<AppEnv>, request: Request, json: unknown) {
  const { code } = parse(recoveryCodeSchema, json);
  const who = await challengedUser(c, request);
  if (!who) refuse(401, TWO_FACTOR_MESSAGES.challengeExpired);
  const response = await forward(c, request, { code });
  if (!response.ok) return refusedSecondFactor(c, response, who, TWO_FACTOR_MESSAGES.wrongRecoveryCode);
  return completeSignIn(c, await withoutSessionToken(response), {
    email: who.email,
    clientIp: c.var.clientIp,
    method: 'recovery_code',
  });
}

/** Off, with the password, unless the person's role must use it (an admin can reset it instead). */
async function disable(c: Context<AppEnv>, request: Request, json: unknown, signedIn: SignedIn) {
  const { userId, role } = mustBeSignedIn(signedIn);
  const { password } = parse(twoFactorPasswordSchema, json);
  const { db } = c.var.deps.database;
  const [own] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  if (!own?.on) refuse(409, TWO_FACTOR_MESSAGES.notOn);
  if (twoFactorRequired(await readTwoFactorPolicy(db), role)) refuse(409, TWO_FACTOR_MESSAGES.required);
  await checkCurrentPassword(db, userId, c.var.clientIp, password, passwordWrong);
  const response = await forward(c, request, { password });
  if (!response.ok) return response;
  await record(c, userId, 'two_factor.disabled');
  await queueTwoFactorNotice(db, c.var.deps.mail, userId, 'off');
  return response;
}

/** Ten new recovery codes, with the password; the old ones stop working. */
async function renewRecoveryCodes(c: Context<AppEnv>, request: Request, json: unknown, signedIn: SignedIn) {
  const { userId } = mustBeSignedIn(signedIn);
  const { password } = parse(twoFactorPasswordSchema, json);
  const { db } = c.var.deps.database;
  const [own] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  if (!own?.on) refuse(409, TWO_FACTOR_MESSAGES.notOn);
  await checkCurrentPassword(db, userId, c.var.clientIp, password, passwordWrong);
  const response = await forward(c, request, { password });
  if (!response.ok) return response;
  const { backupCodes } = (await response.json()) as { backupCodes: string[] };
  await record(c, userId, 'two_factor.recovery_codes_renewed');
  await queueTwoFactorNotice(db, c.var.deps.mail, userId, 'codes-renewed');
  return c.json({ recoveryCodes: backupCodes }, 200);
}
