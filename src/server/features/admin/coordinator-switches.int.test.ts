import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  adminTestApi,
  openAdminFixture,
  type AdminFixture,
  type CoordinatorBody,
} from '#test-support/features/admin-test-api';

// An admin or a manager turning a coordinator's features off and on, and who sees it when.
describe.each(testDatabaseTargets())('coordinator switches on $name', (target) => {
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

  const { freshUser, get, send, setSwitch, permissionsOf, switchRows, openStream, closeStreams, eventOf } =
    adminTestApi(() => fixture);

  describe('permission switches', () => {
    it('switches a feature off and on: the next request and the open tabs see it at once', async () => {
      const person = await freshUser('coordinator');
      const cookie = await t.signIn(person.email, person.password);
      const stream = await openStream(cookie);

      const off = await setSwitch(cookies.admin, person.id, 'partners', false);
      expect(off.status).toBe(200);
      expect(((await off.json()) as { coordinator: CoordinatorBody }).coordinator.permissions.partners).toBe(false);
      expect(eventOf(await stream.next(2000))).toEqual({
        event: 'permissions.changed',
        data: { type: 'permissions.changed', userId: person.id },
      });
      const me = (await (await get('/api/me', cookie)).json()) as { permissions: Record<string, boolean> };
      expect(me.permissions.partners).toBe(false);
      expect(me.permissions.tasks).toBe(true);

      const on = await setSwitch(cookies.admin, person.id, 'partners', true);
      expect(on.status).toBe(200);
      expect(eventOf(await stream.next(2000)).event).toBe('permissions.changed');
      expect((await permissionsOf(person)).partners).toBe(true);
      expect(await switchRows(person.id)).toEqual([{ feature: 'partners', enabled: true }]);
    });

    it('grants and revokes user management, which opens and closes the admin routes for that person', async () => {
      const person = await freshUser('coordinator');
      const cookie = await t.signIn(person.email, person.password);
      expect((await get('/api/admin/coordinators', cookie)).status).toBe(403);

      expect((await setSwitch(cookies.admin, person.id, 'user_management', true)).status).toBe(200);
      expect((await get('/api/admin/coordinators', cookie)).status).toBe(200);
      expect((await permissionsOf(person)).admin).toBe(true);

      expect((await setSwitch(cookies.admin, person.id, 'user_management', false)).status).toBe(200);
      expect((await get('/api/admin/coordinators', cookie)).status).toBe(403);
    });

    it('tells open admin screens that the list changed, but not people without user management', async () => {
      const person = await freshUser('coordinator');
      const bystander = await freshUser('coordinator');
      const managerStream = await openStream(cookies.manager);
      const bystanderStream = await openStream(await t.signIn(bystander.email, bystander.password));

      await setSwitch(cookies.admin, person.id, 'files', false);
      expect(eventOf(await managerStream.next(2000))).toEqual({
        event: 'coordinators.changed',
        data: { type: 'coordinators.changed', userId: person.id },
      });
      // The bystander's first event is their own, not the coordinators one.
      await setSwitch(cookies.admin, bystander.id, 'files', false);
      expect(eventOf(await bystanderStream.next(2000))).toEqual({
        event: 'permissions.changed',
        data: { type: 'permissions.changed', userId: bystander.id },
      });
    });

    it.each([
      [{ feature: 'settings', enabled: false }, 'Unknown permission'],
      [{ feature: 'admin', enabled: true }, 'Unknown permission'],
      [{ feature: 'donations', enabled: true }, 'Unknown permission'],
      [{ feature: 'partners', enabled: 'no' }, 'enabled must be true or false'],
      [{ feature: 'partners' }, 'enabled must be true or false'],
    ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
      const person = await freshUser('coordinator');
      const response = await send('PUT', `/api/admin/coordinators/${person.id}/permissions`, cookies.admin, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await switchRows(person.id)).toEqual([]);
    });

    it('answers 409 for someone without a role, and 404 for nobody', async () => {
      const noRole = await freshUser('none');
      const refused = await setSwitch(cookies.admin, noRole.id, 'partners', false);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: 'This person has no access. Add them as a coordinator first.' });
      const nobody = await setSwitch(cookies.admin, 'no-such-user', 'partners', false);
      expect(nobody.status).toBe(404);
      expect(await nobody.json()).toEqual({ error: 'This person does not exist (they may have been deleted).' });
      expect(await switchRows(noRole.id)).toEqual([]);
    });

    it('refuses to change an admin, for an admin and for a coordinator with user management', async () => {
      const otherAdmin = await freshUser('admin');
      for (const cookie of [cookies.admin, cookies.manager]) {
        for (const target of [admin, otherAdmin]) {
          const response = await setSwitch(cookie, target.id, 'partners', false);
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual({
            error: 'Admins always have every permission; they cannot be changed here.',
          });
        }
      }
      expect(await switchRows(admin.id)).toEqual([]);
      expect(await switchRows(otherAdmin.id)).toEqual([]);
    });

    it("refuses a coordinator with user management their own switches, but lets them change another coordinator's", async () => {
      for (const [feature, enabled] of [
        ['partners', false],
        ['user_management', false],
      ] as const) {
        const response = await setSwitch(cookies.manager, manager.id, feature, enabled);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'You cannot change your own permissions.' });
      }
      expect(await switchRows(manager.id)).toEqual([{ feature: 'user_management', enabled: true }]);

      const person = await freshUser('coordinator');
      expect((await setSwitch(cookies.manager, person.id, 'calendar', false)).status).toBe(200);
      expect((await permissionsOf(person)).calendar).toBe(false);
    });
  });

  // The probe's escalation: a manager makes a second account a coordinator with user
  // management, and that account switches the manager's own features back on.
  describe('a coordinator with user management cannot widen their own access (D4)', () => {
    it('refuses a manager giving or taking user management; an admin may', async () => {
      const person = await freshUser('coordinator');
      for (const enabled of [true, false]) {
        const response = await setSwitch(cookies.manager, person.id, 'user_management', enabled);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'Only an admin can give or take away user management.' });
      }
      expect(await switchRows(person.id)).toEqual([]);
      expect((await setSwitch(cookies.admin, person.id, 'user_management', true)).status).toBe(200);
      expect((await permissionsOf(person)).user_management).toBe(true);
    });

    it('keeps Giving Records to admins: a manager, even one holding it, neither gives nor takes it (D12)', async () => {
      await setSwitch(cookies.admin, manager.id, 'giving', true);
      try {
        const person = await freshUser('coordinator');
        const cookie = await t.signIn(person.email, person.password);
        expect((await get('/api/giving/gifts', cookie)).status).toBe(403);
        for (const enabled of [true, false]) {
          const response = await setSwitch(cookies.manager, person.id, 'giving', enabled);
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual({ error: 'Only an admin can give or take away Giving Records.' });
        }
        expect(await switchRows(person.id)).toEqual([]);

        expect((await setSwitch(cookies.admin, person.id, 'giving', true)).status).toBe(200);
        expect((await get('/api/giving/gifts', cookie)).status).toBe(200);
        // Removing the role revokes it: added again, the person does not get it back.
        expect((await send('DELETE', `/api/admin/coordinators/${person.id}`, cookies.admin)).status).toBe(200);
        expect(
          (await t.postJson('/api/admin/coordinators', { email: person.email }, { cookie: cookies.admin })).status,
        ).toBe(201);
        expect((await permissionsOf(person)).giving).toBe(false);
        expect((await get('/api/giving/gifts', cookie)).status).toBe(403);
      } finally {
        await setSwitch(cookies.admin, manager.id, 'giving', false);
      }
    });

    it('refuses a manager removing a coordinator who holds User Management or Giving Records (removing takes them away)', async () => {
      for (const feature of ['giving', 'user_management'] as const) {
        const person = await freshUser('coordinator');
        expect((await setSwitch(cookies.admin, person.id, feature, true)).status).toBe(200);
        const refused = await send('DELETE', `/api/admin/coordinators/${person.id}`, cookies.manager);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({
          error: 'Only an admin can remove a coordinator who has User Management or Giving Records.',
        });
        // Nothing changed: still a coordinator, the switch still on.
        expect((await permissionsOf(person))[feature]).toBe(true);
        expect((await permissionsOf(person)).dashboard).toBe(true);
      }
      // Without either, the manager may remove them; an admin always may.
      const plain = await freshUser('coordinator');
      expect((await send('DELETE', `/api/admin/coordinators/${plain.id}`, cookies.manager)).status).toBe(200);
      const granted = await freshUser('coordinator');
      await setSwitch(cookies.admin, granted.id, 'giving', true);
      expect((await send('DELETE', `/api/admin/coordinators/${granted.id}`, cookies.admin)).status).toBe(200);
    });

    it('refuses a manager switching on a feature they do not hold, but lets them switch it off', async () => {
      await setSwitch(cookies.admin, manager.id, 'cardholder_success', false);
      try {
        const person = await freshUser('coordinator');
        const off = await setSwitch(cookies.manager, person.id, 'cardholder_success', false);
        expect(off.status).toBe(200);
        const on = await setSwitch(cookies.manager, person.id, 'cardholder_success', true);
        expect(on.status).toBe(403);
        expect(await on.json()).toEqual({ error: 'You cannot give a permission that you do not have yourself.' });
        expect((await permissionsOf(person)).cardholder_success).toBe(false);
      } finally {
        await setSwitch(cookies.admin, manager.id, 'cardholder_success', true);
      }
    });

    it('gives a coordinator added by a manager nothing the manager lacks', async () => {
      await setSwitch(cookies.admin, manager.id, 'cardholder_success', false);
      try {
        const second = await freshUser('none');
        const added = await t.postJson('/api/admin/coordinators', { email: second.email }, { cookie: cookies.manager });
        expect(added.status).toBe(201);
        const { coordinator } = (await added.json()) as { coordinator: CoordinatorBody };
        expect(coordinator.permissions).toMatchObject({
          cardholder_success: false,
          user_management: false,
          chat: true,
        });
        // Signed in as the second account, the VIP channels stay closed.
        const cookie = await t.signIn(second.email, second.password);
        expect((await get('/api/chat/cardholders', cookie)).status).toBe(403);
        expect((await setSwitch(cookie, manager.id, 'cardholder_success', true)).status).toBe(403);
      } finally {
        await setSwitch(cookies.admin, manager.id, 'cardholder_success', true);
      }
    });
  });
});
