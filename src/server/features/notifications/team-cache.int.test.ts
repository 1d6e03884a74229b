import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, user } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

/**
 * The team a change's notices go to (decision 0149): on the embedded database it is kept
 * between changes and forgotten at every committed change to an account, a role or a switch;
 * on PostgreSQL it is read for each change. Either way a change to the team applies to the
 * very next notice.
 */
describe.each(testDatabaseTargets())('the team a change notifies, on $name', (target) => {
  let t: TestApp;
  let admin: TestUser & { cookie: string };
  let cora: TestUser & { cookie: string };
  let gifts = 0;

  beforeAll(async () => {
    t = await createTestApp(target);
    const signedIn = async (email: string, fullName: string, role: 'admin' | 'coordinator') => {
      const created = await t.createUser({ email, password: 'long-secret', fullName, role });
      return { ...created, cookie: await t.signIn(email, 'long-secret') };
    };
    admin = await signedIn('admin@example.org', 'Ada Admin', 'admin');
    cora = await signedIn('cora@example.org', 'Cora Coordinator', 'coordinator');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (method: string, path: string, cookie: string, body?: unknown) => {
    const response = await t.sendJson(method, path, body, { cookie });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  };
  /** Records a gift as the admin; true when Cora got its alert. */
  const coraToldOfAGift = async () => {
    gifts += 1;
    const amount = `${gifts}.00`;
    await send('POST', '/api/giving/donations', admin.cookie, {
      partnerName: 'Hannah',
      amount,
      donationType: 'one-time',
    });
    const told = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, cora.id), eq(notifications.title, `Gift recorded: $${amount} from Hannah`)),
      );
    return told.length === 1;
  };
  const setGiving = (enabled: boolean) =>
    send('PUT', `/api/admin/coordinators/${cora.id}/permissions`, admin.cookie, { feature: 'giving', enabled });

  it('applies each change to the team to the very next notice', async () => {
    // Coordinators hold Giving Records only when it is switched on (D12).
    expect(await coraToldOfAGift()).toBe(false);
    await setGiving(true);
    expect(await coraToldOfAGift()).toBe(true);
    expect(await coraToldOfAGift()).toBe(true);
    await send('PUT', '/api/settings/notifications', cora.cookie, { donationAlerts: false });
    expect(await coraToldOfAGift()).toBe(false);
    await send('PUT', '/api/settings/notifications', cora.cookie, { donationAlerts: true });
    expect(await coraToldOfAGift()).toBe(true);
    await setGiving(false);
    expect(await coraToldOfAGift()).toBe(false);
    await setGiving(true);
    expect(await coraToldOfAGift()).toBe(true);
    await send('POST', `/api/accounts/${cora.id}/deactivate`, admin.cookie);
    expect(await coraToldOfAGift()).toBe(false);
  });

  it('is kept between changes on the embedded database only', async () => {
    await t.db.update(user).set({ deactivatedAt: null }).where(eq(user.id, cora.id));
    await setGiving(true);
    expect(await coraToldOfAGift()).toBe(true);
    // A write that announces nothing (its triggers off): only a team read for this very change
    // sees it. The cache exists only where every write announces itself (decision 0064).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(user).set({ donationAlerts: false }).where(eq(user.id, cora.id));
    });
    expect(await coraToldOfAGift()).toBe(target.name === 'pglite');
    // Any announced change to an account empties the cache: the switch read above now counts.
    await t.db.update(user).set({ updatedAt: new Date() }).where(eq(user.id, admin.id));
    expect(await coraToldOfAGift()).toBe(false);
  });
});
