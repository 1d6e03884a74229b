import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { coordinatorPermissions, donations, events, partners, tasks } from '../../db/schema';
import { readSse } from '../../testing/sse';
import { createTestApp, testDatabaseTargets, type TestApp } from '../../testing/test-database';
import { dashboardSummary, givingFigures, pendingTasks, recentActivity, upcomingTasks } from './service';

type Summary = Awaited<ReturnType<typeof dashboardSummary>>;

const at = (iso: string) => new Date(iso);

describe.each(testDatabaseTargets())('dashboard on $name', (target) => {
  let t: TestApp;
  let adminId: string;
  let admin: string;
  let coordinator: string;
  let noDashboard: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    adminId = (await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' })).id;
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const blocked = await t.createUser({ email: 'no-dashboard@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'dashboard', enabled: false });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    noDashboard = await t.signIn('no-dashboard@example.org', 'blocked-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const donationCount = async () => (await t.db.select({ n: count() }).from(donations))[0]!.n;
  const addDonation = (body: unknown, cookie?: string) =>
    t.postJson('/api/dashboard/donations', body, cookie ? { cookie } : {});
  const summary = async (query = '', cookie = coordinator) => {
    const response = await t.request(`/api/dashboard/summary${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as Summary;
  };

  describe('adding a donation', () => {
    afterEach(async () => {
      await t.db.delete(donations);
    });

    it('answers 401 without a session and writes nothing', async () => {
      const response = await addDonation({ partnerName: 'A', amount: '5', donationType: 'one-time' });
      expect(response.status).toBe(401);
      expect(await donationCount()).toBe(0);
    });

    it('answers 403 to a coordinator, even with a valid body, and writes nothing', async () => {
      const response = await addDonation({ partnerName: 'A', amount: '5', donationType: 'one-time' }, coordinator);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'You do not have permission to do this.' });
      expect(await donationCount()).toBe(0);
    });

    it('answers 403 without the dashboard feature, and to the type-ahead for coordinators', async () => {
      expect((await addDonation({ partnerName: 'A', amount: '5', donationType: 'one-time' }, noDashboard)).status).toBe(
        403,
      );
      expect((await t.request('/api/dashboard/summary', { headers: { cookie: noDashboard } })).status).toBe(403);
      expect((await t.request('/api/dashboard/partner-options?q=a', { headers: { cookie: coordinator } })).status).toBe(
        403,
      );
      expect(await donationCount()).toBe(0);
    });

    it('records an admin gift dated now, by the admin, unlinked when typed freely', async () => {
      const before = Date.now();
      const response = await addDonation(
        { partnerName: '  Walk-in Visitor ', amount: '1234.5', donationType: 'one-time', notes: ' cash ' },
        admin,
      );
      expect(response.status).toBe(201);
      const { donation } = (await response.json()) as { donation: Record<string, unknown> };
      expect(donation).toMatchObject({
        partnerName: 'Walk-in Visitor',
        partnerId: null,
        amount: '1234.50',
        donationType: 'one-time',
        notes: 'cash',
      });
      const [row] = await t.db.select().from(donations);
      expect(row!.userId).toBe(adminId);
      expect(row!.donationDate.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row!.donationDate.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('links the gift to a picked partner, found through the type-ahead', async () => {
      await t.db.insert(partners).values([
        { name: 'Esther Kim', email: 'esther@example.com', location: 'Lubbock, TX' },
        { name: 'Grace Church', email: 'grace@example.org' },
      ]);
      const options = await t.request('/api/dashboard/partner-options?q=KIM', { headers: { cookie: admin } });
      const { partners: found } = (await options.json()) as {
        partners: { id: string; name: string; location: string | null }[];
      };
      expect(found).toEqual([{ id: expect.any(String), name: 'Esther Kim', location: 'Lubbock, TX' }]);
      const response = await addDonation(
        { partnerName: 'Esther Kim', partnerId: found[0]!.id, amount: 50, donationType: 'monthly' },
        admin,
      );
      expect(response.status).toBe(201);
      expect(((await response.json()) as { donation: { partnerId: string } }).donation.partnerId).toBe(found[0]!.id);
    });

    it('refuses a link to a partner that does not exist', async () => {
      const response = await addDonation(
        {
          partnerName: 'Ghost',
          partnerId: '00000000-0000-4000-8000-000000000000',
          amount: '5',
          donationType: 'one-time',
        },
        admin,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Partner not found' });
      expect(await donationCount()).toBe(0);
    });

    it.each([
      [{ amount: '5', donationType: 'one-time' }, 'Partner name is required'],
      [{ partnerName: '   ', amount: '5', donationType: 'one-time' }, 'Partner name is required'],
      [
        { partnerName: 'x'.repeat(101), amount: '5', donationType: 'one-time' },
        'Partner name must be 100 characters or less',
      ],
      [{ partnerName: 'A', amount: '0', donationType: 'one-time' }, 'Amount must be greater than 0'],
      [{ partnerName: 'A', amount: -5, donationType: 'one-time' }, 'Amount must be greater than 0'],
      [{ partnerName: 'A', amount: '999999999.01', donationType: 'one-time' }, 'Amount is too large'],
      [{ partnerName: 'A', amount: 1e12, donationType: 'one-time' }, 'Amount is too large'],
      [{ partnerName: 'A', amount: '0.001', donationType: 'one-time' }, 'Amount can have at most 2 decimal places'],
      [{ partnerName: 'A', donationType: 'one-time' }, 'Amount is required'],
      [{ partnerName: 'A', amount: 'lots', donationType: 'one-time' }, 'Amount must be a number'],
      [{ partnerName: 'A', amount: '5', donationType: 'weekly' }, 'Donation type must be one-time or monthly'],
      [
        { partnerName: 'A', amount: '5', donationType: 'monthly', notes: 'n'.repeat(501) },
        'Notes must be 500 characters or less',
      ],
    ])('refuses %j with 400 %j and writes nothing', async (body, message) => {
      const response = await addDonation(body, admin);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await donationCount()).toBe(0);
    });

    it('accepts the boundary amounts 0.01 and 999999999', async () => {
      expect((await addDonation({ partnerName: 'A', amount: '0.01', donationType: 'one-time' }, admin)).status).toBe(
        201,
      );
      expect(
        (await addDonation({ partnerName: 'B', amount: '999999999', donationType: 'one-time' }, admin)).status,
      ).toBe(201);
      const rows = await t.db.select({ amount: donations.amount }).from(donations).orderBy(donations.amount);
      expect(rows.map((r) => r.amount)).toEqual(['0.01', '999999999.00']);
    });

    it('keeps sums exact: 0.10 + 0.20 is 0.30, and huge totals lose no cent', async () => {
      for (const amount of ['0.10', '0.20']) {
        expect((await addDonation({ partnerName: 'Exact', amount, donationType: 'one-time' }, admin)).status).toBe(201);
      }
      let figures = await summary('?tz=UTC');
      expect(figures.giving!.total).toBe('0.30');
      expect(figures.giving!.averageGift).toBe('0.15');

      for (let i = 0; i < 3; i++) {
        await addDonation({ partnerName: 'Big', amount: '999999999', donationType: 'monthly' }, admin);
      }
      await addDonation({ partnerName: 'Small', amount: '0.01', donationType: 'monthly' }, admin);
      figures = await summary('?tz=UTC');
      expect(figures.giving!.total).toBe('2999999997.31');
      expect(figures.giving!.recurring).toBe('2999999997.01');
      expect(figures.giving!.gifts).toBe(6);
      expect(figures.giving!.averageGift).toBe('499999999.55'); // 2999999997.31 / 6 = 499999999.551666...
    });

    it('tells every open dashboard, and not a reader without the dashboard and partners features', async () => {
      const open = async (cookie: string) => {
        const stream = readSse(await t.request('/api/realtime', { headers: { cookie } }));
        expect(await stream.next()).toMatchObject({ event: 'ready' });
        return stream;
      };
      const coordinatorStream = await open(coordinator);
      const blockedStream = await open(noDashboard);
      try {
        expect((await addDonation({ partnerName: 'Live', amount: '10', donationType: 'one-time' }, admin)).status).toBe(
          201,
        );
        const message = await coordinatorStream.next();
        expect(message.event).toBe('donations.changed');
        expect(JSON.parse(message.data)).toEqual({ type: 'donations.changed', partnerId: null });
        // The reader without the dashboard holds partners, so it hears the partners copy only:
        // exactly one notice, and then the sentinel.
        await t.deps.bus.publish({ everyone: true }, { type: 'partners.changed', partnerId: 'sentinel' });
        expect((await blockedStream.next()).event).toBe('donations.changed');
        expect(JSON.parse((await blockedStream.next()).data)).toEqual({
          type: 'partners.changed',
          partnerId: 'sentinel',
        });
      } finally {
        await coordinatorStream.close();
        await blockedStream.close();
      }
    });
  });

  describe('the summary', () => {
    it('answers 401 without a session', async () => {
      expect((await t.request('/api/dashboard/summary')).status).toBe(401);
    });

    it('uses the browser time zone it is sent, and UTC when the zone is unknown', async () => {
      expect((await summary('?tz=Europe/Berlin')).timeZone).toBe('Europe/Berlin');
      expect((await summary('?tz=Mars/Olympus')).timeZone).toBe('UTC');
      expect((await summary('')).timeZone).toBe('UTC');
      const response = await t.request(`/api/dashboard/summary?tz=${'x'.repeat(101)}`, {
        headers: { cookie: coordinator },
      });
      expect(response.status).toBe(400);
    });

    it('has every section for a coordinator', async () => {
      const body = await summary('?tz=UTC');
      expect(body.giving).not.toBeNull();
      expect(body.months).toHaveLength(12);
      expect(typeof body.activePartners).toBe('number');
      expect(body.pendingTasks).toEqual({ count: expect.any(Number), change: expect.any(Number) });
      expect(typeof body.upcomingEvents).toBe('number');
      expect(Array.isArray(body.recentActivity)).toBe(true);
      expect(Array.isArray(body.upcomingTasks)).toBe(true);
    });
  });

  describe('figures at fixed moments', () => {
    beforeAll(async () => {
      await t.db.delete(donations);
      await t.db.delete(partners);
    });

    it('splits months at local midnight, counts donors, recurring, average and the change', async () => {
      const [grace, esther] = await t.db
        .insert(partners)
        .values([
          { name: 'Grace Church', email: 'grace@example.org' },
          { name: 'Esther Kim', email: 'esther@example.com' },
        ])
        .returning({ id: partners.id });
      const gift = (iso: string, amount: string, extra: Partial<typeof donations.$inferInsert> = {}) => ({
        partnerName: 'Someone',
        amount,
        donationType: 'one-time' as const,
        donationDate: at(iso),
        ...extra,
      });
      await t.db.insert(donations).values([
        // February in New York (before local midnight of 1 March = 05:00 UTC), March in UTC.
        gift('2025-03-01T04:59:59Z', '100.00', { partnerId: grace!.id, partnerName: 'Grace Church' }),
        // March in both.
        gift('2025-03-01T05:00:00Z', '10.10', { partnerId: grace!.id, partnerName: 'Grace Church' }),
        gift('2025-03-10T12:00:00Z', '20.20', {
          partnerId: grace!.id,
          partnerName: 'Grace Church',
          donationType: 'monthly',
        }),
        gift('2025-03-11T12:00:00Z', '30.30', {
          partnerId: esther!.id,
          partnerName: 'Esther Kim',
          donationType: 'monthly',
        }),
        // Free-text donors: one person typed three ways, and a name equal to a linked partner's.
        gift('2025-03-12T12:00:00Z', '0.10', { partnerName: 'Walk-in Visitor' }),
        gift('2025-03-13T12:00:00Z', '0.20', { partnerName: ' walk-in visitor  ' }),
        gift('2025-03-14T12:00:00Z', '0.30', { partnerName: 'WALK-IN VISITOR' }),
        gift('2025-03-14T13:00:00Z', '5.00', { partnerName: 'Grace Church' }),
        // 31 March 23:59:59 in New York is April in UTC.
        gift('2025-04-01T03:59:59Z', '1.00'),
        // April in New York: not this month there.
        gift('2025-04-01T04:00:00Z', '1000.00'),
        // February in both.
        gift('2025-02-01T05:00:00Z', '50.00', { partnerName: 'February Friend' }),
        // Last year's March: inside the twelve months? No: twelve months back from March 2025 is April 2024.
        gift('2024-03-15T12:00:00Z', '7.00'),
        gift('2024-04-15T12:00:00Z', '8.00'),
      ]);
      const now = at('2025-03-15T12:00:00Z');

      const newYork = await givingFigures(t.db, now, 'America/New_York');
      // March: 10.10 + 20.20 + 30.30 + 0.10 + 0.20 + 0.30 + 5.00 + 1.00 = 67.20
      expect(newYork.giving).toEqual({
        month: '2025-03',
        total: '67.20',
        lastMonthTotal: '150.00',
        changePercent: '-55.2',
        // Grace (linked), Esther (linked), walk-in visitor, the unlinked "Grace Church", "Someone"
        donors: 5,
        gifts: 8,
        averageGift: '8.40',
        recurring: '50.50',
      });
      expect(newYork.months.map((m) => m.month)).toEqual([
        '2024-04',
        '2024-05',
        '2024-06',
        '2024-07',
        '2024-08',
        '2024-09',
        '2024-10',
        '2024-11',
        '2024-12',
        '2025-01',
        '2025-02',
        '2025-03',
      ]);
      expect(newYork.months[0]!.total).toBe('8.00');
      expect(newYork.months[10]!.total).toBe('150.00');
      expect(newYork.months[11]!.total).toBe('67.20');
      expect(newYork.months.slice(1, 10).every((m) => m.total === '0.00')).toBe(true);

      const utc = await givingFigures(t.db, now, 'UTC');
      // 100.00 moves into March; 1.00 on 1 April UTC and 1000.00 leave it.
      expect(utc.giving).toMatchObject({ total: '166.20', lastMonthTotal: '50.00', changePercent: '+232.4', gifts: 8 });

      // In April (New York) last month is March, and the 1000.00 gift is this month's.
      const april = await givingFigures(t.db, at('2025-04-02T12:00:00Z'), 'America/New_York');
      expect(april.giving).toMatchObject({
        month: '2025-04',
        total: '1000.00',
        lastMonthTotal: '67.20',
        changePercent: '+1388.1',
        donors: 1,
        gifts: 1,
      });
    });

    it('shows no change when last month had nothing, and an average of 0 without gifts', async () => {
      const empty = await givingFigures(t.db, at('2030-06-15T00:00:00Z'), 'UTC');
      expect(empty.giving).toEqual({
        month: '2030-06',
        total: '0.00',
        lastMonthTotal: '0.00',
        changePercent: null,
        donors: 0,
        gifts: 0,
        averageGift: '0.00',
        recurring: '0.00',
      });
    });

    it('crosses the year change: January compares with December', async () => {
      await t.db.insert(donations).values([
        {
          partnerName: 'Year End',
          amount: '200.00',
          donationType: 'one-time',
          donationDate: at('2026-12-31T22:59:59Z'),
        },
        {
          partnerName: 'New Year',
          amount: '300.00',
          donationType: 'one-time',
          donationDate: at('2026-12-31T23:00:00Z'),
        },
      ]);
      // 23:00 UTC on 31 December is already 1 January in Berlin.
      const berlin = await givingFigures(t.db, at('2027-01-10T12:00:00Z'), 'Europe/Berlin');
      expect(berlin.giving).toMatchObject({
        month: '2027-01',
        total: '300.00',
        lastMonthTotal: '200.00',
        changePercent: '+50.0',
      });
      const utc = await givingFigures(t.db, at('2027-01-10T12:00:00Z'), 'UTC');
      expect(utc.giving).toMatchObject({ total: '0.00', lastMonthTotal: '500.00', changePercent: '-100.0' });
    });
  });

  describe('tasks, events, partners and activity', () => {
    const now = at('2025-06-15T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

    beforeAll(async () => {
      await t.db.delete(donations);
      await t.db.delete(partners);
      await t.db.insert(tasks).values([
        { title: 'Old and open', createdAt: daysAgo(10), dueDate: '2025-06-20', priority: 'high' },
        { title: 'New this week', createdAt: daysAgo(3), dueDate: '2025-06-16' },
        { title: 'Brand new', createdAt: daysAgo(1) },
        {
          title: 'Done two days ago',
          createdAt: daysAgo(10),
          status: 'completed',
          completedAt: daysAgo(2),
          dueDate: '2025-06-01',
        },
        { title: 'Done long ago', createdAt: daysAgo(20), status: 'completed', completedAt: daysAgo(9) },
        { title: 'Marked done without a time', createdAt: daysAgo(20), status: 'completed' },
        { title: 'Overdue and open', createdAt: daysAgo(30), dueDate: '2025-06-10', status: 'in-progress' },
      ]);
    });

    it('counts pending tasks now and the change from seven days ago', async () => {
      // Now: Old and open, New this week, Brand new, Overdue and open = 4.
      // Seven days ago: Old and open, Done two days ago, Overdue and open = 3.
      expect(await pendingTasks(t.db, now)).toEqual({ count: 4, change: 1 });
      // Ten days later nothing is pending that was not pending before: the change is 0.
      expect(await pendingTasks(t.db, at('2025-06-25T12:00:00Z'))).toEqual({ count: 4, change: 0 });
    });

    it('lists upcoming tasks by due date, overdue first, undated last, completed never', async () => {
      expect((await upcomingTasks(t.db)).map((x) => x.title)).toEqual([
        'Overdue and open',
        'New this week',
        'Old and open',
        'Brand new',
      ]);
    });

    it('counts active partners and events that have not started', async () => {
      await t.db.insert(partners).values([
        { name: 'Active One', email: 'one@example.org' },
        { name: 'Active Two', email: 'two@example.org' },
        { name: 'Inactive', email: 'three@example.org', status: 'inactive' },
      ]);
      const soon = new Date(Date.now() + 86_400_000);
      const past = new Date(Date.now() - 86_400_000);
      await t.db.insert(events).values([
        { title: 'Coming up', startDate: soon, endDate: soon },
        { title: 'Over', startDate: past, endDate: past },
      ]);
      const body = await summary('?tz=UTC');
      expect(body.activePartners).toBe(2);
      expect(body.upcomingEvents).toBe(1);
    });

    it('merges the latest additions, contacts and gifts, newest first', async () => {
      await t.db.delete(partners);
      await t.db.insert(partners).values([
        { name: 'Added Monday', email: 'a@example.org', createdAt: at('2025-06-09T09:00:00Z') },
        {
          name: 'Contacted Friday',
          email: 'b@example.org',
          createdAt: at('2025-01-01T00:00:00Z'),
          lastContact: '2025-06-13',
        },
      ]);
      await t.db.insert(donations).values([
        {
          partnerName: 'Thursday Giver',
          amount: '12.50',
          donationType: 'monthly',
          donationDate: at('2025-06-12T15:00:00Z'),
        },
        {
          partnerName: 'Saturday Giver',
          amount: '99.99',
          donationType: 'one-time',
          donationDate: at('2025-06-14T08:00:00Z'),
        },
      ]);
      const items = await recentActivity(t.db, 'America/Los_Angeles');
      expect(items.map((i) => [i.kind, i.partnerName])).toEqual([
        ['gift', 'Saturday Giver'],
        ['contacted', 'Contacted Friday'],
        ['gift', 'Thursday Giver'],
        ['added', 'Added Monday'],
        ['added', 'Contacted Friday'],
      ]);
      expect(items[0]).toMatchObject({ amount: '99.99', donationType: 'one-time' });
      // A contact date sorts as the start of that day in the reader's zone.
      expect(items[1]).toMatchObject({ date: '2025-06-13', at: '2025-06-13T07:00:00.000Z' });
    });
  });

  describe('a failing query', () => {
    it('is logged, and only its card loses its value', async () => {
      const logged = vi.spyOn(t.deps.logger, 'error');
      await t.db.execute(sql`alter table events rename to events_away`);
      try {
        const body = await summary('?tz=UTC');
        expect(body.upcomingEvents).toBeNull();
        expect(body.giving).not.toBeNull();
        expect(body.activePartners).not.toBeNull();
        expect(body.pendingTasks).not.toBeNull();
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ section: 'upcomingEvents' }),
          'dashboard query failed',
        );
      } finally {
        await t.db.execute(sql`alter table events_away rename to events`);
        logged.mockRestore();
      }
      expect((await summary('?tz=UTC')).upcomingEvents).not.toBeNull();
    });
  });
});
