import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coordinatorPermissions, donations, partners, tasks } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { donorInsights } from './insights';

// Donor insights (issue 19 item 7): first-time, lapsed and late monthly donors.
describe.each(testDatabaseTargets())('donor insights on $name', (target) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const now = new Date('2026-06-20T12:00:00Z');
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  beforeAll(async () => {
    t = await createTestApp(target);
    const names = ['First', 'Faithful', 'Lapsed', 'Recent', 'Monthly', 'MonthlyPaid', 'Voided', 'Old'];
    const rows = await t.db
      .insert(partners)
      .values(names.map((name) => ({ name, email: `${name.toLowerCase()}@example.org` })))
      .returning({ id: partners.id, name: partners.name });
    for (const row of rows) ids[row.name] = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(donations);
  });

  const gift = (name: string, iso: string, extra: Partial<typeof donations.$inferInsert> = {}) => ({
    partnerId: ids[name]!,
    partnerName: name,
    amount: '20.00',
    donationType: 'one-time' as const,
    donationDate: day(iso),
    ...extra,
  });

  it('lists who gave for the first time this month, who went quiet, and whose monthly gift is late', async () => {
    await t.db.insert(donations).values([
      gift('First', '2026-06-05', { amount: '50.00' }),
      gift('Faithful', '2025-01-10'),
      gift('Faithful', '2026-06-02'),
      // Gave within the year before the last 90 days, nothing since 22 March.
      gift('Lapsed', '2025-12-01', { amount: '75.00' }),
      gift('Recent', '2025-12-01'),
      gift('Recent', '2026-05-01'),
      gift('Monthly', '2026-05-03', { donationType: 'monthly' }),
      gift('MonthlyPaid', '2026-05-03', { donationType: 'monthly' }),
      gift('MonthlyPaid', '2026-06-03', { donationType: 'monthly' }),
      // A voided gift counts for nobody: Voided did not give this month for the first time.
      gift('Voided', '2026-06-04', { voidedAt: new Date(), voidReason: 'Bounced' }),
      // Two years ago: not lapsed (long gone), and no gift this month.
      gift('Old', '2024-01-01'),
      // Not linked to a partner: no one to call.
      { partnerName: 'Anonymous', amount: '5.00', donationType: 'one-time', donationDate: day('2026-06-06') },
    ]);
    const insights = await donorInsights(t.db, now, 'UTC', { openTasks: true });
    expect(insights.firstTime.donors.map((d) => d.partnerName)).toEqual(['First']);
    expect(insights.firstTime.donors[0]).toMatchObject({ partnerId: ids.First, lastAmount: '50.00' });
    expect(insights.lapsed).toMatchObject({ count: 1, donors: [{ partnerName: 'Lapsed', lastAmount: '75.00' }] });
    expect(insights.monthlyMissing.donors.map((d) => d.partnerName)).toEqual(['Monthly']);
    expect(insights.monthlyMissing.donors[0]!.lastGiftAt).toBe('2026-05-03T12:00:00.000Z');
  });

  it("names a donor's open task that falls due first, so no second follow-up is made", async () => {
    await t.db.delete(tasks);
    await t.db.insert(donations).values([gift('First', '2026-06-05'), gift('Lapsed', '2025-12-01')]);
    await t.db.insert(tasks).values([
      { title: 'Thank First later', partnerId: ids.First!, dueDate: '2026-07-01' },
      { title: 'Thank First', partnerId: ids.First!, dueDate: '2026-06-25' },
      // Done, or about someone else: not an open follow-up of Lapsed.
      { title: 'Called Lapsed', partnerId: ids.Lapsed!, status: 'completed', completedAt: new Date() },
      { title: 'Call Recent', partnerId: ids.Recent! },
    ]);
    const insights = await donorInsights(t.db, now, 'UTC', { openTasks: true });
    expect(insights.firstTime.donors[0]!.openTask).toMatchObject({ title: 'Thank First' });
    expect(insights.lapsed.donors[0]!.openTask).toBeNull();
    // A reader without Tasks is told of no task.
    const unseen = await donorInsights(t.db, now, 'UTC', { openTasks: false });
    expect(unseen.firstTime.donors[0]!.openTask).toBeNull();
  });

  it('takes months in the person zone, and is for holders of Giving Records', async () => {
    // 1 June 02:00 UTC is still May in Chicago: not a gift of June there.
    await t.db
      .insert(donations)
      .values(gift('First', '2026-06-01', { donationDate: new Date('2026-06-01T02:00:00Z') }));
    expect((await donorInsights(t.db, now, 'UTC', { openTasks: true })).firstTime.count).toBe(1);
    expect((await donorInsights(t.db, now, 'America/Chicago', { openTasks: true })).firstTime.count).toBe(0);

    await t.createUser({ email: 'helper@example.org', password: 'helper-secret' });
    const treasurer = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: treasurer.id, feature: 'giving', enabled: true });
    const ask = async (email: string, password: string) =>
      t.request('/api/giving/insights?tz=America/Chicago', { headers: { cookie: await t.signIn(email, password) } });
    expect((await ask('helper@example.org', 'helper-secret')).status).toBe(403);
    const allowed = await ask('treasurer@example.org', 'treasurer-secret');
    expect(allowed.status).toBe(200);
    // The route's month is today's: June's gift is not a first gift of it.
    expect(await allowed.json()).toMatchObject({ firstTime: { count: 0, donors: [] } });
  });
});
