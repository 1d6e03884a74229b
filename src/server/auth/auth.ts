import { eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Config } from '../env';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/limits';
import { hashPassword, verifyPassword } from './password';
import { CLIENT_IP_HEADER } from './client-ip';
import type { Mailer } from '../mail/mailer';
import { recordChange } from '../service/changes';
import { queuePasswordNotice } from './password-notice';

/** How long a password-reset link works (issue 16: one hour). */
export const RESET_LINK_SECONDS = 60 * 60;

const DAY = 60 * 60 * 24;
/** Session lifetime and sliding-expiry step, in seconds (also read by the fast path, principal.ts). */
export const SESSION_EXPIRES_IN_SECONDS = 7 * DAY;
export const SESSION_UPDATE_AGE_SECONDS = DAY;

export function createAuth(db: Db, config: Config, secret: string, mail: Mailer) {
  const secureCookies = config.BASE_URL.startsWith('https://');
  return betterAuth({
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    // Sessions are opaque ids in the database; the secret signs the cookie (auth-secret.ts).
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    // Two-factor sign-in (issue 17 item 2, decision 0105). A right password then answers
    // `twoFactorRedirect` and a short-lived challenge cookie instead of a session; the code
    // (or a recovery code) completes the sign-in. Wrong codes: five per challenge, and the
    // plugin locks the account's second factor for 15 minutes after ten in a row, in the
    // database, on every instance. Authenticator apps show the ministry's name.
    plugins: [
      twoFactor({
        issuer: config.MINISTRY_NAME,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
      }),
    ],
    trustedOrigins: trustedOrigins(config),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true, // D5: accounts are created by an admin, never by the public.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      // "Forgot password?" (issue 16, docs/decisions/0099): the link goes through the outbox, to
      // the portal's own page, which posts the token back; single use (better-auth consumes it).
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        await mail.queue(db, {
          kind: 'password-reset',
          to: { address: user.email, name: user.name },
          recipientName: user.name,
          subject: 'Choose a new password',
          paragraphs: [
            'Someone, hopefully you, asked to reset the password of your account on the portal.',
            'The link below works once, for one hour. If you did not ask, ignore this email: your password stays as it is.',
          ],
          action: {
            label: 'Choose a new password',
            url: `${config.BASE_URL}/reset-password?token=${encodeURIComponent(token)}`,
          },
        });
      },
      onPasswordReset: async ({ user }) => {
        // A password chosen through a link also ends a temporary password's "choose a new one" step.
        await db.update(schema.user).set({ mustChangePassword: false }).where(eq(schema.user.id, user.id));
        await recordChange(db, null, { action: 'password.reset', subject: { type: 'user', id: user.id } });
        await queuePasswordNotice(db, mail, user.id, 'reset');
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS, // sliding expiry: a session in use is extended once a day
    },
    // Our own throttle (sign-in-throttle.ts) limits failures per account and per address in
    // the database; better-auth's limiter counts every request per address in memory.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth's own secure mode only adds `__Secure-`; over HTTPS the cookies are named
      // `__Host-…` instead (decision 0060), so the browser also refuses a Domain attribute and
      // any path but `/`: a sibling subdomain or a plain-HTTP page cannot plant or widen them.
      useSecureCookies: false,
      cookies: secureCookies ? hostPrefixedCookieNames() : undefined,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' },
    },
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const COOKIE_PREFIX = 'better-auth';
/** Every cookie better-auth may set; each keeps its usual name behind the `__Host-` prefix. */
const AUTH_COOKIES = [
  'session_token',
  'session_data',
  'account_data',
  'dont_remember',
  'two_factor',
  'trust_device',
] as const;

/** The session cookie's name: `__Host-` prefixed when the portal is served over HTTPS. */
export function sessionCookieName(baseUrl: string): string {
  const name = `${COOKIE_PREFIX}.session_token`;
  return baseUrl.startsWith('https://') ? `__Host-${name}` : name;
}

function hostPrefixedCookieNames() {
  return Object.fromEntries(AUTH_COOKIES.map((cookie) => [cookie, { name: `__Host-${COOKIE_PREFIX}.${cookie}` }]));
}

/** better-auth's origin check is exact; localhost and 127.0.0.1 are the same machine to a person. */
function trustedOrigins(config: Config): string[] {
  const base = new URL(config.BASE_URL);
  const origins = [base.origin];
  if (base.hostname === 'localhost') origins.push(`${base.protocol}//127.0.0.1${base.port ? `:${base.port}` : ''}`);
  if (base.hostname === '127.0.0.1') origins.push(`${base.protocol}//localhost${base.port ? `:${base.port}` : ''}`);
  return origins;
}

export function allowedOrigins(config: Config): string[] {
  return trustedOrigins(config);
}
