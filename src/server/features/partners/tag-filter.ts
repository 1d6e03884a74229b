import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { partners, partnerTagLinks } from '#server/db/schema';

/**
 * The directory's tag filter (issue 20): partners carrying any of `tagIds`, or all of them.
 * Both are correlated lookups on the links' (tag_id, partner_id) primary key, so the planner
 * may either walk the name index and probe each partner, or start from the tag's links and
 * sort the few matches (docs/decisions/0116 has the plans at 100,000 partners).
 */
export function tagCondition(tagIds: readonly string[], match: 'any' | 'all'): SQL {
  const links = and(eq(partnerTagLinks.partnerId, partners.id), inArray(partnerTagLinks.tagId, [...tagIds]))!;
  if (match === 'any' || tagIds.length === 1) {
    return sql`exists (select 1 from ${partnerTagLinks} where ${links})`;
  }
  return sql`(select count(*) from ${partnerTagLinks} where ${links}) = ${new Set(tagIds).size}`;
}
