import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Config } from '../env';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/limits';
import { hashPassword, verifyPassword } from './password';
import { CLIENT_IP_HEADER } from './client-ip';

const DAY = 60 * 60 * 24;

export function createAuth(db: Db, config: Config, secret: string) {
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
      },
    }),
    trustedOrigins: trustedOrigins(config),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true, // D5: accounts are created by an admin, never by the public.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: 7 * DAY,
      updateAge: DAY, // sliding expiry: a session in use is extended once a day
    },
    // Our own throttle (sign-in-throttle.ts) limits failures per account and per address in
    // the database; better-auth's limiter counts every request per address in memory.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
    },
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

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
