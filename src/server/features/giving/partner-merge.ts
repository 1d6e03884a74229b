import { eq, sql } from 'drizzle-orm';
import { donations } from '#server/db/schema';
import type { ChangeContext } from '#server/service/context';
import { giftsChanged } from './announce';

/**
 * A partner merge's part in giving (issue 20 item 6): the merged partner's gifts, voided ones
 * too, move to the survivor and take its name, as linking a gift does (unlinked.ts); their
 * versions move on, so a correction begun before is refused rather than lost over.
 */
export const giftsMergeMove = {
  noun: 'gifts',
  async move(tx: ChangeContext, parties: { merged: { id: string }; survivor: { id: string; name: string } }) {
    const moved = await tx.db
      .update(donations)
      .set({
        partnerId: parties.survivor.id,
        partnerName: parties.survivor.name,
        version: sql`${donations.version} + 1`,
      })
      .where(eq(donations.partnerId, parties.merged.id))
      .returning({ id: donations.id });
    return {
      count: moved.length,
      announce: moved.length > 0 ? giftsChanged(parties.merged.id, parties.survivor.id) : [],
    };
  },
};
