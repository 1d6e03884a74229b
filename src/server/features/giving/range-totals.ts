import { and, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { donations, givingDays, givingSlots } from '#server/db/schema';
import { DAY_MS, periodCeil, periodFloor, SLOT_MS } from './giving-rollup';

/** start <= column < end, each side left out when it is not finite (an open range). */
function within(column: PgColumn, start: number, end: number): SQL | undefined {
  return and(
    Number.isFinite(start) ? gte(column, new Date(start)) : undefined,
    Number.isFinite(end) ? lt(column, new Date(end)) : undefined,
  );
}

/** One part's count and cents from a rollup table: periods whose first instant is in [start, end). */
function fromRollup(table: typeof givingDays | typeof givingSlots, start: number, end: number): SQL {
  const key = table === givingDays ? givingDays.day : givingSlots.slot;
  return sql`select sum(${table.gifts})::bigint, sum(${table.amountCents})::bigint from ${table} where ${within(key, start, end) ?? sql`true`}`;
}

/** One part's count and cents from the gifts that count themselves (the partial (date, amount) index). */
function fromGifts(range: SQL | undefined): SQL {
  return sql`select count(*)::bigint, (sum(${donations.amount}) * 100)::bigint from ${donations} where ${and(isNull(donations.voidedAt), range)}`;
}

/** How many voided gifts fall in the range (the small partial index on voided gifts); they add no cents. */
function voidedGifts(from: Date | undefined, to: Date | undefined): SQL {
  const range = and(
    from ? gte(donations.donationDate, from) : undefined,
    to ? lte(donations.donationDate, to) : undefined,
  );
  return sql`select count(*)::bigint, 0::bigint from ${donations} where ${and(isNotNull(donations.voidedAt), range)}`;
}

/**
 * How many gifts that count (voided ones never do) fall between `from` and `to`, both included
 * and either open, and their sum in cents: the Giving screen's totals when it filters by date
 * alone (docs/decisions/0131). With `voided`, the count includes the voided gifts of the range
 * (the screen's "include voided"); the sum never does. The whole quarter hours inside the range come from the rollup
 * (docs/decisions/0059), by UTC day where whole days fit and by slot at their ends, so a year
 * is about 365 day rows instead of a fifth of the gifts; the two partial quarter hours at the
 * range's ends, whatever their instant to the millisecond, from the gifts. Exact for any bounds.
 */
export async function rangeTotals(
  db: Db,
  from?: Date,
  to?: Date,
  options: { voided?: boolean } = {},
): Promise<{ count: number; cents: bigint }> {
  const start = from?.getTime() ?? -Infinity;
  const end = to?.getTime() ?? Infinity;
  // The rollup covers [slotsFrom, slotsTo): the slot holding `to` is read from the gifts, since
  // `to` is included and may end anywhere in it.
  const slotsFrom = periodCeil(start, SLOT_MS);
  const slotsTo = periodFloor(end, SLOT_MS);
  const parts: SQL[] = [];
  if (slotsFrom < slotsTo) {
    const daysFrom = periodCeil(slotsFrom, DAY_MS);
    const daysTo = periodFloor(slotsTo, DAY_MS);
    if (daysFrom < daysTo) {
      parts.push(fromRollup(givingDays, daysFrom, daysTo));
      if (slotsFrom < daysFrom) parts.push(fromRollup(givingSlots, slotsFrom, daysFrom));
      if (daysTo < slotsTo) parts.push(fromRollup(givingSlots, daysTo, slotsTo));
    } else {
      parts.push(fromRollup(givingSlots, slotsFrom, slotsTo));
    }
    if (from && start < slotsFrom) parts.push(fromGifts(within(donations.donationDate, start, slotsFrom)));
    if (to) parts.push(fromGifts(and(gte(donations.donationDate, new Date(slotsTo)), lte(donations.donationDate, to))));
  } else {
    // No whole quarter hour inside (under half an hour): the few gifts themselves.
    parts.push(
      fromGifts(
        and(from ? gte(donations.donationDate, from) : undefined, to ? lte(donations.donationDate, to) : undefined),
      ),
    );
  }
  if (options.voided) parts.push(voidedGifts(from, to));
  const [row] = await queryRows<{ count: number | string; cents: string }>(
    db,
    sql`select coalesce(sum(n), 0)::int as count, coalesce(sum(c), 0)::text as cents
        from (${sql.join(parts, sql` union all `)}) as parts(n, c)`,
  );
  return { count: Number(row?.count ?? 0), cents: BigInt(row?.cents ?? '0') };
}
