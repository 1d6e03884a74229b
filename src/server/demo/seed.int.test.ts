import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, emailOutbox, events, messages, partners, tasks, user, userRoles, userSignIns } from '../db/schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { donorInsights } from '../features/giving/insights';
import { pendingTasks } from '../features/tasks/figures';
import { verifyAuditChain } from '../ops/audit-verify';
import { DEMO_PASSWORD, seedDemoData } from './seed';

describe.each(testDatabaseTargets())('demo data on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds every feature, and its accounts sign in with their roles', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const users = await seedDemoData(t.db, now, undefined, 'http://localhost:3310');
    const countOf = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;
    expect(await countOf(user)).toBe(2 + users.coordinators.length);
    expect(await countOf(userRoles)).toBe(2 + users.coordinators.length);
    expect(await countOf(partners)).toBeGreaterThanOrEqual(10);
    expect(await countOf(events)).toBeGreaterThanOrEqual(3);
    expect(await countOf(tasks)).toBeGreaterThanOrEqual(5);
    expect(await countOf(messages)).toBeGreaterThanOrEqual(3);
    // The demo's emails link to the address the demo is served at, not a default port.
    const outbox = await t.db.select({ text: emailOutbox.text }).from(emailOutbox);
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.some((email) => email.text.includes('http://localhost:3310/reset-password'))).toBe(true);
    expect(outbox.some((email) => email.text.includes('localhost:3000'))).toBe(false);
    // Tasks were created over the past weeks, each before it was completed, so the dashboard's
    // "from last week" compares with a board that had tasks then.
    const board = await t.db.select({ createdAt: tasks.createdAt, completedAt: tasks.completedAt }).from(tasks);
    expect(
      board.every((task) => task.createdAt < now && (!task.completedAt || task.createdAt < task.completedAt)),
    ).toBe(true);
    const pending = await pendingTasks(t.db, now);
    expect(pending.change).toBeLessThan(pending.count);

    // Gifts spread over the months before `now`, none in the future.
    const gifts = await t.db.select({ date: donations.donationDate }).from(donations);
    expect(gifts.length).toBeGreaterThan(20);
    expect(gifts.every((g) => g.date <= now)).toBe(true);
    // Each month the dashboard's chart shows before this one has gifts, and so has last year.
    const months = new Set(gifts.map((g) => `${g.date.getFullYear()}-${g.date.getMonth()}`));
    for (let back = 1; back < 12; back++) {
      const month = new Date(now.getFullYear(), now.getMonth() - back, 1);
      expect(months.has(`${month.getFullYear()}-${month.getMonth()}`), month.toDateString()).toBe(true);
    }
    expect(gifts.some((g) => g.date.getFullYear() === now.getFullYear() - 1)).toBe(true);
    // The Giving screen's donor insights each list someone (the server's own time zone, as the
    // seeder's months are).
    const insights = await donorInsights(t.db, now, Intl.DateTimeFormat().resolvedOptions().timeZone, {
      openTasks: true,
    });
    expect(insights.firstTime.donors.map((d) => d.partnerName)).toEqual(['Samuel Okafor']);
    expect(insights.lapsed.donors.map((d) => d.partnerName)).toEqual(['Faith Builders Foundation']);
    // Others too, early in a month, whose day has not come yet.
    expect(insights.monthlyMissing.donors.map((d) => d.partnerName)).toContain('Daniel & Ruth Álvarez');
    // The dashboard's giving rollup follows the seeded gifts (docs/decisions/0059).
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));

    const adminCookie = await t.signIn(users.admin.email, DEMO_PASSWORD);
    expect(
      ((await (await t.request('/api/me', { headers: { cookie: adminCookie } })).json()) as { role: string }).role,
    ).toBe('admin');
    // A partner written with an accent is found without it (decision 0180).
    const found = await t.request('/api/partners?q=alvarez', { headers: { cookie: adminCookie } });
    expect(((await found.json()) as { partners: { name: string }[] }).partners.map((p) => p.name)).toEqual([
      'Daniel & Ruth Álvarez',
    ]);
    // And in chat (decision 0181).
    const said = await t.request('/api/chat/search?q=cafe%20alvarez', { headers: { cookie: adminCookie } });
    expect(((await said.json()) as { results: { content: string }[] }).results.map((r) => r.content)).toEqual([
      'Ruth Álvarez starts at the Café Esperanza on Monday; please pray for her first week.',
    ]);
    const coordinatorCookie = await t.signIn(users.coordinators[0]!.email, DEMO_PASSWORD);
    const me = (await (await t.request('/api/me', { headers: { cookie: coordinatorCookie } })).json()) as {
      role: string;
    };
    expect(me.role).toBe('coordinator');
    // The volunteer who left is deactivated: the right password is refused (decision 0104).
    expect((await t.signInResponse(users.former.email, DEMO_PASSWORD)).status).toBe(403);

    // The bell has something to show, some of it unread.
    const bellOf = async (cookie: string) =>
      (await (await t.request('/api/notifications', { headers: { cookie } })).json()) as {
        items: { title: string; read: boolean; kind: string; link: string; createdAt: string }[];
        unread: number;
      };
    const bell = await bellOf(adminCookie);
    expect(bell.items.length).toBeGreaterThanOrEqual(3);
    expect(bell.unread).toBeGreaterThan(0);
    expect(bell.unread).toBeLessThan(bell.items.length);
    // Newest first, and about what was seeded: the new partner's first gift, recorded by Michael.
    const times = bell.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(bell.items.map((i) => i.title)).toContain('Gift recorded: $150.00 from Samuel Okafor');
    // Sarah is told of the tasks assigned to her, by their titles on the board.
    const assigned = (await bellOf(coordinatorCookie)).items.filter((i) => i.kind === 'task.assigned');
    const titles = new Set((await t.db.select({ title: tasks.title }).from(tasks)).map((task) => task.title));
    expect(assigned.length).toBeGreaterThan(0);
    for (const item of assigned)
      expect(titles.has(item.title.replace('Task assigned to you: ', '')), item.title).toBe(true);
    // The mention opens the channel at the message that mentions the admin.
    const mention = bell.items.find((i) => i.kind === 'chat.mention')!;
    const linked = new URL(mention.link, 'http://portal').searchParams;
    const page = (await (
      await t.request(
        `/api/chat/messages?${new URLSearchParams({ chatType: linked.get('type')!, partner: linked.get('channel')!, around: linked.get('message')! })}`,
        { headers: { cookie: adminCookie } },
      )
    ).json()) as { messages: { id: number; content: string }[] };
    expect(page.messages.find((m) => m.id === Number(linked.get('message')))?.content).toContain('@');

    // The audit log holds the ministry's past, dated when it happened, not only the moment the
    // demo was seeded (history.ts): the partners added, named, and a week of sign-ins.
    const auditOf = async (query: string) =>
      (await (await t.request(`/api/audit?${query}`, { headers: { cookie: adminCookie } })).json()) as {
        entries: { at: string; subjectLabel: string | null; actor: { name: string } | null }[];
      };
    const added = await auditOf('action=partner.created');
    expect(added.entries.map((e) => e.subjectLabel)).toContain('Samuel Okafor');
    expect(added.entries.every((e) => new Date(e.at) < now)).toBe(true);
    expect((await auditOf('action=sign_in.failed')).entries).toHaveLength(1);
    // The accounts list's last sign-ins agree with the log: each of the team's, none for the
    // volunteer who left.
    const signedIn = await t.db.select({ userId: userSignIns.userId, at: userSignIns.lastSignInAt }).from(userSignIns);
    expect(new Set(signedIn.map((s) => s.userId))).toEqual(
      new Set([users.admin.id, ...users.coordinators.map((c) => c.id)]),
    );
    // Events were put in the calendar before the demo's moment and before they take place.
    const planned = await t.db.select({ createdAt: events.createdAt, startDate: events.startDate }).from(events);
    expect(planned.every((e) => e.createdAt < now && e.createdAt < e.startDate)).toBe(true);
    // A corrected gift's history lists its recording first, by who recorded it, then the correction.
    const [corrected] = await t.db
      .select({ id: donations.id })
      .from(donations)
      .where(eq(donations.notes, 'Amount corrected from the check'));
    const history = (await (
      await t.request(`/api/giving/gifts/${corrected!.id}/history`, { headers: { cookie: adminCookie } })
    ).json()) as { entries: { action: string; actor: { name: string } | null }[] };
    expect(history.entries.map((e) => [e.action, e.actor?.name])).toEqual([
      ['donation.created', 'Pastor David Williams'],
      ['donation.updated', 'Pastor David Williams'],
    ]);
    // The hash chain holds with the past entries in it.
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
  });
});
