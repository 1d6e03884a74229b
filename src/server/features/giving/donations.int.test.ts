import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, donations, partners } from '#server/db/schema';
import { readSse } from '#test-support/sse';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

// Adding a gift (the dashboard's Monthly Giving card) and a partner's gift list (the partner
// details), as the API serves them; the figures are in giving-figures.int.test.ts.
describe.each(testDatabaseTargets())('gifts on $name', (target) => {
  let t: TestApp;
  let adminId: string;
  let admin: string;
  let coordinator: string;
  let noDashboard: string;
  let noPartners: string;
  let treasurer: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    adminId = (await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' })).id;
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const blocked = await t.createUser({ email: 'no-dashboard@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'dashboard', enabled: false });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    noDashboard = await t.signIn('no-dashboard@example.org', 'blocked-secret');
    const withoutPartners = await t.createUser({ email: 'no-partners@example.org', password: 'blocked-secret' });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: withoutPartners.id, feature: 'partners', enabled: false });
    noPartners = await t.signIn('no-partners@example.org', 'blocked-secret');
    const withGiving = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: withGiving.id, feature: 'giving', enabled: true });
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const donationCount = async () => (await t.db.select({ n: count() }).from(donations))[0]!.n;
  const addDonation = (body: unknown, cookie?: string) =>
    t.postJson('/api/giving/donations', body, cookie ? { cookie } : {});
  const get = (path: string, cookie: string) => t.request(path, { headers: { cookie } });
  /** The Monthly Giving card as the dashboard serves it: the figures a gift must change. */
  const summary = async (query: string) => {
    const response = await get(`/api/dashboard/summary${query}`, coordinator);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      giving: { total: string; averageGift: string; recurring: string; gifts: number } | null;
    };
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
      expect((await t.request('/api/giving/partner-options?q=a', { headers: { cookie: coordinator } })).status).toBe(
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
      const options = await t.request('/api/giving/partner-options?q=KIM', { headers: { cookie: admin } });
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

    it('links a typed name to the one partner who has it, and leaves a name two partners share unlinked', async () => {
      await t.db.insert(partners).values([
        { name: 'Naomi Reed', email: 'naomi@example.com' },
        { name: 'John Smith', email: 'john.a@example.com' },
        { name: 'John Smith', email: 'john.b@example.com' },
        { name: 'Ruth Archived', email: 'ruth@example.com', archivedAt: new Date() },
      ]);
      const [naomi] = await t.db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Naomi Reed'));
      type Answer = { donation: { partnerId: string | null; linkedByName: boolean } };
      const typed = await addDonation({ partnerName: '  naomi REED ', amount: '20', donationType: 'one-time' }, admin);
      expect(typed.status).toBe(201);
      expect(((await typed.json()) as Answer).donation).toMatchObject({ partnerId: naomi!.id, linkedByName: true });
      const shared = await addDonation({ partnerName: 'John Smith', amount: '20', donationType: 'one-time' }, admin);
      expect(((await shared.json()) as Answer).donation).toMatchObject({ partnerId: null, linkedByName: false });
      const someoneElse = await addDonation(
        { partnerName: 'Naomi Reedy', amount: '20', donationType: 'one-time' },
        admin,
      );
      expect(((await someoneElse.json()) as Answer).donation).toMatchObject({ partnerId: null, linkedByName: false });
      const archived = await addDonation(
        { partnerName: 'Ruth Archived', amount: '20', donationType: 'one-time' },
        admin,
      );
      expect(((await archived.json()) as Answer).donation).toMatchObject({ partnerId: null, linkedByName: false });
      // The partner's details now list the typed gift: Donors counts her once.
      const theirs = await get(`/api/giving/partners/${naomi!.id}/donations`, admin);
      expect(((await theirs.json()) as { count: number }).count).toBe(1);
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

    it('tells every open dashboard, and nobody without the dashboard or Giving Records', async () => {
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
        // The reader without the dashboard holds partners but not Giving Records: it hears
        // nothing of the gift, only the sentinel sent after it.
        await t.deps.bus.publish({ everyone: true }, { type: 'partners.changed', partnerId: 'sentinel' });
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

  describe('gifts of a partner', () => {
    it('lists them newest first with an exact total', async () => {
      const [partner, other] = await t.db
        .insert(partners)
        .values([
          { name: 'Giving Partner', email: 'giver@example.org' },
          { name: 'Someone Else', email: 'else@example.org' },
        ])
        .returning({ id: partners.id, name: partners.name });
      if (!partner || !other) throw new Error('partners not inserted');
      await t.db.insert(donations).values([
        {
          partnerId: partner.id,
          partnerName: partner.name,
          amount: '0.10',
          donationType: 'one-time',
          donationDate: new Date('2025-01-01T10:00:00Z'),
        },
        {
          partnerId: partner.id,
          partnerName: partner.name,
          amount: '0.20',
          donationType: 'monthly',
          donationDate: new Date('2025-02-01T10:00:00Z'),
        },
        {
          partnerId: partner.id,
          partnerName: partner.name,
          amount: '999999999.00',
          donationType: 'one-time',
          donationDate: new Date('2025-03-01T10:00:00Z'),
        },
        { partnerId: other.id, partnerName: other.name, amount: '5.00', donationType: 'one-time' },
        { partnerId: null, partnerName: partner.name, amount: '7.00', donationType: 'one-time' },
        // Voided: counted apart, in neither the list nor the total.
        {
          partnerId: partner.id,
          partnerName: partner.name,
          amount: '50.00',
          donationType: 'one-time',
          voidedAt: new Date(),
          voidReason: 'Entered twice',
        },
      ]);
      const response = await get(`/api/giving/partners/${partner.id}/donations`, treasurer);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        donations: { amount: string; donationType: string }[];
        total: string;
        count: number;
        voided: number;
      };
      expect(body.count).toBe(3);
      expect(body.voided).toBe(1);
      expect(body.total).toBe('999999999.30');
      expect(body.donations.map((d) => d.amount)).toEqual(['999999999.00', '0.20', '0.10']);
      expect(body.donations[1]!.donationType).toBe('monthly');
    });

    it('answers 403 without Giving Records (D12), 401 without a session, 400 and 404 for bad ids', async () => {
      const [row] = await t.db.select({ id: partners.id }).from(partners).limit(1);
      expect((await get(`/api/giving/partners/${row!.id}/donations`, coordinator)).status).toBe(403);
      expect((await get(`/api/giving/partners/${row!.id}/donations`, noPartners)).status).toBe(403);
      expect((await get(`/api/giving/partners/${row!.id}/donations`, admin)).status).toBe(200);
      expect((await t.request(`/api/giving/partners/${row!.id}/donations`)).status).toBe(401);
      expect((await get('/api/giving/partners/not-a-uuid/donations', treasurer)).status).toBe(400);
      const unknown = await get('/api/giving/partners/00000000-0000-4000-8000-000000000000/donations', treasurer);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'Partner not found' });
    });
  });
});
