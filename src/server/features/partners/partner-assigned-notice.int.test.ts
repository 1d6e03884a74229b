import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coordinatorPermissions, notifications, user } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

/**
 * "A partner assigned to you" (issue 16 item 3): the partner's coordinator field is free text,
 * so the person it names exactly (full name, display name or email, one person only) is told,
 * when the partner is added with them or the field changes to them, under Partner Updates.
 */
describe.each(testDatabaseTargets())('a partner assigned to you on $name', (target) => {
  let t: TestApp;
  let admin: TestUser & { cookie: string };
  let ruth: TestUser;
  let sam: TestUser;
  let samuel: TestUser;

  const person = async (email: string, fullName: string, role: 'admin' | 'coordinator') => {
    const created = await t.createUser({ email, password: 'long-secret', fullName, role });
    return { ...created, cookie: await t.signIn(email, 'long-secret') };
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await person('admin@example.org', 'Ada Admin', 'admin');
    ruth = await person('ruth@example.org', 'Ruth Moab', 'coordinator');
    // Two people share the display name "Sam": it names neither of them.
    sam = await person('sam@example.org', 'Sam Short', 'coordinator');
    samuel = await person('samuel@example.org', 'Samuel Long', 'coordinator');
    await t.db.update(user).set({ displayName: 'Sam' }).where(eq(user.id, sam.id));
    await t.db.update(user).set({ displayName: 'Sam' }).where(eq(user.id, samuel.id));
  });
  beforeEach(async () => {
    await t.db.delete(notifications);
    await t.db.delete(coordinatorPermissions);
    await t.db.update(user).set({ partnerUpdates: true });
  });
  afterAll(async () => t?.close());

  const savePartner = async (method: 'POST' | 'PUT', body: Record<string, unknown>, id?: string) => {
    const response = await t.sendJson(method, `/api/partners${id ? `/${id}` : ''}`, body, { cookie: admin.cookie });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { partner: { id: string } }).partner;
  };
  const assignedTo = async (who: TestUser) =>
    (
      await t.db
        .select({ title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.recipientId, who.id), eq(notifications.kind, 'partner.assigned')))
    ).map((row) => `${row.title} -> ${row.link}`);

  it('tells the person the coordinator field names, by full name, in any case, and links to the partner', async () => {
    const partner = await savePartner('POST', { name: 'Boaz', email: 'boaz@example.org', coordinator: ' ruth moab ' });
    expect(await assignedTo(ruth)).toEqual([`You are now the coordinator of Boaz -> /partners?partner=${partner.id}`]);
    expect(await assignedTo(sam)).toEqual([]);
  });

  it('tells only when the field changes to someone, by email too, and not on other edits', async () => {
    const partner = await savePartner('POST', { name: 'Naomi', email: 'naomi@example.org' });
    expect(await assignedTo(ruth)).toEqual([]);
    const edit = { name: 'Naomi', email: 'naomi@example.org', coordinator: 'RUTH@example.org' };
    await savePartner('PUT', edit, partner.id);
    expect(await assignedTo(ruth)).toHaveLength(1);
    await savePartner('PUT', { ...edit, notes: 'Prefers calls' }, partner.id);
    await savePartner('PUT', { ...edit, coordinator: 'Ruth Moab' }, partner.id); // the same person, another way
    expect(await assignedTo(ruth)).toHaveLength(2);
  });

  it('names no one when the text is shared, unknown, or the person lacks partners or switched updates off', async () => {
    await savePartner('POST', { name: 'Orpah', email: 'orpah@example.org', coordinator: 'Sam' });
    await savePartner('POST', { name: 'Jesse', email: 'jesse@example.org', coordinator: 'Nobody Here' });
    expect(await assignedTo(sam)).toEqual([]);
    expect(await assignedTo(samuel)).toEqual([]);

    await t.db.insert(coordinatorPermissions).values({ userId: ruth.id, feature: 'partners', enabled: false });
    await savePartner('POST', { name: 'Obed', email: 'obed@example.org', coordinator: 'Ruth Moab' });
    expect(await assignedTo(ruth)).toEqual([]);

    await t.db.delete(coordinatorPermissions);
    await t.db.update(user).set({ partnerUpdates: false }).where(eq(user.id, samuel.id));
    await savePartner('POST', { name: 'Mahlon', email: 'mahlon@example.org', coordinator: 'Samuel Long' });
    expect(await assignedTo(samuel)).toEqual([]);
  });
});
