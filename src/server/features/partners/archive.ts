import { count, eq } from 'drizzle-orm';
import { donations, partners } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import { partnersChanged, getPartner } from './service';

/**
 * Archive instead of delete (issue 20, admins): an archived partner leaves the directory, the
 * gift type-ahead, the exact-name linking of typed gift names and the chat's cardholder list,
 * and keeps its gifts. Only a partner without any gift (voided ones count) may be deleted.
 */

const lockPartner = (ctx: ServiceContext, id: string) =>
  lockedRow(
    ctx.db
      .select({ id: partners.id, name: partners.name, archivedAt: partners.archivedAt })
      .from(partners)
      .where(eq(partners.id, id)),
    404,
    'Partner not found',
  );

/** Archives (`archived`) or brings back a partner; doing what is already done changes nothing and records nothing. */
export async function setArchived(ctx: ServiceContext, id: string, archived: boolean) {
  await ctx.change(async (tx) => {
    const before = await lockPartner(tx, id);
    if (Boolean(before.archivedAt) === archived) return;
    const [after] = await tx.db
      .update(partners)
      .set(archived ? { archivedAt: new Date(), archivedBy: tx.actor.id } : { archivedAt: null, archivedBy: null })
      .where(eq(partners.id, id))
      .returning({ id: partners.id, name: partners.name, archivedAt: partners.archivedAt });
    await tx.record({
      action: archived ? 'partner.archived' : 'partner.unarchived',
      subject: { type: 'partner', id },
      announce: partnersChanged(id),
      before,
      after,
    });
  });
  return (await getPartner(ctx.db, id))!;
}

/**
 * Deletes a partner for good: refused (409) while any gift names them. The partner's row is
 * locked first, so a gift recorded at the same moment (whose link takes a key-share lock on
 * it) waits for the delete and then fails, rather than losing its partner.
 */
export async function deletePartner(ctx: ServiceContext, id: string) {
  return ctx.change(async (tx) => {
    await lockPartner(tx, id);
    const [gifts] = await tx.db.select({ n: count() }).from(donations).where(eq(donations.partnerId, id));
    if (Number(gifts!.n) > 0) {
      refuse(409, 'This partner has gifts and cannot be deleted. Archive the partner instead.');
    }
    const before = (await getPartner(tx.db, id))!;
    await tx.db.delete(partners).where(eq(partners.id, id));
    await tx.record({
      action: 'partner.deleted',
      subject: { type: 'partner', id },
      announce: partnersChanged(id),
      before,
    });
    return { deleted: true as const };
  });
}
