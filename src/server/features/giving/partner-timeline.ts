import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { donations } from '#server/db/schema';
import { atText, beforePosition, keyText, newestFirst, type TimelinePage } from '#server/db/timeline-keyset';

const at = sql`${donations.donationDate}`;
const key = keyText('gift', sql`${donations.id}`);

/**
 * A page of a partner's gifts for the partner's timeline (issue 20), voided ones included and
 * marked: newest first, at most `limit` + 1 after the cursor. Asked through the wiring file;
 * the partners route shows them only to holders of `giving`.
 */
export async function partnerGiftEntries(db: Db, partnerId: string, page: TimelinePage) {
  const rows = await db
    .select({
      id: donations.id,
      at: atText(at),
      key,
      amount: donations.amount,
      donationType: donations.donationType,
      voided: sql<boolean>`${donations.voidedAt} is not null`,
    })
    .from(donations)
    .where(and(eq(donations.partnerId, partnerId), beforePosition(at, key, page)))
    .orderBy(...newestFirst(at, key))
    .limit(page.limit + 1);
  return rows.map((row) => ({ source: 'gift' as const, ...row }));
}
