import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { isUniqueViolation } from '#server/db/errors';
import type { Db } from '#server/db/client';
import { partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import { type PartnerTagsValues, type TagValues } from '#shared/schemas/partner-tags';
import { partnersChanged } from './service';
import { tagColumns, tagsOfPartners } from './tag-links';

/**
 * Tags (issue 20): the directory's shared vocabulary, managed by everyone with the partners
 * permission (docs/decisions/0021, 0116). Names are unique regardless of case.
 */

const duplicateName = (name: string) => `A tag named "${name}" already exists`;

/** Every tag, by name, with how many partners carry it (archived ones included). */
export async function listTags(db: Db) {
  const carried = db
    .select({ tagId: partnerTagLinks.tagId, partners: count().as('partners') })
    .from(partnerTagLinks)
    .groupBy(partnerTagLinks.tagId)
    .as('carried');
  const rows = await db
    .select({ ...tagColumns, partners: sql<number>`coalesce(${carried.partners}, 0)::int` })
    .from(partnerTags)
    .leftJoin(carried, eq(carried.tagId, partnerTags.id))
    .orderBy(sql`lower(${partnerTags.name})`, partnerTags.id);
  return rows.map((row) => ({ ...row, partners: Number(row.partners) }));
}

/** A unique-name violation, raised by the index after a concurrent insert, answers 409 too. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) refuse(409, duplicateName(name));
    throw err;
  }
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: partnerTags.id, name: partnerTags.name })
    .from(partnerTags)
    .where(sql`lower(${partnerTags.name}) = lower(${name})`);
  if (taken && taken.id !== exceptId) refuse(409, duplicateName(taken.name));
}

export async function createTag(ctx: ServiceContext, values: TagValues) {
  return uniqueName(values.name, () =>
    ctx.change(async (tx) => {
      await assertNameFree(tx.db, values.name);
      const [tag] = await tx.db
        .insert(partnerTags)
        .values({ ...values, createdBy: tx.actor.id })
        .returning(tagColumns);
      await tx.record({
        action: 'partner_tag.created',
        subject: { type: 'partner_tag', id: tag!.id },
        announce: partnersChanged(),
        after: tag,
      });
      return { ...tag!, partners: 0 };
    }),
  );
}

/** Renames or recolours a tag. */
export async function updateTag(ctx: ServiceContext, id: string, values: TagValues) {
  return uniqueName(values.name, () =>
    ctx.change(async (tx) => {
      const before = await lockedRow(
        tx.db.select(tagColumns).from(partnerTags).where(eq(partnerTags.id, id)),
        404,
        'Tag not found',
      );
      await assertNameFree(tx.db, values.name, id);
      const [tag] = await tx.db.update(partnerTags).set(values).where(eq(partnerTags.id, id)).returning(tagColumns);
      await tx.record({
        action: 'partner_tag.updated',
        subject: { type: 'partner_tag', id },
        announce: partnersChanged(),
        before,
        after: tag,
      });
      return tag!;
    }),
  );
}

/** Deletes a tag; its links go with it (the partners stay). */
export async function deleteTag(ctx: ServiceContext, id: string) {
  return ctx.change(async (tx) => {
    const before = await lockedRow(
      tx.db.select(tagColumns).from(partnerTags).where(eq(partnerTags.id, id)),
      404,
      'Tag not found',
    );
    const [carried] = await tx.db.select({ n: count() }).from(partnerTagLinks).where(eq(partnerTagLinks.tagId, id));
    await tx.db.delete(partnerTags).where(eq(partnerTags.id, id));
    await tx.record({
      action: 'partner_tag.deleted',
      subject: { type: 'partner_tag', id },
      announce: partnersChanged(),
      before: { ...before, partners: Number(carried!.n) },
    });
    return { deleted: true as const, partners: Number(carried!.n) };
  });
}

/** Replaces a partner's tags with `tagIds` (at most TAG_LIMITS.perPartner, checked by the schema). */
export async function setPartnerTags(ctx: ServiceContext, partnerId: string, { tagIds }: PartnerTagsValues) {
  return ctx.change(async (tx) => {
    // The partner's row is locked, so concurrent changes of its tags apply one after the other.
    await lockedRow(
      tx.db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)),
      404,
      'Partner not found',
    );
    if (tagIds.length > 0) {
      const known = await tx.db.select({ id: partnerTags.id }).from(partnerTags).where(inArray(partnerTags.id, tagIds));
      if (known.length !== tagIds.length) refuse(400, 'Unknown tag');
    }
    const before = (await tagsOfPartners(tx.db, [partnerId])).get(partnerId) ?? [];
    const thisPartner = eq(partnerTagLinks.partnerId, partnerId);
    await tx.db
      .delete(partnerTagLinks)
      .where(tagIds.length > 0 ? and(thisPartner, notInArray(partnerTagLinks.tagId, tagIds)) : thisPartner);
    if (tagIds.length > 0) {
      await tx.db
        .insert(partnerTagLinks)
        .values(tagIds.map((tagId) => ({ tagId, partnerId })))
        .onConflictDoNothing();
    }
    const after = (await tagsOfPartners(tx.db, [partnerId])).get(partnerId) ?? [];
    await tx.record({
      action: 'partner.tags_changed',
      subject: { type: 'partner', id: partnerId },
      announce: partnersChanged(partnerId),
      before: { tags: before.map((tag) => tag.name) },
      after: { tags: after.map((tag) => tag.name) },
    });
    return after;
  });
}
