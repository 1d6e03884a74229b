import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, partners } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { givingFigures } from './figures';

const at = (iso: string) => new Date(iso);

// The giving card's arithmetic at chosen instants and time zones (the API's side is in
// dashboard.int.test.ts).
describe.each(testDatabaseTargets())('giving figures on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('figures at fixed moments', () => {
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
});
