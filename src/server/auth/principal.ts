import { eq, sql } from 'drizzle-orm';
import type { Auth } from './auth';
import { callBetterAuth } from './better-auth-calls';
import { sessionCookieName, SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth';
import { accessFrom, accessRoleSql, loadAccess, switchesSql, type Access, type SwitchPairs } from './permissions';
import type { AccessRole } from '#shared/permissions';
import type { PrincipalCache } from './principal-cache';
import { signedSessionToken } from './session-cookie';
import { isDeactivated } from './account-status';
import { loadSetupFacts, pendingSetup, twoFactorPolicySql } from './account-setup';
import type { AccountSetup } from '#shared/schemas/two-factor';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';

/** The signed-in person behind a request: who, through which session, and what they may do. */
export interface Principal {
  user: { id: string; email: string; name: string };
  sessionId: string;
  access: Access;
  /** A step the person must take before anything else (account-setup.ts), or null. */
  setup: AccountSetup | null;
}

export interface ResolvedPrincipal {
  principal: Principal | null;
  /** Cookies better-auth asked to set (a refreshed or a cleared session cookie). */
  setCookies: string[];
}

/** What the one statement reads for a session token (see createPrincipalResolver). */
export interface PrincipalRow {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  name: string;
  role: AccessRole;
  switches: SwitchPairs | string;
  /** Set when an admin deactivated the account (its sessions were ended then; this is the backstop). */
  deactivatedAt: Date | null;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  /** Who must use two-factor sign-in, as app_settings holds it (account-setup.ts). */
  twoFactorPolicy: string | null;
}

const EXPIRES_IN_MS = SESSION_EXPIRES_IN_SECONDS * 1000;
const UPDATE_AGE_MS = SESSION_UPDATE_AGE_SECONDS * 1000;

/**
 * The one statement: the session by its token, with its user, the admin role and the switches.
 * Every table it reads must announce its changes to the principal cache (drizzle/0005).
 */
export function principalByTokenQuery(db: Db) {
  return db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: accessRoleSql(user.id),
      switches: switchesSql(user.id),
      deactivatedAt: user.deactivatedAt,
      mustChangePassword: user.mustChangePassword,
      twoFactorEnabled: user.twoFactorEnabled,
      twoFactorPolicy: twoFactorPolicySql,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')));
}

/**
 * Resolves the session cookie into a Principal as the database holds it when the request
 * arrives, so a sign-out, a revoked session or a changed switch applies to the very next
 * request on every instance.
 *
 * The common case costs one statement: the signed cookie is checked here (session-cookie.ts)
 * and the session, its user, the admin role and the switches are read together. Whatever is
 * not that plain case (no such session, expired, due for its daily extension, a cookie this
 * does not recognise) goes to better-auth's own getSession, which stays the authority on
 * sessions: it extends, clears or refuses exactly as before (docs/decisions/0062).
 *
 * On the embedded database that row is kept in `cache`, which every change to what it was read
 * from empties (principal-cache.ts, docs/decisions/0064); the statement then runs only for a
 * session not seen since the last change. The checks below apply to a cached row as to a
 * fresh one.
 */
export function createPrincipalResolver(
  db: Db,
  auth: Auth,
  secret: string,
  baseUrl: string,
  cache: PrincipalCache<PrincipalRow> | null = null,
) {
  const cookieName = sessionCookieName(baseUrl);
  const byToken = principalByTokenQuery(db).prepare('principal_by_token');

  async function viaBetterAuth(headers: Headers): Promise<ResolvedPrincipal> {
    const { headers: out, response } = await callBetterAuth(() =>
      auth.api.getSession({ headers, returnHeaders: true }),
    );
    const setCookies = out?.getSetCookie() ?? [];
    if (!response) return { principal: null, setCookies };
    const { id, email, name } = response.user;
    if (await isDeactivated(db, id)) return { principal: null, setCookies };
    const access = await loadAccess(db, id);
    const facts = await loadSetupFacts(db, id);
    return {
      principal: {
        user: { id, email, name },
        sessionId: response.session.id,
        access,
        setup: pendingSetup({ ...facts, role: access.role }),
      },
      setCookies,
    };
  }

  return async function resolvePrincipal(headers: Headers): Promise<ResolvedPrincipal> {
    const cookie = headers.get('cookie') ?? undefined;
    const token = signedSessionToken(cookie, cookieName, secret);
    if (!token) {
      // No session cookie at all: nobody is signed in, and better-auth has nothing to clear.
      if (!cookie?.includes(cookieName)) return { principal: null, setCookies: [] };
      return viaBetterAuth(headers);
    }
    const read = async (): Promise<PrincipalRow | undefined> => (await byToken.execute({ token }))[0];
    const row = await (cache ? cache.read(token, read) : read());
    const now = Date.now();
    const expiresAt = row?.expiresAt.getTime() ?? 0;
    // better-auth's own rule: extend once the session is updateAge old (session.ts in better-auth).
    const dueForExtension = expiresAt - EXPIRES_IN_MS + UPDATE_AGE_MS <= now;
    if (row?.deactivatedAt) return { principal: null, setCookies: [] };
    if (!row || expiresAt <= now || dueForExtension) return viaBetterAuth(headers);
    return {
      principal: {
        user: { id: row.userId, email: row.email, name: row.name },
        sessionId: row.sessionId,
        access: accessFrom(row.role, row.switches),
        setup: pendingSetup({
          role: row.role,
          mustChangePassword: row.mustChangePassword,
          twoFactorEnabled: row.twoFactorEnabled,
          policy: row.twoFactorPolicy,
        }),
      },
      setCookies: [],
    };
  };
}

export type PrincipalResolver = ReturnType<typeof createPrincipalResolver>;
