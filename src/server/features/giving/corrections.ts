import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { activity, donations, importBatches, user } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { giftInstant } from '#shared/giving';
import { decimalToCents } from '#shared/money';
import { zonedDate } from '#shared/time-zone';
import type { GiftCorrection, GiftVoid } from '#shared/schemas/giving-ledger';
import { giftsChanged } from './announce';
import type { PartnerDirectory } from './service';

/**
 * Corrections and voids (issue 19, DECISIONS.md D12): a gift is never deleted from the screen;
 * each change is one activity record with the gift before and after, which is the gift's
 * history. An edit made on a version someone else has since changed is refused (409), so
 * neither person's correction is silently lost.
 */

/** The gift as its history and the activity record keep it. */
const recordColumns = {
  id: donations.id,
  partnerId: donations.partnerId,
  partnerName: donations.partnerName,
  amount: donations.amount,
  donationType: donations.donationType,
  method: donations.method,
  reference: donations.reference,
  notes: donations.notes,
  donationDate: donations.donationDate,
  voidedAt: donations.voidedAt,
  voidReason: donations.voidReason,
  version: donations.version,
};

const STALE = 'This gift was changed by someone else meanwhile. Reload it to see the change, then try again.';

/** The gift, locked for the rest of the change; 404 when unknown, 409 when the version moved on. */
async function lockGift(db: Db, id: string, version: number) {
  const [gift] = await db.select(recordColumns).from(donations).where(eq(donations.id, id)).for('update');
  if (!gift) refuse(404, 'Gift not found');
  if (gift.version !== version) refuse(409, STALE);
  return gift;
}

export async function correctGift(
  ctx: ServiceContext,
  directory: PartnerDirectory,
  id: string,
  values: GiftCorrection,
) {
  return ctx.change(async (tx) => {
    const before = await lockGift(tx.db, id, values.version);
    if (before.voidedAt) refuse(409, 'A voided gift cannot be changed.');
    // A picked partner gives the gift its current name; a name alone leaves it unlinked.
    let partnerName = values.partnerName;
    if (values.partnerId) {
      const name = await directory.nameOf(tx.db, values.partnerId);
      if (name === null) refuse(400, 'Partner not found');
      partnerName = name;
    }
    const sameDay = zonedDate(before.donationDate, values.timeZone) === values.date;
    const unchanged =
      sameDay &&
      before.partnerId === values.partnerId &&
      before.partnerName === partnerName &&
      decimalToCents(before.amount) === decimalToCents(values.amount) &&
      before.donationType === values.donationType &&
      before.method === values.method &&
      before.reference === values.reference &&
      before.notes === values.notes;
    // Saved as it was: no correction in its history, and its version stays, so nobody else's
    // open copy is refused as stale for a change that never happened.
    if (unchanged) return before;
    const [after] = await tx.db
      .update(donations)
      .set({
        partnerId: values.partnerId,
        partnerName,
        amount: values.amount,
        donationType: values.donationType,
        method: values.method,
        reference: values.reference,
        notes: values.notes,
        // The day unchanged keeps the recorded instant; a new day is noon of it (decision 0111).
        donationDate: sameDay ? before.donationDate : giftInstant(values.date, values.timeZone, new Date()),
        version: sql`${donations.version} + 1`,
      })
      .where(eq(donations.id, id))
      .returning(recordColumns);
    await tx.record({
      action: 'donation.updated',
      subject: { type: 'donation', id },
      announce: giftsChanged(before.partnerId, after!.partnerId),
      before,
      after,
    });
    return after!;
  });
}

export async function voidGift(ctx: ServiceContext, id: string, values: GiftVoid) {
  return ctx.change(async (tx) => {
    const before = await lockGift(tx.db, id, values.version);
    if (before.voidedAt) refuse(409, 'This gift is already voided.');
    const [after] = await tx.db
      .update(donations)
      .set({
        voidedAt: new Date(),
        voidedBy: tx.actor.id,
        voidReason: values.reason,
        version: sql`${donations.version} + 1`,
      })
      .where(eq(donations.id, id))
      .returning(recordColumns);
    await tx.record({
      action: 'donation.voided',
      subject: { type: 'donation', id },
      announce: giftsChanged(after!.partnerId),
      before,
      after,
    });
    return after!;
  });
}

/**
 * A gift's history, oldest first: its recording, each correction and its void (who, when, the
 * gift before and after), and the import that brought it in, if one did.
 */
export async function giftHistory(db: Db, id: string) {
  const [gift] = await db
    .select({ id: donations.id, importBatchId: donations.importBatchId })
    .from(donations)
    .where(eq(donations.id, id));
  if (!gift) refuse(404, 'Gift not found');
  const subjects = [
    and(eq(activity.subjectType, 'donation'), eq(activity.subjectId, id)),
    // Linked to a partner with others at once (the unlinked gifts helper): one record lists them.
    and(eq(activity.action, 'donations.linked'), sql`(${activity.after} -> 'giftIds') @> to_jsonb(${id}::text)`),
  ];
  if (gift.importBatchId)
    subjects.push(and(eq(activity.subjectType, 'import'), eq(activity.subjectId, gift.importBatchId)));
  const entries = await db
    .select({
      id: activity.id,
      at: activity.at,
      action: activity.action,
      actorId: activity.actorId,
      actorName: user.name,
      before: activity.before,
      after: activity.after,
    })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .where(or(...subjects))
    .orderBy(asc(activity.id));
  const batch = gift.importBatchId
    ? (
        await db
          .select({ source: importBatches.source, fileName: importBatches.fileName })
          .from(importBatches)
          .where(inArray(importBatches.id, [gift.importBatchId]))
      )[0]
    : undefined;
  return {
    entries: entries.map(({ actorId, actorName, ...entry }) => ({
      ...entry,
      actor: actorId ? { id: actorId, name: actorName ?? '' } : null,
    })),
    importedFrom: batch ?? null,
  };
}
