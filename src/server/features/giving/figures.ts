import { desc, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { ts } from '#server/db/sql-instant';
import { donations } from '#server/db/schema';
import { averageCents, percentChange } from '#shared/giving';
import { centsToDecimal, decimalToCents } from '#shared/money';
import { monthsUpTo, type ZonedMonth } from '#shared/time-zone';
import { monthCents } from './month-totals';

/** Months of giving the chart shows. */
export const CHART_MONTHS = 12;

const inMonth = (month: ZonedMonth) =>
  sql`${donations.donationDate} >= ${ts(month.start)} and ${donations.donationDate} < ${ts(month.end)}`;

/**
 * The Monthly Giving card and the chart (SPEC.md section 9, D10), which the dashboard shows.
 * Sums stay numeric or integer cents in SQL and cents (bigint) here. Two statements, run
 * together: the chart's twelve monthly sums (month-totals.ts: from the rollup of quarter hours
 * and days, docs/decisions/0059), and the card's own figures from this month's gifts
 * (docs/decisions/0051), since its donors are a distinct count, which no sum can give.
 */
export async function givingFigures(db: Db, now: Date, timeZone: string) {
  const months = monthsUpTo(now, timeZone, CHART_MONTHS);
  const thisMonth = months.at(-1)!;
  const lastMonth = months.at(-2)!;
  const [chartCents, card] = await Promise.all([
    monthCents(db, months),
    queryRows<Record<string, string | number>>(
      db,
      sql`
      select
        coalesce(sum(${donations.amount}), 0)::text as total,
        count(*)::int as gifts,
        -- A gift linked to a partner counts as that partner; otherwise as its trimmed,
        -- case-folded name. Two distinct counts: no key string built per gift.
        (count(distinct ${donations.partnerId})
          + count(distinct lower(btrim(${donations.partnerName}))) filter (where ${donations.partnerId} is null))::int as donors,
        coalesce(sum(${donations.amount}) filter (where ${donations.donationType} = 'monthly'), 0)::text as recurring
      from ${donations}
      where ${inMonth(thisMonth)} and ${donations.voidedAt} is null
    `,
    ),
  ]);
  const row = card[0]!;
  const totalCents = decimalToCents(String(row.total));
  const gifts = Number(row.gifts);
  const lastMonthCents = chartCents[CHART_MONTHS - 2]!;
  return {
    giving: {
      month: thisMonth.key,
      total: centsToDecimal(totalCents),
      lastMonthTotal: centsToDecimal(lastMonthCents),
      changePercent: percentChange(totalCents, lastMonthCents),
      donors: Number(row.donors),
      gifts,
      averageGift: centsToDecimal(averageCents(totalCents, gifts)),
      recurring: centsToDecimal(decimalToCents(String(row.recurring))),
    },
    months: months.map((month, i) => ({ month: month.key, total: centsToDecimal(chartCents[i]!) })),
    lastMonth: lastMonth.key,
  };
}

/** The latest gifts, newest first, as entries of the dashboard's 'Recent Partner Activity' (D9). */
export async function recentGifts(db: Db, limit: number) {
  const rows = await db
    .select({
      id: donations.id,
      partnerName: donations.partnerName,
      amount: donations.amount,
      donationType: donations.donationType,
      donationDate: donations.donationDate,
    })
    .from(donations)
    .where(isNull(donations.voidedAt))
    .orderBy(desc(donations.donationDate))
    .limit(limit);
  return rows.map((g) => ({
    kind: 'gift' as const,
    key: `gift-${g.id}`,
    partnerName: g.partnerName,
    at: g.donationDate.toISOString(),
    amount: g.amount,
    donationType: g.donationType,
  }));
}
