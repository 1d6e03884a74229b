import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, user, userRoles } from '#server/db/schema';
import { findUserByEmail } from '#server/auth/users';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  adminTestApi,
  DEFAULT_SWITCHES,
  NO_SWITCHES,
  openAdminFixture,
  type AdminFixture,
  type CoordinatorBody,
} from '#test-support/features/admin-test-api';

// Creating users, adding, listing and removing coordinators (their feature switches are in
// coordinator-switches.int.test.ts).
describe.each(testDatabaseTargets())('admin user management on $name', (target) => {
  let fixture: AdminFixture;
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let cookies: AdminFixture['cookies'];

  beforeAll(async () => {
    fixture = await openAdminFixture(target);
    ({ t, admin, manager, cookies } = fixture);
  });
  afterAll(async () => {
    await closeStreams();
    await fixture?.t.close();
  });

  const { freshUser, get, send, setSwitch, listed, switchRows, openStream, closeStreams, eventOf } = adminTestApi(
    () => fixture,
  );

  describe('create user', () => {
    it('creates an account that signs in with the given password and name, and returns no secret', async () => {
      const response = await t.postJson(
        '/api/admin/users',
        { email: '  New.Person@Example.org ', password: 'first-password', fullName: ' New Person ' },
        { cookie: cookies.admin },
      );
      expect(response.status).toBe(201);
      const text = await response.text();
      const body = JSON.parse(text) as { user: { id: string; email: string; name: string } };
      expect(body).toEqual({ user: { id: expect.any(String), email: 'new.person@example.org', name: 'New Person' } });
      expect(text).not.toMatch(/argon2|first-password|password|token/i);

      const cookie = await t.signIn('new.person@example.org', 'first-password');
      const me = (await (await get('/api/me', cookie)).json()) as { user: { name: string }; role: string };
      // Not yet a coordinator: Settings only (D4), listed so that it can be given access.
      expect(me).toMatchObject({ user: { name: 'New Person' }, role: 'none' });
      expect((await listed()).find((c) => c.email === 'new.person@example.org')).toMatchObject({
        role: 'none',
        permissions: NO_SWITCHES,
      });
    });

    it('lets a coordinator with user management create users too', async () => {
      const response = await t.postJson(
        '/api/admin/users',
        { email: 'by-manager@example.org', password: 'secret-1' },
        { cookie: cookies.manager },
      );
      expect(response.status).toBe(201);
      expect(await findUserByEmail(t.db, 'by-manager@example.org')).toBeDefined();
    });

    it('refuses a duplicate email, whatever its case, with a readable reason and no second account', async () => {
      const response = await t.postJson(
        '/api/admin/users',
        { email: 'PASTOR@example.org', password: 'another-one' },
        { cookie: cookies.admin },
      );
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: 'A user with this email address already exists.' });
      const rows = await t.db.select().from(user).where(eq(user.email, 'pastor@example.org'));
      expect(rows).toHaveLength(1);
      // The existing admin's password is untouched.
      await t.signIn(admin.email, admin.password);
    });

    it.each([
      [{ email: 'short@example.org', password: '12345' }, 'Password must be at least 6 characters'],
      [{ email: 'short@example.org', password: '' }, 'Please enter both email and password'],
      [{ email: '', password: 'long-enough' }, 'Please enter both email and password'],
      [{ password: 'long-enough' }, 'Please enter both email and password'],
      [{ email: 'short@example.org' }, 'Please enter both email and password'],
      [{ email: 'not-an-email', password: 'long-enough' }, 'Please enter a valid email address'],
      [
        { email: 'short@example.org', password: 'long-enough', fullName: 'x'.repeat(101) },
        'Full name must be at most 100 characters',
      ],
      [{ email: 'short@example.org', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
      const response = await t.postJson('/api/admin/users', body, { cookie: cookies.admin });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await findUserByEmail(t.db, 'short@example.org')).toBeUndefined();
    });
  });

  describe('add coordinator', () => {
    it('assigns the role by email (any case), lists the person with default switches, and tells their tabs', async () => {
      const person = await freshUser();
      const stream = await openStream(await t.signIn(person.email, person.password));

      const response = await t.postJson(
        '/api/admin/coordinators',
        { email: ` ${person.email.toUpperCase()} ` },
        { cookie: cookies.admin },
      );

      expect(response.status).toBe(201);
      const { coordinator } = (await response.json()) as { coordinator: CoordinatorBody };
      expect(coordinator).toEqual({
        id: person.id,
        email: person.email,
        name: expect.stringMatching(/^Person /),
        role: 'coordinator',
        permissions: DEFAULT_SWITCHES,
        deactivated: false,
      });
      expect((await listed()).find((c) => c.id === person.id)).toEqual(coordinator);
      expect(eventOf(await stream.next(2000))).toEqual({
        event: 'permissions.changed',
        data: { type: 'permissions.changed', userId: person.id },
      });
    });

    it('answers an unknown email with 404 and a readable reason', async () => {
      const response = await t.postJson(
        '/api/admin/coordinators',
        { email: 'nobody@example.org' },
        { cookie: cookies.admin },
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'No user with this email address exists. Create the user first.',
      });
    });

    it('refuses someone who is already a coordinator, and an admin', async () => {
      const already = await freshUser('coordinator');
      const again = await t.postJson('/api/admin/coordinators', { email: already.email }, { cookie: cookies.admin });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: 'This person is already a coordinator.' });

      const otherAdmin = await freshUser('admin');
      const asAdmin = await t.postJson(
        '/api/admin/coordinators',
        { email: otherAdmin.email },
        { cookie: cookies.admin },
      );
      expect(asAdmin.status).toBe(409);
      expect(await asAdmin.json()).toEqual({ error: 'This person is an admin and already has every permission.' });
      const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, otherAdmin.id));
      expect(roles.map((r) => r.role)).toEqual(['admin']);
    });

    it.each([
      [{ email: '' }, 'Please enter an email address'],
      [{ email: '   ' }, 'Please enter an email address'],
      [{}, 'Please enter an email address'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    ])('refuses %j with 400 "%s"', async (body, message) => {
      const before = await t.db.select().from(userRoles);
      const response = await t.postJson('/api/admin/coordinators', body, { cookie: cookies.admin });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await t.db.select().from(userRoles)).toHaveLength(before.length);
    });
  });

  describe('coordinator list', () => {
    it('lists coordinators by email with their effective switches, and never an admin or a secret', async () => {
      const restricted = await freshUser('coordinator');
      await t.db.insert(coordinatorPermissions).values([
        { userId: restricted.id, feature: 'chat', enabled: false },
        { userId: restricted.id, feature: 'settings', enabled: false }, // not a switch on this screen
      ]);
      // An admin who also has a coordinator row is still an admin: not listed.
      const both = await freshUser('admin');
      await t.db.insert(userRoles).values({ userId: both.id, role: 'coordinator' });

      const response = await get('/api/admin/coordinators', cookies.admin);
      const text = await response.text();
      const { coordinators } = JSON.parse(text) as { coordinators: CoordinatorBody[] };

      expect(coordinators.map((c) => c.email)).toEqual([...coordinators.map((c) => c.email)].sort());
      expect(coordinators.map((c) => c.id)).not.toContain(both.id);
      expect(coordinators.map((c) => c.id)).not.toContain(admin.id);
      expect(coordinators.find((c) => c.id === restricted.id)!.permissions).toEqual({
        ...DEFAULT_SWITCHES,
        chat: false,
      });
      expect(coordinators.find((c) => c.id === manager.id)!.permissions).toEqual({
        ...DEFAULT_SWITCHES,
        user_management: true,
      });
      for (const c of coordinators)
        expect(Object.keys(c).sort()).toEqual(['deactivated', 'email', 'id', 'name', 'permissions', 'role']);
      expect(text).not.toMatch(/argon2|secret|token/i);
    });

    it('shows the display name when one is set', async () => {
      const person = await freshUser('coordinator');
      await t.db.update(user).set({ displayName: 'Pat' }).where(eq(user.id, person.id));
      expect((await listed()).find((c) => c.id === person.id)!.name).toBe('Pat');
    });

    it('says which accounts are deactivated, with their switches kept for reactivation', async () => {
      const person = await freshUser('coordinator');
      expect((await setSwitch(cookies.admin, person.id, 'chat', false)).status).toBe(200);
      expect((await listed()).find((c) => c.id === person.id)).toMatchObject({ deactivated: false });
      await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, person.id));
      expect((await listed()).find((c) => c.id === person.id)).toMatchObject({
        deactivated: true,
        role: 'coordinator',
        permissions: { ...DEFAULT_SWITCHES, chat: false },
      });
    });
  });
  describe('remove coordinator', () => {
    it('removes the role and every access at once; the person stays listed with no access', async () => {
      const person = await freshUser('coordinator');
      await t.db.insert(coordinatorPermissions).values([
        { userId: person.id, feature: 'chat', enabled: false },
        { userId: person.id, feature: 'user_management', enabled: true },
      ]);
      const cookie = await t.signIn(person.email, person.password);
      const stream = await openStream(cookie);
      expect((await get('/api/admin/coordinators', cookie)).status).toBe(200);

      const response = await send('DELETE', `/api/admin/coordinators/${person.id}`, cookies.admin);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect((await listed()).find((c) => c.id === person.id)).toMatchObject({
        role: 'none',
        permissions: NO_SWITCHES,
      });
      expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, person.id))).toEqual([]);
      // Kept for a later return as a coordinator, except user management, which only an admin gives.
      expect(await switchRows(person.id)).toEqual([{ feature: 'chat', enabled: false }]);
      expect(eventOf(await stream.next(2000)).event).toBe('permissions.changed');
      // Refused from the same moment, on the same session; the account itself remains.
      expect((await get('/api/admin/coordinators', cookie)).status).toBe(403);
      const me = (await (await get('/api/me', cookie)).json()) as {
        role: string;
        permissions: Record<string, boolean>;
      };
      expect(me.role).toBe('none');
      expect(Object.entries(me.permissions).filter(([, on]) => on)).toEqual([['settings', true]]);
      for (const path of ['/api/dashboard/summary', '/api/partners', '/api/chat/cardholders', '/api/tasks'])
        expect((await get(path, cookie)).status, path).toBe(403);
      expect((await get('/api/settings', cookie)).status).toBe(200);
    });

    it('lets a removed person be added again, with the restrictions they had', async () => {
      const person = await freshUser('coordinator');
      await setSwitch(cookies.admin, person.id, 'tasks', false);
      expect((await send('DELETE', `/api/admin/coordinators/${person.id}`, cookies.admin)).status).toBe(200);
      const again = await t.postJson('/api/admin/coordinators', { email: person.email }, { cookie: cookies.admin });
      expect(again.status).toBe(201);
      expect(((await again.json()) as { coordinator: CoordinatorBody }).coordinator.permissions.tasks).toBe(false);
    });

    it('refuses to remove an admin (an admin cannot lose the admin role here, not even their own)', async () => {
      for (const cookie of [cookies.admin, cookies.manager]) {
        const response = await send('DELETE', `/api/admin/coordinators/${admin.id}`, cookie);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          error: 'Admins always have every permission; they cannot be changed here.',
        });
      }
      const roles = await t.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, admin.id), eq(userRoles.role, 'admin')));
      expect(roles).toHaveLength(1);
      expect((await get('/api/admin/coordinators', cookies.admin)).status).toBe(200);
    });

    it('refuses a coordinator with user management their own removal', async () => {
      const response = await send('DELETE', `/api/admin/coordinators/${manager.id}`, cookies.manager);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'You cannot change your own role.' });
      expect((await listed()).map((c) => c.id)).toContain(manager.id);
    });

    it('refuses a manager whose role was removed adding themselves back: without a role they hold nothing', async () => {
      await t.db.delete(userRoles).where(eq(userRoles.userId, manager.id));
      try {
        const response = await t.postJson(
          '/api/admin/coordinators',
          { email: manager.email },
          { cookie: cookies.manager },
        );
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'You do not have permission to do this.' });
        expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, manager.id))).toEqual([]);
      } finally {
        await t.db.insert(userRoles).values({ userId: manager.id, role: 'coordinator' });
      }
    });

    it('answers 409 when the person has no role (already removed), and 404 for nobody', async () => {
      const person = await freshUser('coordinator');
      expect((await send('DELETE', `/api/admin/coordinators/${person.id}`, cookies.admin)).status).toBe(200);
      const again = await send('DELETE', `/api/admin/coordinators/${person.id}`, cookies.admin);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: 'This person has no access. Add them as a coordinator first.' });
      const nobody = await send('DELETE', '/api/admin/coordinators/no-such-person', cookies.admin);
      expect(nobody.status).toBe(404);
      expect(await nobody.json()).toEqual({ error: 'This person does not exist (they may have been deleted).' });
    });
  });
});
