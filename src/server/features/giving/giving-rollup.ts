import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { donations, givingDays, givingSlots } from '#server/db/schema';

/**
 * The rollup's grain (the giving_slot() SQL function, migration 0004). Every zone in use today is
 * a whole number of quarter hours from UTC, so its months start on a slot boundary.
 */
export const SLOT_MS = 15 * 60 * 1000;
/** Its coarser level: UTC days (giving_day()), for the whole days inside a month. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant of the period of `grain` ms (SLOT_MS or DAY_MS) holding the instant, and of
 * the first period starting at or after it: giving_slot() and giving_day() bin from a UTC
 * midnight, as the epoch is. Infinite bounds stay infinite.
 */
export const periodFloor = (instant: number, grain: number) => Math.floor(instant / grain) * grain;
export const periodCeil = (instant: number, grain: number) => Math.ceil(instant / grain) * grain;

/** True when the instant starts a slot, so slots before it and from it never share a gift. */
export function onSlotGrain(instant: Date): boolean {
  return instant.getTime() % SLOT_MS === 0;
}

/**
 * Recomputes the rollup from the gifts, for bulk loaders that insert with the triggers off (the
 * bench seeder). Writers wait meanwhile (the share lock), so no gift is missed or counted twice.
 * In key order, like the migration's backfill: a month's slots and days then share pages.
 */
export async function rebuildGivingRollup(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${donations} in share mode`);
    await tx.execute(sql`delete from ${givingSlots}`);
    await tx.execute(sql`delete from ${givingDays}`);
    await tx.execute(sql`
      insert into ${givingSlots} (slot, amount_cents, gifts)
      select giving_slot(${donations.donationDate}), sum(${donations.amount} * 100)::bigint, count(*)
      from ${donations} where ${donations.voidedAt} is null group by 1 order by 1
    `);
    await tx.execute(sql`
      insert into ${givingDays} (day, amount_cents, gifts)
      select giving_day(${givingSlots.slot}), sum(${givingSlots.amountCents}), sum(${givingSlots.gifts})
      from ${givingSlots} group by 1 order by 1
    `);
  });
}
