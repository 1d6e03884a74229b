import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { partnerTagLinks, partnerTags } from '#server/db/schema';
import type { TagColour } from '#shared/partners';

/** A tag as the API shows it on a partner. */
export interface TagView {
  id: string;
  name: string;
  colour: TagColour;
}

export const tagColumns = { id: partnerTags.id, name: partnerTags.name, colour: partnerTags.colour };

/** The tags of these partners, each partner's by name, in one query. */
export async function tagsOfPartners(db: Db, partnerIds: readonly string[]): Promise<Map<string, TagView[]>> {
  const byPartner = new Map<string, TagView[]>();
  if (partnerIds.length === 0) return byPartner;
  const rows = await db
    .select({ partnerId: partnerTagLinks.partnerId, ...tagColumns })
    .from(partnerTagLinks)
    .innerJoin(partnerTags, eq(partnerTags.id, partnerTagLinks.tagId))
    .where(inArray(partnerTagLinks.partnerId, [...partnerIds]))
    .orderBy(sql`lower(${partnerTags.name})`, partnerTags.id);
  for (const { partnerId, ...tag } of rows) {
    byPartner.set(partnerId, [...(byPartner.get(partnerId) ?? []), tag]);
  }
  return byPartner;
}

/** The partners with their tags added. */
export async function withTags<T extends { id: string }>(
  db: Db,
  rows: readonly T[],
): Promise<(T & { tags: TagView[] })[]> {
  const tags = await tagsOfPartners(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
}
