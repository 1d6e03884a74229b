import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { donations } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { UnlinkedLinks } from '#shared/schemas/giving-ledger';
import { giftsChanged } from './announce';
import type { PartnerDirectory } from './service';

/**
 * Gifts without a partner (issue 19 item 3): recorded under a typed name, or imported before
 * the partner existed. Grouped by the name as typed (case and surrounding spaces aside), each
 * group with a suggested partner: the one whose email the name is, else the one partner of
 * exactly that name. Two partners sharing the name or email suggest nobody.
 */

const GROUPS_SHOWN = 100;
/** The name as gifts are grouped and matched by. */
const groupKey = sql<string>`lower(btrim(${donations.partnerName}))`;

interface GroupRow {
  key: string;
  name: string;
  gifts: number | string;
  total: string;
  last_gift_at: Date | string;
  groups: number | string;
}

export async function unlinkedGifts(db: Db, directory: PartnerDirectory) {
  const rows = await queryRows<GroupRow>(
    db,
    sql`select ${groupKey} as key, (array_agg(${donations.partnerName} order by ${donations.donationDate} desc))[1] as name,
          count(*) as gifts, sum(${donations.amount})::text as total, max(${donations.donationDate}) as last_gift_at,
          count(*) over () as groups
        from ${donations}
        where ${donations.partnerId} is null and ${donations.voidedAt} is null
        group by 1 order by count(*) desc, 1 limit ${GROUPS_SHOWN}`,
  );
  const keys = rows.map((r) => r.key);
  const [byEmail, byName] = await Promise.all([
    directory.byEmails(
      db,
      keys.filter((k) => k.includes('@')),
    ),
    directory.byNames(db, keys),
  ]);
  return {
    count: rows.length > 0 ? Number(rows[0]!.groups) : 0,
    groups: rows.map((r) => {
      const emailed = byEmail.get(r.key) ?? [];
      const named = byName.get(r.key) ?? [];
      const suggestion =
        emailed.length === 1
          ? { ...emailed[0]!, matchedBy: 'email' as const }
          : emailed.length === 0 && named.length === 1
            ? { ...named[0]!, matchedBy: 'name' as const }
            : null;
      return {
        key: r.key,
        name: r.name,
        gifts: Number(r.gifts),
        total: r.total,
        lastGiftAt: new Date(r.last_gift_at).toISOString(),
        suggestion,
      };
    }),
  };
}

/**
 * Links every gift of each named group to the partner chosen for it, in one change: the gifts
 * take the partner's name, and their versions move on (an edit begun before is refused, not
 * lost over). One activity record lists what was linked; each gift's history finds it there.
 */
export async function linkUnlinked(ctx: ServiceContext, directory: PartnerDirectory, input: UnlinkedLinks) {
  return ctx.change(async (tx) => {
    const linked: { key: string; partnerId: string; partnerName: string; giftIds: string[] }[] = [];
    for (const link of input.links) {
      const partnerName = await directory.nameOf(tx.db, link.partnerId);
      if (partnerName === null) refuse(400, 'Partner not found');
      const rows = await tx.db
        .update(donations)
        .set({ partnerId: link.partnerId, partnerName, version: sql`${donations.version} + 1` })
        .where(and(isNull(donations.partnerId), isNull(donations.voidedAt), eq(groupKey, link.key)))
        .returning({ id: donations.id });
      linked.push({ key: link.key, partnerId: link.partnerId, partnerName, giftIds: rows.map((r) => r.id) });
    }
    const giftIds = linked.flatMap((l) => l.giftIds);
    if (giftIds.length === 0) refuse(409, 'These gifts were linked or changed meanwhile. Reload the list.');
    await tx.record({
      action: 'donations.linked',
      subject: { type: 'donation', id: 'link' },
      announce: giftsChanged(null, ...linked.map((l) => l.partnerId)),
      after: { links: linked.map(({ giftIds: ids, ...l }) => ({ ...l, gifts: ids.length })), giftIds },
    });
    return { linked: giftIds.length, partners: new Set(linked.map((l) => l.partnerId)).size };
  });
}
