import { and, gte, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { decimalToCents } from '#shared/money';
import { rangeTotals } from './range-totals';

/** Gifts around quarter hours and UTC midnights, with one voided, one in 1969 and one years ahead. */
const GIFTS: [string, string][] = [
  ['1969-12-31T23:59:59.000Z', '5.00'],
  ['2025-02-27T10:00:00.000Z', '1.00'],
  ['2025-02-28T23:44:59.999Z', '2.00'],
  ['2025-02-28T23:45:00.000Z', '3.00'],
  ['2025-02-28T23:59:59.999Z', '4.00'],
  ['2025-03-01T00:00:00.000Z', '8.00'],
  ['2025-03-01T00:14:59.999Z', '16.00'],
  ['2025-03-01T00:15:00.000Z', '32.00'],
  ['2025-03-01T12:07:30.000Z', '64.00'],
  ['2025-03-02T00:00:00.000Z', '128.00'],
  ['2025-03-05T06:30:00.000Z', '256.00'],
  ['2031-01-01T00:00:00.000Z', '512.00'],
];
/** Microseconds off a boundary, which a JavaScript Date (and so a filter's bound) cannot hold. */
const EXACT = ['2025-02-28 23:59:59.999500+00', '2025-03-01 00:00:00.000500+00'];

/** Bounds: every gift's instant, a millisecond either side, boundaries, and times between. */
const INSTANTS = [
  ...new Set(
    [
      ...GIFTS.flatMap(([iso]) => [-1, 0, 1].map((ms) => Date.parse(iso) + ms)),
      Date.parse('2025-02-28T23:50:00.000Z'),
      Date.parse('2025-03-01T00:20:00.000Z'),
      Date.parse('2025-03-03T00:00:00.000Z'),
    ].sort((a, b) => a - b),
  ),
].map((ms) => new Date(ms));

describe.each(testDatabaseTargets())('a date range totalled from the giving rollup on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.db.insert(donations).values(
      GIFTS.map(([iso, amount]) => ({
        partnerName: 'Someone',
        amount,
        donationType: 'one-time' as const,
        donationDate: new Date(iso),
      })),
    );
    for (const at of EXACT)
      await t.db.execute(
        sql`insert into donations (partner_name, amount, donation_type, donation_date) values ('Exact', 0.01, 'one-time', ${at}::timestamptz)`,
      );
    // Voided: in no total, though its instant is inside many ranges.
    await t.db.insert(donations).values({
      partnerName: 'Voided',
      amount: '1000.00',
      donationType: 'one-time',
      donationDate: new Date('2025-03-01T06:00:00Z'),
      voidedAt: new Date(),
      voidReason: 'Entered twice',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the ledger's own filters over the gifts say: from and to both included. */
  const fromGifts = async (from?: Date, to?: Date, voided = false) => {
    const [row] = await t.db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${donations.amount}) filter (where ${donations.voidedAt} is null), 0)::text`,
      })
      .from(donations)
      .where(
        and(
          voided ? undefined : isNull(donations.voidedAt),
          from ? gte(donations.donationDate, from) : undefined,
          to ? lte(donations.donationDate, to) : undefined,
        ),
      );
    return { count: Number(row!.count), cents: decimalToCents(row!.total) };
  };

  it('equals the gifts summed for every pair of bounds, open or not, to the millisecond', async () => {
    const bounds = [undefined, ...INSTANTS];
    const mismatches: string[] = [];
    for (const from of bounds)
      for (const to of bounds) {
        if (from && to && from > to) continue;
        for (const voided of [false, true]) {
          const expected = await fromGifts(from, to, voided);
          const actual = await rangeTotals(t.db, from, to, { voided });
          if (actual.count !== expected.count || actual.cents !== expected.cents)
            mismatches.push(
              `${from?.toISOString()}..${to?.toISOString()}${voided ? ' with voided' : ''}: ${actual.count}/${actual.cents}`,
            );
        }
      }
    expect(mismatches).toEqual([]);
  });

  it('counts every gift that counts with no bounds, and nothing in an empty range', async () => {
    expect(await rangeTotals(t.db)).toEqual({ count: 14, cents: 103102n });
    // The voided gift is counted when asked for, and never summed.
    expect(await rangeTotals(t.db, undefined, undefined, { voided: true })).toEqual({ count: 15, cents: 103102n });
    const nothing = new Date('2020-06-01T00:00:00Z');
    expect(await rangeTotals(t.db, nothing, nothing)).toEqual({ count: 0, cents: 0n });
  });
});
