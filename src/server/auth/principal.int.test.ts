import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coordinatorPermissions, session } from '../db/schema';
import {
  createTestApp,
  SESSION_COOKIE,
  sessionTokenFromCookie,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';
import { loadAccess } from './permissions';

/**
 * The per-request fast path (principal.ts) must decide exactly as better-auth's getSession plus
 * a fresh read of the permissions would, for every cookie header: it is an optimisation, not a
 * second opinion (docs/decisions/0062).
 */
describe.each(testDatabaseTargets())('resolving the principal on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let coordinator: TestUser;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    coordinator = await t.createUser({
      email: 'helper@example.org',
      password: 'helper-secret',
      fullName: 'Helen Helper',
    });
    await t.db.insert(coordinatorPermissions).values([
      { userId: coordinator.id, feature: 'chat', enabled: false },
      { userId: coordinator.id, feature: 'user_management', enabled: true },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What better-auth alone answers, with the permissions read the slow way. */
  async function reference(cookie: string) {
    const found = await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!found) return null;
    return {
      user: { id: found.user.id, email: found.user.email, name: found.user.name },
      sessionId: found.session.id,
      access: await loadAccess(t.db, found.user.id),
      // None of these accounts has a temporary password or a required second factor.
      setup: null,
    };
  }
  const resolve = async (cookie: string) => (await t.deps.resolvePrincipal(new Headers({ cookie }))).principal;

  it('agrees with better-auth on every kind of cookie header', async () => {
    const adminCookie = await t.signIn(admin.email, admin.password);
    const coordinatorCookie = await t.signIn(coordinator.email, coordinator.password);
    const signedOut = await t.signIn(coordinator.email, coordinator.password);
    await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie: signedOut } });
    const value = (cookie: string) => cookie.split(`${SESSION_COOKIE}=`)[1]!.split(';')[0]!;

    const headers = [
      adminCookie,
      coordinatorCookie,
      `theme=dark; ${coordinatorCookie}; sidebar=open`,
      `${SESSION_COOKIE}="${value(coordinatorCookie)}"`,
      `${SESSION_COOKIE}=${decodeURIComponent(value(coordinatorCookie))}`,
      // Two cookies of the name: the first one counts, whichever is valid.
      `${coordinatorCookie}; ${adminCookie}`,
      `${SESSION_COOKIE}=forged.${decodeURIComponent(value(adminCookie)).split('.')[1]}; ${adminCookie}`,
      `${SESSION_COOKIE}=${sessionTokenFromCookie(adminCookie)}`,
      adminCookie.replace(/=([^.;]+)\./, '=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.'),
      signedOut,
      'theme=dark',
      '',
    ];
    for (const cookie of headers) {
      expect(await resolve(cookie), cookie).toEqual(await reference(cookie));
    }
    expect(await resolve(adminCookie)).toMatchObject({ user: { id: admin.id }, access: { role: 'admin' } });
    expect(await resolve(coordinatorCookie)).toMatchObject({
      user: { id: coordinator.id, name: 'Helen Helper' },
      access: { role: 'coordinator', permissions: { chat: false, user_management: true, admin: true, partners: true } },
    });
  });

  it('answers a plain valid session without better-auth, and anything else through it', async () => {
    const cookie = await t.signIn(coordinator.email, coordinator.password);
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    try {
      expect(await resolve(cookie)).toMatchObject({ user: { id: coordinator.id } });
      expect(await resolve('theme=dark')).toBeNull();
      expect(getSession).not.toHaveBeenCalled();
      expect(await resolve(`${SESSION_COOKIE}=${sessionTokenFromCookie(cookie)}`)).toBeNull();
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  it('reads a switch changed in the database on the very next request', async () => {
    const cookie = await t.signIn(coordinator.email, coordinator.password);
    expect((await resolve(cookie))!.access.permissions.partners).toBe(true);
    await t.db.insert(coordinatorPermissions).values({ userId: coordinator.id, feature: 'partners', enabled: false });
    expect((await resolve(cookie))!.access.permissions.partners).toBe(false);
    await t.db.delete(coordinatorPermissions).where(eq(coordinatorPermissions.feature, 'partners'));
    expect((await resolve(cookie))!.access.permissions.partners).toBe(true);
  });

  it('leaves expired sessions and sessions due for their daily extension to better-auth', async () => {
    const cookie = await t.signIn(coordinator.email, coordinator.password);
    const token = sessionTokenFromCookie(cookie);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    const expired = await t.deps.resolvePrincipal(new Headers({ cookie }));
    expect(expired.principal).toBeNull();
    // better-auth clears the cookie of a session it no longer knows.
    expect(expired.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    const fresh = await t.signIn(coordinator.email, coordinator.password);
    const freshToken = sessionTokenFromCookie(fresh);
    const twoDaysOld = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await t.db.update(session).set({ expiresAt: twoDaysOld }).where(eq(session.token, freshToken));
    const extended = await t.deps.resolvePrincipal(new Headers({ cookie: fresh }));
    expect(extended.principal).toMatchObject({ user: { id: coordinator.id } });
    expect(extended.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    const [row] = await t.db.select().from(session).where(eq(session.token, freshToken));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(twoDaysOld.getTime());
  });
});
