import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { partnerContacts, partnerMerges, partners, partnerTagLinks } from '#server/db/schema';
import type { Announcement } from '#server/service/changes';
import type { ChangeContext, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { TAG_LIMITS } from '#shared/partners';
import { MERGE_FIELDS, type PartnerMerge } from '#shared/schemas/partner-merge';
import { partnerColumns, partnersChanged } from './service';

/** The two partners of a merge as the moves see them: the survivor's name before and after. */
export interface MergeParties {
  merged: { id: string; name: string };
  survivor: { id: string; nameBefore: string; name: string };
}

/**
 * What another feature moves from a merged partner to the survivor (gifts, tasks, the
 * cardholder channel), inside the merge's transaction. Wired in src/server/feature-wiring.ts.
 */
export interface PartnerMergeMove {
  /** What it moves, as the merge's record names it ("gifts"). */
  noun: string;
  move(tx: ChangeContext, parties: MergeParties): Promise<{ count: number; announce: Announcement[] }>;
}

/**
 * Merges one partner into another (issue 20 item 6, admins only): the survivor keeps, field by
 * field, the value chosen; the merged partner's gifts, contacts, tasks, tags and cardholder
 * channel move to it, and the merged partner's row is removed. One recorded change holds both
 * partners before, the survivor after and what moved; `partner_merges` lets the survivor's
 * timeline find the merged partner's history. Both rows are locked first (in id order, so two
 * merges of the same pair cannot deadlock) and every check is made on the locked rows.
 */
export async function mergePartners(ctx: ServiceContext, moves: readonly PartnerMergeMove[], input: PartnerMerge) {
  return ctx.change(async (tx) => {
    const rows = await tx.db
      .select({ ...partnerColumns, archivedAt: partners.archivedAt, importBatchId: partners.importBatchId })
      .from(partners)
      .where(inArray(partners.id, [input.survivorId, input.mergedId]))
      .orderBy(asc(partners.id))
      .for('update');
    const survivor = rows.find((row) => row.id === input.survivorId);
    const merged = rows.find((row) => row.id === input.mergedId);
    if (!survivor || !merged) refuse(404, 'Partner not found');
    if (survivor.archivedAt || merged.archivedAt) {
      refuse(409, 'Archived partners cannot be merged. Restore the partner first.');
    }

    const values = Object.fromEntries(
      MERGE_FIELDS.map((field) => [field, input.take[field] === 'merged' ? merged[field] : survivor[field]]),
    );
    const parties: MergeParties = {
      merged: { id: merged.id, name: merged.name },
      survivor: { id: survivor.id, nameBefore: survivor.name, name: String(values.name) },
    };

    const tags = await moveTags(tx, merged.id, survivor.id);
    const contacts = await tx.db
      .update(partnerContacts)
      .set({ partnerId: survivor.id })
      .where(eq(partnerContacts.partnerId, merged.id))
      .returning({ id: partnerContacts.id });
    const moved: Record<string, number> = { contacts: contacts.length, tags };
    const announce: Announcement[] = [...partnersChanged(survivor.id), ...partnersChanged(merged.id)];
    for (const feature of moves) {
      const result = await feature.move(tx, parties);
      moved[feature.noun] = result.count;
      announce.push(...result.announce);
    }

    // Partners merged into the merged one before now belong to the survivor's history too.
    await tx.db.update(partnerMerges).set({ survivorId: survivor.id }).where(eq(partnerMerges.survivorId, merged.id));
    await tx.db
      .insert(partnerMerges)
      .values({ survivorId: survivor.id, mergedId: merged.id, mergedName: merged.name, mergedBy: tx.actor.id });
    await tx.db.delete(partners).where(eq(partners.id, merged.id));
    const [after] = await tx.db
      .update(partners)
      .set({
        ...values,
        // A survivor an import created holds, once merged, a partner the import did not create:
        // undoing the import must not archive or delete them with it (a walkthrough lost a
        // monthly donor from the directory that way). It stays the batch's only if both were.
        importBatchId: survivor.importBatchId === merged.importBatchId ? survivor.importBatchId : null,
        updatedAt: new Date(),
      })
      .where(eq(partners.id, survivor.id))
      .returning(partnerColumns);

    const { archivedAt: _s, importBatchId: _sb, ...survivorBefore } = survivor;
    const { archivedAt: _m, importBatchId: _mb, ...mergedBefore } = merged;
    await tx.record({
      action: 'partner.merged',
      subject: { type: 'partner', id: survivor.id },
      announce,
      before: { survivor: survivorBefore, merged: mergedBefore },
      after: { survivor: after, moved },
    });
    return { partner: after!, moved };
  });
}

/**
 * Gives the survivor the merged partner's tags it lacks; refused when the two together carry
 * more than a partner may (TAG_LIMITS.perPartner). Returns how many tags the survivor gained.
 */
async function moveTags(tx: ChangeContext, mergedId: string, survivorId: string): Promise<number> {
  const [union] = await tx.db
    .select({ tags: count(sql`distinct ${partnerTagLinks.tagId}`) })
    .from(partnerTagLinks)
    .where(inArray(partnerTagLinks.partnerId, [mergedId, survivorId]));
  if ((union?.tags ?? 0) > TAG_LIMITS.perPartner) {
    refuse(409, `Together these partners have more than ${TAG_LIMITS.perPartner} tags. Remove some tags first.`);
  }
  const added = await tx.db
    .insert(partnerTagLinks)
    .select(
      tx.db
        .select({ tagId: partnerTagLinks.tagId, partnerId: sql<string>`${survivorId}::uuid`.as('partner_id') })
        .from(partnerTagLinks)
        .where(and(eq(partnerTagLinks.partnerId, mergedId))),
    )
    .onConflictDoNothing()
    .returning({ tagId: partnerTagLinks.tagId });
  return added.length;
}
