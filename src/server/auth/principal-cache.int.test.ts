import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coordinatorPermissions, user } from '../db/schema';
import {
  createTestApp,
  sessionTokenFromCookie,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';
import { queryRows } from '../db/query-rows';
import { principalByTokenQuery } from './principal';

/**
 * The embedded database keeps principal rows in memory (principal-cache.ts); a trigger on every
 * table they are read from empties it (docs/decisions/0064). Each change a person or an admin
 * can make must still apply to the very next request, on either database.
 */
describe.each(testDatabaseTargets())('the principal after a change on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let coordinator: TestUser;
  let adminCookie: string;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    adminCookie = await t.signIn(admin.email, admin.password);
  });
  beforeEach(async () => {
    serial += 1;
    coordinator = await t.createUser({
      email: `helper-${serial}@example.org`,
      password: 'helper-secret',
      role: 'coordinator',
      fullName: `Helper ${serial}`,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const resolve = async (cookie: string) => (await t.deps.resolvePrincipal(new Headers({ cookie }))).principal;
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    t.sendJson(method, path, body, { cookie });
  /** Signs the coordinator in and resolves the cookie twice, so the embedded database holds it. */
  async function signedInCoordinator() {
    const cookie = await t.signIn(coordinator.email, coordinator.password);
    await resolve(cookie);
    expect(await resolve(cookie)).toMatchObject({ user: { id: coordinator.id } });
    return cookie;
  }

  it('a switch turned off by an admin', async () => {
    const cookie = await signedInCoordinator();
    expect((await resolve(cookie))!.access.permissions.chat).toBe(true);
    const response = await send('PUT', `/api/admin/coordinators/${coordinator.id}/permissions`, adminCookie, {
      feature: 'chat',
      enabled: false,
    });
    expect(response.status).toBe(200);
    expect((await resolve(cookie))!.access.permissions.chat).toBe(false);
    expect((await send('GET', '/api/chat/messages', cookie)).status).toBe(403);
  });

  it('user management taken away with the coordinator role', async () => {
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: coordinator.id, feature: 'user_management', enabled: true });
    const cookie = await signedInCoordinator();
    expect((await resolve(cookie))!.access.permissions.user_management).toBe(true);
    expect((await send('DELETE', `/api/admin/coordinators/${coordinator.id}`, adminCookie)).status).toBe(200);
    expect((await resolve(cookie))!.access.permissions.user_management).toBe(false);
  });

  it('signing out', async () => {
    const cookie = await signedInCoordinator();
    expect((await send('POST', '/api/auth/sign-out', cookie)).status).toBe(200);
    expect(await resolve(cookie)).toBeNull();
  });

  it('a password change, which ends the other sessions', async () => {
    const current = await t.signIn(coordinator.email, coordinator.password);
    // Held after the sign-in above (which, as any change, empties the cache).
    const other = await signedInCoordinator();
    const response = await send('POST', '/api/settings/password', current, {
      currentPassword: coordinator.password,
      newPassword: 'a-new-long-password',
      confirmPassword: 'a-new-long-password',
    });
    expect(response.status).toBe(200);
    expect(await resolve(other)).toBeNull();
    expect(await resolve(current)).toMatchObject({ user: { id: coordinator.id } });
  });

  it('a new name, and the person deleted', async () => {
    const cookie = await signedInCoordinator();
    await t.db.update(user).set({ name: 'Renamed Helper' }).where(eq(user.id, coordinator.id));
    expect((await resolve(cookie))!.user.name).toBe('Renamed Helper');
    await t.db.delete(user).where(eq(user.id, coordinator.id));
    expect(await resolve(cookie)).toBeNull();
  });

  it('the end of the session, with nothing changed in the database', async () => {
    const cookie = await signedInCoordinator();
    const [row] = await principalByTokenQuery(t.db).execute({ token: sessionTokenFromCookie(cookie) });
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    const now = vi.spyOn(Date, 'now').mockReturnValue(row!.expiresAt.getTime() + 1000);
    try {
      await resolve(cookie);
      // Past its end the row, cached or not, is not enough: better-auth decides.
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      now.mockRestore();
      getSession.mockRestore();
    }
  });

  it('is what the triggers carry: a change made with them switched off goes unseen only on the embedded database', async () => {
    const cookie = await signedInCoordinator();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ${user} disable trigger user_principal_changes`);
      await tx.update(user).set({ name: 'Unannounced' }).where(eq(user.id, coordinator.id));
      await tx.execute(sql`alter table ${user} enable trigger user_principal_changes`);
    });
    const seen = (await resolve(cookie))!.user.name;
    expect(seen).toBe(target.name === 'pglite' ? `Helper ${serial}` : 'Unannounced');
    // Any announced change empties the whole cache.
    await t.db.update(user).set({ updatedAt: new Date() }).where(eq(user.id, admin.id));
    expect((await resolve(cookie))!.user.name).toBe('Unannounced');
  });

  it('every table the statement reads announces its changes', async () => {
    const statement = principalByTokenQuery(t.db).toSQL().sql;
    const read = [...statement.matchAll(/\b(?:from|join) "([a-z_]+)"/g)].map((m) => m[1]!);
    const announcing = await queryRows<{ table: string }>(
      t.db,
      sql`select c.relname as table from pg_trigger tr join pg_class c on c.oid = tr.tgrelid
          join pg_proc p on p.oid = tr.tgfoid
          where p.proname = 'principal_changes_notify' and tr.tgenabled <> 'D'`,
    );
    expect(new Set(read)).toEqual(
      new Set(['session', 'user', 'user_roles', 'coordinator_permissions', 'app_settings']),
    );
    expect(new Set(announcing.map((r) => r.table))).toEqual(new Set(read));
  });
});
