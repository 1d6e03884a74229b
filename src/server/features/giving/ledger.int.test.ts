import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, coordinatorPermissions, donations, partners } from '#server/db/schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

// The Giving screen's ledger, corrections and voids (issue 19), as the API serves them.
describe.each(testDatabaseTargets())('the giving ledger on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let treasurer: string;
  let treasurerId: string;
  let ruth: string;
  let boaz: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    treasurerId = (await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' })).id;
    await t.db.insert(coordinatorPermissions).values({ userId: treasurerId, feature: 'giving', enabled: true });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
    const rows = await t.db
      .insert(partners)
      .values([
        { name: 'Ruth Miller', email: 'ruth@example.org' },
        { name: 'Boaz Smith', email: 'boaz@example.org' },
      ])
      .returning({ id: partners.id });
    [ruth, boaz] = rows.map((r) => r.id) as [string, string];
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(donations);
  });

  type Row = typeof donations.$inferInsert;
  const seed = async (rows: Partial<Row>[]) =>
    t.db
      .insert(donations)
      .values(rows.map((r) => ({ partnerName: 'Someone', amount: '10.00', donationType: 'one-time' as const, ...r })))
      .returning({ id: donations.id, version: donations.version });

  interface ListBody {
    gifts: { id: string; amount: string; partnerName: string; voidedAt: string | null; version: number }[];
    nextCursor: string | null;
    summary: { count: number; total: string } | null;
  }
  const list = async (query: Record<string, string>, cookie = treasurer) => {
    const response = await t.request(`/api/giving/gifts?${new URLSearchParams(query)}`, { headers: { cookie } });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ListBody;
  };
  const correct = (id: string, body: unknown, cookie = treasurer) =>
    t.sendJson('PATCH', `/api/giving/gifts/${id}`, body, { cookie });
  const voidIt = (id: string, body: unknown, cookie = treasurer) =>
    t.postJson(`/api/giving/gifts/${id}/void`, body, { cookie });
  const expectRollupMatchesGifts = async () =>
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));

  describe('the list', () => {
    it('filters by date, partner, type, method, amount and text, with the count and sum of the set', async () => {
      await seed([
        {
          partnerId: ruth,
          partnerName: 'Ruth Miller',
          amount: '100.00',
          donationDate: new Date('2026-03-05T12:00:00Z'),
        },
        {
          partnerId: ruth,
          partnerName: 'Ruth Miller',
          amount: '25.50',
          donationType: 'monthly',
          method: 'check',
          reference: '1042',
          donationDate: new Date('2026-03-20T12:00:00Z'),
        },
        {
          partnerName: 'Anonymous',
          amount: '7.25',
          notes: 'Offering 100%',
          donationDate: new Date('2026-03-21T12:00:00Z'),
        },
        { partnerId: boaz, partnerName: 'Boaz Smith', amount: '50.00', donationDate: new Date('2026-02-10T12:00:00Z') },
      ]);
      const march = { from: '2026-03-01T00:00:00Z', to: '2026-03-31T23:59:59.999Z' };

      const all = await list(march);
      expect(all.gifts.map((g) => g.amount)).toEqual(['7.25', '25.50', '100.00']);
      expect(all.summary).toEqual({ count: 3, total: '132.75' });
      expect((await list({ ...march, partnerId: ruth })).summary).toEqual({ count: 2, total: '125.50' });
      expect((await list({ type: 'monthly' })).gifts.map((g) => g.amount)).toEqual(['25.50']);
      expect((await list({ method: 'check' })).summary).toEqual({ count: 1, total: '25.50' });
      expect((await list({ min: '25.50', max: '50' })).summary).toEqual({ count: 2, total: '75.50' });
      // Text over names and notes, its wildcards taken literally.
      expect((await list({ q: 'miller' })).summary?.count).toBe(2);
      expect((await list({ q: '100%' })).gifts.map((g) => g.partnerName)).toEqual(['Anonymous']);
      expect((await list({ q: '%' })).summary?.count).toBe(1);
      expect((await list({ q: 'nobody' })).summary).toEqual({ count: 0, total: '0.00' });
    });

    it('finds a name or a note whatever its accents (decision 0180)', async () => {
      await seed([
        { partnerName: 'Zoë Müller', amount: '12.00', notes: 'Café fund' },
        { partnerName: 'Padraig O’Brien', amount: '8.00' },
      ]);
      expect((await list({ q: 'zoe muller' })).gifts.map((g) => g.partnerName)).toEqual(['Zoë Müller']);
      expect((await list({ q: 'cafe' })).summary).toEqual({ count: 1, total: '12.00' });
      expect((await list({ q: "o'brien" })).gifts.map((g) => g.partnerName)).toEqual(['Padraig O’Brien']);
    });

    it('pages newest first without losing or repeating a gift, and the sum stays on the first page', async () => {
      const sameInstant = new Date('2026-01-15T12:00:00Z');
      await seed(
        Array.from({ length: 120 }, (_, i) => ({
          amount: `${i + 1}.00`,
          // Forty gifts share one instant: the id breaks the tie.
          donationDate: i < 40 ? sameInstant : new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ListBody = await list(cursor ? { cursor } : {});
        if (pages === 0) expect(page.summary).toEqual({ count: 120, total: '7260.00' });
        else expect(page.summary).toBeNull();
        seen.push(...page.gifts.map((g) => g.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(120);
      const bad = await t.request('/api/giving/gifts?cursor=bm90LWEtY3Vyc29y', { headers: { cookie: treasurer } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: 'Invalid cursor' });
    });

    it('refuses bad filters with a reason', async () => {
      for (const [query, message] of [
        [
          { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' },
          'The start of the date range must not be after its end',
        ],
        [{ min: '10', max: '5' }, 'The smallest amount must not be above the largest'],
        [{ min: '1.234' }, 'Please enter an amount like 25 or 25.50'],
        [{ min: '12,50' }, 'Please enter an amount like 25 or 25.50'],
        [{ min: '2,000', max: '1,000.50' }, 'The smallest amount must not be above the largest'],
        [{ method: 'barter' }, 'Unknown method'],
        [{ partnerId: 'nope' }, 'Partner not found'],
      ] as const) {
        const response = await t.request(`/api/giving/gifts?${new URLSearchParams(query)}`, {
          headers: { cookie: treasurer },
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: string }).error).toBe(message);
      }
    });

    it('is for holders of Giving Records: 403 to a coordinator without it, 401 without a session', async () => {
      expect((await t.request('/api/giving/gifts', { headers: { cookie: coordinator } })).status).toBe(403);
      expect((await t.request('/api/giving/gifts.csv', { headers: { cookie: coordinator } })).status).toBe(403);
      expect((await t.request('/api/giving/gifts')).status).toBe(401);
      expect((await t.request('/api/giving/gifts', { headers: { cookie: admin } })).status).toBe(200);
    });
  });

  describe('corrections', () => {
    const body = (over: Record<string, unknown> = {}) => ({
      partnerName: 'Ruth Miller',
      partnerId: null,
      amount: '30.00',
      donationType: 'one-time',
      date: '2026-01-10',
      timeZone: 'America/Chicago',
      version: 1,
      ...over,
    });

    it('change a gift, keep the rollup and the dashboard right, and record who changed what', async () => {
      const [gift] = await seed([
        { amount: '10.00', partnerName: 'R. Miller', donationDate: new Date('2026-01-10T18:00:00Z') },
      ]);
      const answer = await correct(
        gift!.id,
        body({ partnerId: ruth, partnerName: 'typed', method: 'check', reference: ' 1042 ', notes: 'Fixed' }),
      );
      expect(answer.status, await answer.clone().text()).toBe(200);
      const [row] = await t.db.select().from(donations).where(eq(donations.id, gift!.id));
      expect(row).toMatchObject({
        amount: '30.00',
        partnerId: ruth,
        // A picked partner names the gift with their current name.
        partnerName: 'Ruth Miller',
        method: 'check',
        reference: '1042',
        notes: 'Fixed',
        version: 2,
      });
      // The same day in the person's zone keeps the recorded instant.
      expect(row!.donationDate.toISOString()).toBe('2026-01-10T18:00:00.000Z');
      await expectRollupMatchesGifts();

      // A new day is noon of it in the person's zone (18:00 UTC in Chicago in January).
      expect((await correct(gift!.id, body({ date: '2026-01-03', version: 2 }))).status).toBe(200);
      const [moved] = await t.db.select().from(donations).where(eq(donations.id, gift!.id));
      expect(moved!.donationDate.toISOString()).toBe('2026-01-03T18:00:00.000Z');
      await expectRollupMatchesGifts();

      // The same values again: nothing written, no correction recorded, the version kept.
      const same = await correct(gift!.id, body({ date: '2026-01-03', version: 3 }));
      expect(same.status, await same.clone().text()).toBe(200);
      const [kept] = await t.db.select().from(donations).where(eq(donations.id, gift!.id));
      expect(kept!.version).toBe(3);

      const records = await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.subjectType, 'donation'), eq(activity.subjectId, gift!.id)));
      expect(records.map((r) => [r.action, r.actorId])).toEqual([
        ['donation.updated', treasurerId],
        ['donation.updated', treasurerId],
      ]);
      expect(records[0]!.before).toMatchObject({ amount: '10.00', partnerName: 'R. Miller', version: 1 });
      expect(records[0]!.after).toMatchObject({ amount: '30.00', partnerName: 'Ruth Miller', version: 2 });

      const history = await t.request(`/api/giving/gifts/${gift!.id}/history`, { headers: { cookie: treasurer } });
      const entries = ((await history.json()) as { entries: { action: string; actor: { id: string } }[] }).entries;
      expect(entries.map((e) => [e.action, e.actor.id])).toEqual([
        ['donation.updated', treasurerId],
        ['donation.updated', treasurerId],
      ]);
    });

    it('refuse a stale version, bad values and an unknown partner, and write nothing', async () => {
      const [gift] = await seed([{ amount: '10.00', donationDate: new Date('2026-01-10T18:00:00Z') }]);
      const before = await t.db.select().from(donations);
      const cases: [Record<string, unknown>, number, string][] = [
        [
          { version: 2 },
          409,
          'This gift was changed by someone else meanwhile. Reload it to see the change, then try again.',
        ],
        [{ amount: '0' }, 400, 'Amount must be greater than 0'],
        [{ amount: '1000000000' }, 400, 'Amount is too large'],
        [{ amount: '1.234' }, 400, 'Amount can have at most 2 decimal places'],
        [{ date: '2999-01-01' }, 400, 'The date cannot be after today'],
        [{ date: '1899-12-31' }, 400, 'The date cannot be before 1900'],
        [{ date: '2026-02-30' }, 400, 'Please enter a valid date'],
        [{ partnerId: '00000000-0000-4000-8000-000000000000' }, 400, 'Partner not found'],
        [{ method: 'barter' }, 400, 'Unknown method'],
        [{ timeZone: 'Mars/Olympus' }, 400, 'Unknown time zone'],
      ];
      for (const [over, status, message] of cases) {
        const response = await correct(gift!.id, body(over));
        expect(response.status, JSON.stringify(over)).toBe(status);
        expect(((await response.json()) as { error: string }).error).toBe(message);
      }
      expect(await t.db.select().from(donations)).toEqual(before);
      expect((await correct('00000000-0000-4000-8000-000000000000', body())).status).toBe(404);
      expect((await correct(gift!.id, body(), coordinator)).status).toBe(403);
    });
  });

  describe('voids', () => {
    it('keep the gift listed when asked, and take it out of every total', async () => {
      const now = new Date();
      const [kept, wrong] = await seed([
        { partnerId: ruth, partnerName: 'Ruth Miller', amount: '40.00', donationDate: now },
        { partnerId: ruth, partnerName: 'Ruth Miller', amount: '40.00', donationDate: now },
      ]);
      const summary = async () =>
        (
          (await (
            await t.request('/api/dashboard/summary?tz=Pacific/Apia', { headers: { cookie: admin } })
          ).json()) as {
            giving: { total: string; gifts: number };
          }
        ).giving;
      expect(await summary()).toMatchObject({ total: '80.00', gifts: 2 });

      expect((await voidIt(wrong!.id, { reason: '   ', version: 1 })).status).toBe(400);
      const voided = await voidIt(wrong!.id, { reason: 'Recorded twice', version: 1 });
      expect(voided.status, await voided.clone().text()).toBe(200);
      await expectRollupMatchesGifts();
      expect(await summary()).toMatchObject({ total: '40.00', gifts: 1 });

      expect((await list({})).gifts.map((g) => g.id)).toEqual([kept!.id]);
      const withVoided = await list({ voided: 'true' });
      expect(withVoided.gifts).toHaveLength(2);
      expect(withVoided.summary).toEqual({ count: 2, total: '40.00' });
      const partnerGifts = await t.request(`/api/giving/partners/${ruth}/donations`, {
        headers: { cookie: treasurer },
      });
      expect(await partnerGifts.json()).toMatchObject({ count: 1, total: '40.00' });

      // Voided once: not again, and not corrected.
      expect((await voidIt(wrong!.id, { reason: 'Again', version: 2 })).status).toBe(409);
      const edit = await correct(wrong!.id, {
        partnerName: 'Ruth Miller',
        amount: '1.00',
        donationType: 'one-time',
        date: '2026-01-01',
        version: 2,
      });
      expect(edit.status).toBe(409);
      expect(await edit.json()).toEqual({ error: 'A voided gift cannot be changed.' });

      const [record] = await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.action, 'donation.voided'), eq(activity.subjectId, wrong!.id)));
      expect(record!.actorId).toBe(treasurerId);
      expect(record!.after).toMatchObject({ voidReason: 'Recorded twice' });
      expect((await voidIt(kept!.id, { reason: 'x', version: 1 }, coordinator)).status).toBe(403);
    });
  });

  describe('the CSV export', () => {
    it('is UTF-8 with a byte order mark, neutralises formulas, follows the filters and is recorded', async () => {
      await seed([
        {
          partnerName: 'José Núñez',
          amount: '12.50',
          notes: '=HYPERLINK("http://x")',
          donationDate: new Date('2026-03-05T12:00:00Z'),
        },
        { partnerName: 'Other', amount: '1.00', donationDate: new Date('2025-03-05T12:00:00Z') },
      ]);
      const response = await t.request('/api/giving/gifts.csv?from=2026-01-01T00:00:00Z&tz=America/Chicago', {
        headers: { cookie: treasurer },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.trim().split(/\r?\n/);
      expect(lines[0]).toBe(
        'Date,Partner,Amount,Type,Method,Reference,Notes,Recorded by,Voided,Void reason,Partner id,Gift id',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('2026-03-05,José Núñez,12.50,One-time');
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
      const [record] = await t.db.select().from(activity).where(eq(activity.action, 'donations.exported'));
      expect(record!.actorId).toBe(treasurerId);
    });
  });
});
