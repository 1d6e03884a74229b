import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countUsers } from './auth/users';
import { bootstrapFirstAdmin, DEFAULT_ADMIN_EMAIL } from './bootstrap-admin';
import { user, userRoles } from './db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

describe.each(testDatabaseTargets())('bootstrapFirstAdmin on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // Each case starts from an empty installation (accounts, sessions and roles cascade).
    await t.db.execute(sql`delete from "user"`);
  });

  async function me(cookie: string) {
    const response = await t.request('/api/me', { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as { user: { email: string }; role: string };
  }

  it('creates an admin from the configured email and password', async () => {
    const admin = await bootstrapFirstAdmin(t.db, { email: 'pastor@example.org', password: 'first-secret' });

    expect(admin).toEqual({ email: 'pastor@example.org', generatedPassword: undefined });
    expect(await countUsers(t.db)).toBe(1);
    const [row] = await t.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .where(eq(user.email, 'pastor@example.org'));
    expect(row?.role).toBe('admin');

    const cookie = await t.signIn('pastor@example.org', 'first-secret');
    expect(await me(cookie)).toMatchObject({ user: { email: 'pastor@example.org' }, role: 'admin' });
  });

  it('generates a password, returned once, when none is configured', async () => {
    const admin = await bootstrapFirstAdmin(t.db, {});

    expect(admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
    const password = admin?.generatedPassword;
    expect(password).toEqual(expect.any(String));
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect(password).toMatch(/^[A-Za-z0-9_-]+$/);

    const cookie = await t.signIn(DEFAULT_ADMIN_EMAIL, password!);
    expect(await me(cookie)).toMatchObject({ user: { email: DEFAULT_ADMIN_EMAIL }, role: 'admin' });
  });

  it('generates a different password on each installation', async () => {
    const first = await bootstrapFirstAdmin(t.db, {});
    await t.db.execute(sql`delete from "user"`);
    const second = await bootstrapFirstAdmin(t.db, {});
    expect(first?.generatedPassword).toBeTruthy();
    expect(second?.generatedPassword).toBeTruthy();
    expect(second?.generatedPassword).not.toBe(first?.generatedPassword);
  });

  it('creates nothing once the database has a user', async () => {
    await bootstrapFirstAdmin(t.db, { email: 'pastor@example.org', password: 'first-secret' });

    const again = await bootstrapFirstAdmin(t.db, { email: 'someone-else@example.org', password: 'other-secret' });
    const generated = await bootstrapFirstAdmin(t.db, {});

    expect(again).toBeUndefined();
    expect(generated).toBeUndefined();
    expect(await countUsers(t.db)).toBe(1);
    expect((await t.signInResponse('someone-else@example.org', 'other-secret')).status).toBe(401);
    // The original admin's password was not reset.
    expect((await t.signInResponse('pastor@example.org', 'first-secret')).status).toBe(200);
  });

  it('creates nothing when the only user is a coordinator', async () => {
    await t.createUser({ email: 'coordinator@example.org', password: 'coordinator-secret' });
    expect(await bootstrapFirstAdmin(t.db, {})).toBeUndefined();
    expect(await countUsers(t.db)).toBe(1);
  });
});
