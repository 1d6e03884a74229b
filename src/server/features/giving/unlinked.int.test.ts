import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, coordinatorPermissions, donations, partners } from '#server/db/schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

// Gifts without a partner, grouped by name with a suggested partner, and linked in bulk (issue 19 item 3).
describe.each(testDatabaseTargets())('gifts without a partner on $name', (target) => {
  let t: TestApp;
  let treasurer: string;
  let treasurerId: string;
  let coordinator: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    treasurerId = (await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' })).id;
    await t.db.insert(coordinatorPermissions).values({ userId: treasurerId, feature: 'giving', enabled: true });
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    const rows = await t.db
      .insert(partners)
      .values([
        { name: 'Ruth Miller', email: 'ruth@example.org' },
        { name: 'John Smith', email: 'john.one@example.org' },
        { name: 'John Smith', email: 'john.two@example.org' },
        { name: 'Naomi Reed', email: 'naomi@example.org' },
      ])
      .returning({ id: partners.id, email: partners.email });
    for (const row of rows) ids[row.email] = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(donations);
  });

  const gift = (partnerName: string, amount: string, extra: Partial<typeof donations.$inferInsert> = {}) => ({
    partnerName,
    amount,
    donationType: 'one-time' as const,
    ...extra,
  });
  interface Groups {
    count: number;
    groups: {
      key: string;
      name: string;
      gifts: number;
      total: string;
      suggestion: { id: string; name: string; matchedBy: string } | null;
    }[];
  }
  const groups = async (cookie = treasurer) => {
    const response = await t.request('/api/giving/unlinked', { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as Groups;
  };

  it('groups them by name and suggests the partner by email, then by a name only one partner has', async () => {
    await t.db
      .insert(donations)
      .values([
        gift('ruth miller ', '10.00'),
        gift('Ruth Miller', '15.00'),
        gift('RUTH@example.org', '5.00'),
        gift('John Smith', '20.00'),
        gift('Walk-in visitor', '7.50'),
        gift('Walk-in visitor', '2.50', { voidedAt: new Date(), voidReason: 'Twice' }),
        gift('Naomi Reed', '30.00', { partnerId: ids['naomi@example.org'] }),
      ]);
    const { count, groups: found } = await groups();
    expect(count).toBe(4);
    const byKey = Object.fromEntries(found.map((g) => [g.key, g]));
    expect(byKey['ruth miller']).toMatchObject({ gifts: 2, total: '25.00' });
    expect(byKey['ruth miller']!.suggestion).toMatchObject({ id: ids['ruth@example.org'], matchedBy: 'name' });
    expect(byKey['ruth@example.org']!.suggestion).toMatchObject({ id: ids['ruth@example.org'], matchedBy: 'email' });
    // Two John Smiths: no guess. A voided gift is not offered.
    expect(byKey['john smith']!.suggestion).toBeNull();
    expect(byKey['walk-in visitor']).toMatchObject({ gifts: 1, total: '7.50', suggestion: null });
  });

  it('links every gift of a group at once, once, with one record that each gift history shows', async () => {
    await t.db
      .insert(donations)
      .values([gift('ruth miller', '10.00'), gift('Ruth Miller ', '15.00'), gift('Other', '1.00')]);
    const link = (body: unknown, cookie = treasurer) => t.postJson('/api/giving/unlinked/link', body, { cookie });
    expect(
      (await link({ links: [{ key: 'ruth miller', partnerId: ids['ruth@example.org'] }] }, coordinator)).status,
    ).toBe(403);
    const missing = await link({ links: [{ key: 'ruth miller', partnerId: '00000000-0000-4000-8000-000000000000' }] });
    expect(missing.status).toBe(400);
    expect((await t.db.select().from(donations).where(isNull(donations.partnerId))).length).toBe(3);

    const done = await link({ links: [{ key: 'Ruth Miller', partnerId: ids['ruth@example.org'] }] });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toEqual({ linked: 2, partners: 1 });
    const linked = await t.db.select().from(donations).where(eq(donations.partnerId, ids['ruth@example.org']!));
    expect(linked.map((g) => [g.partnerName, g.version])).toEqual([
      ['Ruth Miller', 2],
      ['Ruth Miller', 2],
    ]);
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));

    // Nothing left to link there: said so, nothing written.
    const again = await link({ links: [{ key: 'ruth miller', partnerId: ids['ruth@example.org'] }] });
    expect(again.status).toBe(409);
    const records = await t.db.select().from(activity).where(eq(activity.action, 'donations.linked'));
    expect(records).toHaveLength(1);
    expect(records[0]!.actorId).toBe(treasurerId);

    const history = await t.request(`/api/giving/gifts/${linked[0]!.id}/history`, { headers: { cookie: treasurer } });
    const entries = ((await history.json()) as { entries: { action: string }[] }).entries;
    expect(entries.map((e) => e.action)).toEqual(['donations.linked']);
    const partnerGifts = await t.request(`/api/giving/partners/${ids['ruth@example.org']}/donations`, {
      headers: { cookie: treasurer },
    });
    expect(await partnerGifts.json()).toMatchObject({ count: 2, total: '25.00' });
  });
});
