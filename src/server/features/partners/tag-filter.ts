import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { partners, partnerTagLinks } from '#server/db/schema';

/**
 * The directory's tag filter (issue 20): partners carrying any of `tagIds`, or all of them.
 * Both are correlated lookups on the links' (tag_id, partner_id) primary key, so the planner
 * may either walk the name index and probe each partner, or start from the tag's links and
 * sort the few matches (docs/decisions/0116 has the plans at 100,000 partners).
 */
export function tagCondition(tagIds: readonly string[], match: 'any' | 'all', sparse = false): SQL {
  if (sparse) return sparseTagCondition(tagIds, match);
  const links = and(eq(partnerTagLinks.partnerId, partners.id), inArray(partnerTagLinks.tagId, [...tagIds]))!;
  if (match === 'any' || tagIds.length === 1) {
    return sql`exists (select 1 from ${partnerTagLinks} where ${links})`;
  }
  return sql`(select count(*) from ${partnerTagLinks} where ${links}) = ${new Set(tagIds).size}`;
}

/** Below this many links the chosen tags are "sparse": their carriers are fetched first. */
const SPARSE_LINKS = 2000;

/** Whether the chosen tags carry few enough partners to start from their links (an index-only count). */
export async function tagsAreSparse(db: Db, tagIds: readonly string[]): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerTagLinks)
    .where(inArray(partnerTagLinks.tagId, [...tagIds]));
  return Number(row!.n) < SPARSE_LINKS;
}

/**
 * For rare tags: the carriers' ids first (from the links' primary key), then those partners by
 * their primary key and a top-N sort. EXISTS would make the planner scan every partner.
 */
function sparseTagCondition(tagIds: readonly string[], match: 'any' | 'all'): SQL {
  const chosen = inArray(partnerTagLinks.tagId, [...tagIds]);
  const carriers =
    match === 'any' || tagIds.length === 1
      ? sql`select ${partnerTagLinks.partnerId} from ${partnerTagLinks} where ${chosen}`
      : sql`select ${partnerTagLinks.partnerId} from ${partnerTagLinks} where ${chosen} group by ${partnerTagLinks.partnerId} having count(*) = ${new Set(tagIds).size}`;
  return sql`${partners.id} = any(array(${carriers}))`;
}
