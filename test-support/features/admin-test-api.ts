/** The admin API as the integration tests call it: an admin, a manager, typed answers, streams. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { coordinatorPermissions } from '#server/db/schema';
import { readSse, type SseMessage } from '#test-support/sse';
import { createTestApp, type TestApp, type TestDatabaseTarget, type TestUser } from '#test-support/test-database';
import { SWITCHABLE_FEATURES, type SwitchableFeature } from '#shared/permissions';

export interface CoordinatorBody {
  id: string;
  email: string;
  name: string;
  permissions: Record<SwitchableFeature, boolean>;
  deactivated: boolean;
}

export const DEFAULT_SWITCHES = Object.fromEntries(
  SWITCHABLE_FEATURES.map((f) => [f, f !== 'user_management' && f !== 'giving']),
);
/** An account without a role: every switch off (D4). */
export const NO_SWITCHES = Object.fromEntries(SWITCHABLE_FEATURES.map((f) => [f, false]));

export interface AdminFixture {
  t: TestApp;
  admin: TestUser;
  /** A coordinator granted user_management. */
  manager: TestUser;
  cookies: { admin: string; manager: string };
}

/** A test app with the admin and the manager signed in; the caller closes `t`. */
export async function openAdminFixture(target: TestDatabaseTarget): Promise<AdminFixture> {
  const t = await createTestApp(target);
  const admin = await t.createUser({
    email: 'pastor@example.org',
    password: 'admin-secret',
    role: 'admin',
    fullName: 'Pastor',
  });
  const manager = await t.createUser({ email: 'manager@example.org', password: 'manager-secret', role: 'coordinator' });
  await t.db.insert(coordinatorPermissions).values({ userId: manager.id, feature: 'user_management', enabled: true });
  const cookies = {
    admin: await t.signIn(admin.email, admin.password),
    manager: await t.signIn(manager.email, manager.password),
  };
  return { t, admin, manager, cookies };
}

/**
 * Calls on the fixture `fixture()` returns (a function, as suites open it in beforeAll).
 * Streams opened here stay open until closeStreams.
 */
export function adminTestApi(fixture: () => AdminFixture) {
  let serial = 0;
  const readers: ReturnType<typeof readSse>[] = [];

  /** A fresh account: without a role unless `role` says otherwise. */
  async function freshUser(role: 'coordinator' | 'admin' | 'none' = 'none') {
    serial += 1;
    return fixture().t.createUser({
      email: `person-${serial}@example.org`,
      password: `secret-${serial}`,
      role,
      fullName: `Person ${serial}`,
    });
  }

  const get = (path: string, cookie: string) => fixture().t.request(path, { headers: { cookie } });
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    fixture().t.sendJson(method, path, body, { cookie });
  const setSwitch = (cookie: string, userId: string, feature: string, enabled: unknown) =>
    send('PUT', `/api/admin/coordinators/${userId}/permissions`, cookie, { feature, enabled });

  async function listed(cookie = fixture().cookies.admin): Promise<CoordinatorBody[]> {
    const response = await get('/api/admin/coordinators', cookie);
    expect(response.status).toBe(200);
    return ((await response.json()) as { coordinators: CoordinatorBody[] }).coordinators;
  }
  async function permissionsOf(person: TestUser) {
    const cookie = await fixture().t.signIn(person.email, person.password);
    const body = (await (await get('/api/me', cookie)).json()) as {
      role: string;
      permissions: Record<string, boolean>;
    };
    return body.permissions;
  }
  async function switchRows(userId: string) {
    return fixture()
      .t.db.select({ feature: coordinatorPermissions.feature, enabled: coordinatorPermissions.enabled })
      .from(coordinatorPermissions)
      .where(eq(coordinatorPermissions.userId, userId));
  }
  async function openStream(cookie: string) {
    const response = await fixture().t.app.request('/api/realtime', { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    expect(await reader.next()).toMatchObject({ event: 'ready' });
    return reader;
  }
  async function closeStreams() {
    for (const reader of readers.splice(0)) await reader.close();
  }
  const eventOf = (message: SseMessage) => ({ event: message.event, data: JSON.parse(message.data) as unknown });

  return { freshUser, get, send, setSwitch, listed, permissionsOf, switchRows, openStream, closeStreams, eventOf };
}
