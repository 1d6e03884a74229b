/**
 * The dashboard's giving rollup (giving_slots and giving_days, docs/decisions/0059) as stored,
 * and as the gifts say it should be: summed here in JavaScript rather than by the SQL functions,
 * so tests of every path that writes gifts check the triggers against an independent reading.
 */
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { donations, givingDays, givingSlots } from '#server/db/schema';
import { DAY_MS, SLOT_MS } from '#server/features/giving/giving-rollup';
import { decimalToCents } from '#shared/money';

export interface PeriodTotal {
  /** The period's first instant (ISO). */
  start: string;
  cents: bigint;
  gifts: number;
}

export interface GivingRollup {
  slots: PeriodTotal[];
  days: PeriodTotal[];
}

export async function storedGivingRollup(db: Db): Promise<GivingRollup> {
  const slots = await db.select().from(givingSlots).orderBy(asc(givingSlots.slot));
  const days = await db.select().from(givingDays).orderBy(asc(givingDays.day));
  return {
    slots: slots.map((r) => ({ start: r.slot.toISOString(), cents: r.amountCents, gifts: r.gifts })),
    days: days.map((r) => ({ start: r.day.toISOString(), cents: r.amountCents, gifts: r.gifts })),
  };
}

export async function givingRollupFromGifts(db: Db): Promise<GivingRollup> {
  // A voided gift counts nowhere (issue 19).
  const gifts = await db
    .select({ date: donations.donationDate, amount: donations.amount })
    .from(donations)
    .where(isNull(donations.voidedAt));
  const totals = (periodMs: number) => {
    const periods = new Map<number, PeriodTotal>();
    for (const gift of gifts) {
      const start = Math.floor(gift.date.getTime() / periodMs) * periodMs;
      const period = periods.get(start) ?? { start: new Date(start).toISOString(), cents: 0n, gifts: 0 };
      period.cents += decimalToCents(gift.amount);
      period.gifts += 1;
      periods.set(start, period);
    }
    return [...periods.entries()].sort(([a], [b]) => a - b).map(([, period]) => period);
  };
  return { slots: totals(SLOT_MS), days: totals(DAY_MS) };
}
