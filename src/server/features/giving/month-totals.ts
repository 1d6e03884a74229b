import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { ts } from '#server/db/sql-instant';
import { donations, givingDays, givingSlots } from '#server/db/schema';
import { decimalToCents } from '#shared/money';
import type { ZonedMonth } from '#shared/time-zone';
import { DAY_MS, onSlotGrain, periodCeil, periodFloor } from './giving-rollup';

const timestamps = (dates: Date[]) =>
  sql`array[${sql.join(
    dates.map((date) => ts(date)),
    sql`, `,
  )}]::timestamptz[]`;

/**
 * Each month's gifts in cents, for the chart (D10): from the rollup when every month starts and
 * ends on its 15-minute grain (every zone in use today), otherwise from the gifts themselves,
 * so a zone off the grain (a historical local mean time) is still exact (docs/decisions/0059).
 */
export function monthCents(db: Db, months: readonly ZonedMonth[]): Promise<bigint[]> {
  const onGrain = months.every((month) => onSlotGrain(month.start) && onSlotGrain(month.end));
  return onGrain ? monthCentsFromRollup(db, months) : monthCentsFromGifts(db, months);
}

const dayFloor = (instant: Date) => new Date(periodFloor(instant.getTime(), DAY_MS));
const dayCeil = (instant: Date) => new Date(periodCeil(instant.getTime(), DAY_MS));

/**
 * Sums the rollup: a month is its whole UTC days (about 30 rows of giving_days) plus the
 * quarter hours before its first and after its last whole day (at most 96 slots each), instead
 * of every gift of the year. Exact only for months on the slot grain.
 */
export async function monthCentsFromRollup(db: Db, months: readonly ZonedMonth[]): Promise<bigint[]> {
  const days = (from: SQL, to: SQL) =>
    sql`coalesce((select sum(${givingDays.amountCents}) from ${givingDays} where ${givingDays.day} >= ${from} and ${givingDays.day} < ${to}), 0)`;
  const slots = (from: SQL, to: SQL) =>
    sql`coalesce((select sum(${givingSlots.amountCents}) from ${givingSlots} where ${givingSlots.slot} >= ${from} and ${givingSlots.slot} < ${to}), 0)`;
  const rows = await queryRows<{ month: number | string; cents: string }>(
    db,
    sql`
    select m.n as month, (
      ${days(sql`m.days_from`, sql`m.days_to`)}
      + ${slots(sql`m.starts_at`, sql`m.days_from`)}
      + ${slots(sql`m.days_to`, sql`m.ends_at`)}
    )::text as cents
    from unnest(
      ${timestamps(months.map((m) => m.start))}, ${timestamps(months.map((m) => m.end))},
      ${timestamps(months.map((m) => dayCeil(m.start)))}, ${timestamps(months.map((m) => dayFloor(m.end)))}
    ) with ordinality as m(starts_at, ends_at, days_from, days_to, n)
  `,
  );
  const cents = months.map(() => 0n);
  for (const row of rows) {
    cents[Number(row.month) - 1] = BigInt(row.cents);
  }
  return cents;
}

/**
 * Sums the gifts: one width_bucket() over the month starts puts each gift in its month (an
 * index-only scan of (donation_date, amount) over the gifts that count, migrations 0002 and 0018, docs/decisions/0051).
 */
export async function monthCentsFromGifts(db: Db, months: readonly ZonedMonth[]): Promise<bigint[]> {
  const rows = await queryRows<{ bucket: number | string; total: string }>(
    db,
    sql`
    select width_bucket(${donations.donationDate}, ${timestamps(months.map((m) => m.start))}) as bucket,
      sum(${donations.amount})::text as total
    from ${donations}
    where ${donations.donationDate} >= ${ts(months[0]!.start)} and ${donations.donationDate} < ${ts(months.at(-1)!.end)}
      and ${donations.voidedAt} is null
    group by 1
  `,
  );
  const cents = months.map(() => 0n);
  for (const row of rows) {
    const index = Number(row.bucket) - 1;
    if (index >= 0 && index < months.length) cents[index] = decimalToCents(String(row.total));
  }
  return cents;
}
