import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, coordinatorPermissions, user, userRoles } from '../db/schema';
import { findUserByEmail } from '../auth/users';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '../testing/test-database';

/**
 * Every admin and settings route x every kind of caller -> the expected status (issue 3, D4).
 * A refusal carries only its message and changes nothing; an allowed call really happens.
 */

type Actor = 'anonymous' | 'coordinator' | 'manager' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'coordinator', 'manager', 'admin'];

const NOT_AUTHENTICATED = { error: 'Not authenticated' };
const FORBIDDEN = { error: 'You do not have permission to do this.' };

interface Call {
  method: string;
  path: string;
  body?: unknown;
  /** A string that must not appear in a refusal (the target's data). */
  secret?: string;
  /** Whether the call's effect is visible in the database. */
  happened(): Promise<boolean>;
}

interface Route {
  name: string;
  /** Expected status for a caller allowed to use it. */
  ok: number;
  /** Which callers may use it. */
  allowed: readonly Actor[];
  /** A fresh, valid call (its own target each time, so calls are independent). */
  prepare(): Promise<Call>;
}

describe.each(testDatabaseTargets())('authorisation matrix on $name', (target) => {
  let t: TestApp;
  const users = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
  const cookies = {} as Record<Exclude<Actor, 'anonymous'>, string>;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(target);
    users.admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    users.coordinator = await t.createUser({
      email: 'coordinator@example.org',
      password: 'coordinator-secret',
      role: 'coordinator',
    });
    users.manager = await t.createUser({
      email: 'manager@example.org',
      password: 'manager-secret',
      role: 'coordinator',
    });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: users.manager.id, feature: 'user_management', enabled: true });
    for (const actor of ['admin', 'coordinator', 'manager'] as const) {
      cookies[actor] = await t.signIn(users[actor].email, users[actor].password);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function fresh(role?: 'coordinator') {
    serial += 1;
    return t.createUser({ email: `target-${serial}@example.org`, password: `target-secret-${serial}`, role });
  }
  const rolesOf = async (userId: string) =>
    (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map(
      (r) => r.role,
    );
  const passwordHash = async (userId: string) =>
    (await t.db.select({ password: account.password }).from(account).where(eq(account.userId, userId)))[0]!.password;
  const switchOf = async (userId: string, feature: string) =>
    (await t.db.select().from(coordinatorPermissions).where(eq(coordinatorPermissions.userId, userId))).find(
      (r) => r.feature === feature,
    )?.enabled;

  const ADMIN_ONLY: readonly Actor[] = ['manager', 'admin'];
  const SIGNED_IN: readonly Actor[] = ['coordinator', 'manager', 'admin'];

  // The settings calls act on whoever calls; `actorId` is filled in per call below.
  let actorId = '';

  const routes: Route[] = [
    {
      name: 'GET /api/admin/coordinators',
      ok: 200,
      allowed: ADMIN_ONLY,
      prepare: async () => {
        const listed = await fresh('coordinator');
        return { method: 'GET', path: '/api/admin/coordinators', secret: listed.email, happened: async () => true };
      },
    },
    {
      name: 'POST /api/admin/users',
      ok: 201,
      allowed: ADMIN_ONLY,
      prepare: async () => {
        serial += 1;
        const email = `created-${serial}@example.org`;
        return {
          method: 'POST',
          path: '/api/admin/users',
          body: { email, password: 'created-secret', fullName: 'Created' },
          happened: async () => (await findUserByEmail(t.db, email)) !== undefined,
        };
      },
    },
    {
      name: 'POST /api/admin/coordinators',
      ok: 201,
      allowed: ADMIN_ONLY,
      prepare: async () => {
        const person = await fresh();
        return {
          method: 'POST',
          path: '/api/admin/coordinators',
          body: { email: person.email },
          secret: person.id,
          happened: async () => (await rolesOf(person.id)).includes('coordinator'),
        };
      },
    },
    {
      name: 'PUT /api/admin/coordinators/:userId/permissions',
      ok: 200,
      allowed: ADMIN_ONLY,
      prepare: async () => {
        const person = await fresh('coordinator');
        return {
          method: 'PUT',
          path: `/api/admin/coordinators/${person.id}/permissions`,
          body: { feature: 'partners', enabled: false },
          secret: person.email,
          happened: async () => (await switchOf(person.id, 'partners')) === false,
        };
      },
    },
    {
      name: 'DELETE /api/admin/coordinators/:userId',
      ok: 200,
      allowed: ADMIN_ONLY,
      prepare: async () => {
        const person = await fresh('coordinator');
        return {
          method: 'DELETE',
          path: `/api/admin/coordinators/${person.id}`,
          secret: person.email,
          happened: async () => !(await rolesOf(person.id)).includes('coordinator'),
        };
      },
    },
    {
      name: 'GET /api/settings',
      ok: 200,
      allowed: SIGNED_IN,
      prepare: async () => ({ method: 'GET', path: '/api/settings', happened: async () => true }),
    },
    {
      name: 'PATCH /api/settings/profile',
      ok: 200,
      allowed: SIGNED_IN,
      prepare: async () => {
        serial += 1;
        const displayName = `Name ${serial}`;
        return {
          method: 'PATCH',
          path: '/api/settings/profile',
          body: { displayName },
          happened: async () => (await t.db.select().from(user).where(eq(user.displayName, displayName))).length === 1,
        };
      },
    },
    {
      name: 'PUT /api/settings/notifications',
      ok: 200,
      allowed: SIGNED_IN,
      prepare: async () => {
        const before = actorId ? (await t.db.select().from(user).where(eq(user.id, actorId)))[0]!.donationAlerts : true;
        return {
          method: 'PUT',
          path: '/api/settings/notifications',
          body: { donationAlerts: !before },
          happened: async () =>
            actorId !== '' &&
            (await t.db.select().from(user).where(eq(user.id, actorId)))[0]!.donationAlerts === !before,
        };
      },
    },
    {
      name: 'POST /api/settings/password',
      ok: 200,
      allowed: SIGNED_IN,
      prepare: async () => {
        // The caller keeps their password (set to itself), so later rows can still sign in.
        const password = actorId ? Object.values(users).find((u) => u.id === actorId)!.password : 'whatever-secret';
        // A new salt makes a new hash even for the same password: the change is visible.
        const before = actorId ? await passwordHash(actorId) : undefined;
        return {
          method: 'POST',
          path: '/api/settings/password',
          body: { newPassword: password, confirmPassword: password },
          happened: async () => actorId !== '' && (await passwordHash(actorId)) !== before,
        };
      },
    },
  ];

  const cases = routes.flatMap((route) => ACTORS.map((actor) => ({ route, actor })));

  it('covers every admin and settings route the app has', () => {
    const mounted = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && /^\/api\/(admin|settings)(\/|$)/.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...mounted].sort()).toEqual(routes.map((r) => r.name).sort());
  });

  it.each(cases.map((c) => [c.route.name, c.actor, c] as const))('%s as %s', async (_name, actor, { route }) => {
    actorId = actor === 'anonymous' ? '' : users[actor].id;
    const call = await route.prepare();
    const headers: Record<string, string> = {};
    if (actor !== 'anonymous') headers.cookie = cookies[actor];
    if (call.body !== undefined) headers['content-type'] = 'application/json';

    const response = await t.request(call.path, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });

    const text = await response.text();
    if (route.allowed.includes(actor)) {
      expect(response.status, text).toBe(route.ok);
      expect(await call.happened()).toBe(true);
      expect(text).not.toMatch(/argon2|token|"password"/i);
      return;
    }
    const expectedStatus = actor === 'anonymous' ? 401 : 403;
    expect(response.status, text).toBe(expectedStatus);
    expect(JSON.parse(text)).toEqual(actor === 'anonymous' ? NOT_AUTHENTICATED : FORBIDDEN);
    if (call.secret) expect(text).not.toContain(call.secret);
    if (call.method !== 'GET') expect(await call.happened()).toBe(false);
  });

  it('refuses a caller without the right before looking at the input', async () => {
    const anonymous = await t.postJson('/api/admin/users', { email: 'not-an-email' });
    expect(anonymous.status).toBe(401);
    const coordinator = await t.postJson(
      '/api/admin/users',
      { email: 'not-an-email' },
      { cookie: cookies.coordinator },
    );
    expect(coordinator.status).toBe(403);
    expect(await coordinator.json()).toEqual(FORBIDDEN);
    const settings = await t.postJson('/api/settings/password', { newPassword: 'a' });
    expect(settings.status).toBe(401);
  });

  it('answers unknown paths under /api/admin without revealing whether they exist', async () => {
    expect((await t.request('/api/admin/secrets')).status).toBe(401);
    expect((await t.request('/api/admin/secrets', { headers: { cookie: cookies.coordinator } })).status).toBe(403);
    expect((await t.request('/api/admin/secrets', { headers: { cookie: cookies.admin } })).status).toBe(404);
  });
});
