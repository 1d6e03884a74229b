import { and, eq, sql } from 'drizzle-orm';
import { partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { lockedRow } from '#server/service/locked-row';
import { TAG_LIMITS } from '#shared/partners';
import type { BulkTagValues } from '#shared/schemas/partner-tags';
import { partnersChanged, directoryConditions } from './service';

/**
 * "Tag all" / "Untag all" (issue 20): one tag given to, or taken from, every partner the
 * directory's filters match, not only the loaded page, in one statement and one recorded
 * change. Partners already at TAG_LIMITS.perPartner tags are skipped and counted.
 */
export async function bulkTag(ctx: ServiceContext, tagId: string, { action, filters }: BulkTagValues) {
  return ctx.change(async (tx) => {
    // Locked: the tag cannot be deleted while its links are written.
    const tag = await lockedRow(
      tx.db.select({ id: partnerTags.id, name: partnerTags.name }).from(partnerTags).where(eq(partnerTags.id, tagId)),
      404,
      'Tag not found',
    );
    const matching = and(...directoryConditions(filters));
    const carries = sql`exists (select 1 from ${partnerTagLinks} where ${partnerTagLinks.partnerId} = ${partners.id} and ${partnerTagLinks.tagId} = ${tagId})`;
    const tagCount = sql`(select count(*) from ${partnerTagLinks} where ${partnerTagLinks.partnerId} = ${partners.id})`;
    const [counts] = await tx.db
      .select({
        matched: sql<number>`count(*)::int`,
        carrying: sql<number>`(count(*) filter (where ${carries}))::int`,
        full: sql<number>`(count(*) filter (where not ${carries} and ${tagCount} >= ${TAG_LIMITS.perPartner}))::int`,
      })
      .from(partners)
      .where(matching);
    const matched = Number(counts!.matched);
    let changed: number;
    let skipped = 0;
    if (action === 'tag') {
      const inserted = await tx.db
        .insert(partnerTagLinks)
        .select(
          tx.db
            .select({ tagId: sql<string>`${tagId}::uuid`.as('tag_id'), partnerId: partners.id })
            .from(partners)
            .where(and(matching, sql`not ${carries}`, sql`${tagCount} < ${TAG_LIMITS.perPartner}`)),
        )
        .onConflictDoNothing()
        .returning({ partnerId: partnerTagLinks.partnerId });
      changed = inserted.length;
      skipped = Number(counts!.full);
    } else {
      const removed = await tx.db
        .delete(partnerTagLinks)
        .where(
          and(
            eq(partnerTagLinks.tagId, tagId),
            sql`${partnerTagLinks.partnerId} in (select ${partners.id} from ${partners} where ${matching ?? sql`true`})`,
          ),
        )
        .returning({ partnerId: partnerTagLinks.partnerId });
      changed = removed.length;
    }
    const { cursor: _cursor, ...used } = filters as typeof filters & { cursor?: string };
    await tx.record({
      action: action === 'tag' ? 'partners.tagged' : 'partners.untagged',
      subject: { type: 'partner_tag', id: tag.id },
      announce: partnersChanged(),
      after: { tag: tag.name, filters: used, matched, changed, skipped },
    });
    return { matched, changed, skipped };
  });
}
