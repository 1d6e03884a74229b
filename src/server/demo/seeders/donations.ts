import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { donations } from '#server/db/schema';
import { recordChange } from '#server/service/changes';
import type { DemoContext } from '../seed';
import { recordPastChanges, type PastChange } from './history';
import { NEW_PARTNER } from './partners';

/** A monthly supporter who stopped four months ago: "Lapsed donors" on the Giving screen. */
const LAPSED = 'Faith Builders Foundation';
/** A monthly supporter whose gift for this month has not come in: "Monthly gifts not in yet". */
const MONTHLY_NOT_IN = 'Daniel & Ruth Álvarez';

/**
 * A year and a half of gifts: monthly supporters every month, one-time gifts scattered. The
 * dashboard's twelve months are then all filled, and last year's statements have gifts to show.
 * Three partners give the donor insights something to list: a first gift this month, a lapsed
 * monthly supporter, and a monthly gift not in yet.
 */
export async function seedDemoDonations({ db, users, now }: DemoContext, partners: { id: string; name: string }[]) {
  const rows: (typeof donations.$inferInsert)[] = [];
  for (let monthsAgo = 17; monthsAgo >= 0; monthsAgo--) {
    partners.forEach((partner, i) => {
      const monthly = i % 3 === 0;
      const dayOfMonth = 1 + ((i * 7 + monthsAgo * 3) % 27);
      const date = new Date(now.getFullYear(), now.getMonth() - monthsAgo, dayOfMonth, 10 + (i % 8));
      if (date > now) return;
      if (!monthly && (i + monthsAgo) % 2 === 1) return;
      if (partner.name === NEW_PARTNER) return;
      if (partner.name === LAPSED && monthsAgo < 4) return;
      if (partner.name === MONTHLY_NOT_IN && monthsAgo === 0) return;
      // How it came (issue 19): monthly gifts by bank transfer, the others by check (with its
      // number), card or the online giving service (with its id).
      const method = monthly ? 'bank_transfer' : (['check', 'card', 'online'] as const)[(i + monthsAgo) % 3]!;
      rows.push({
        userId: users.admin.id,
        partnerId: partner.id,
        partnerName: partner.name,
        amount: (monthly ? 50 + (i % 4) * 25 : 100 + ((i * 53 + monthsAgo * 31) % 900)).toFixed(2),
        donationType: monthly ? 'monthly' : 'one-time',
        donationDate: date,
        method,
        reference:
          method === 'check' ? String(1000 + rows.length) : method === 'online' ? `GS-${48210 + rows.length}` : null,
      });
    });
  }
  const newPartner = partners.find((p) => p.name === NEW_PARTNER);
  if (newPartner) {
    // Two days ago, or at the month's start on its first two days: this month either way.
    const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
    rows.push({
      // Recorded by Michael (Giving Records): the admin is told of it (notifications.ts).
      userId: users.coordinators[1]!.id,
      partnerId: newPartner.id,
      partnerName: newPartner.name,
      amount: '150.00',
      donationType: 'one-time',
      donationDate: new Date(Math.max(monthStart.getTime(), now.getTime() - 2 * 86_400_000)),
      method: 'online',
      reference: `GS-${48210 + rows.length}`,
    });
  }
  // Gifts from people who are not (yet) in the directory: typed freely, not linked (D10 counts
  // them as donors by name).
  const walkIns = [
    { partnerName: 'Walk-in visitor', amount: '40.00', daysAgo: 1 },
    { partnerName: 'Anonymous', amount: '250.00', daysAgo: 3 },
    { partnerName: 'Walk-in Visitor', amount: '15.50', daysAgo: 9 },
  ];
  for (const gift of walkIns) {
    const date = new Date(now.getTime() - gift.daysAgo * 86_400_000);
    rows.push({
      userId: users.admin.id,
      partnerId: null,
      partnerName: gift.partnerName,
      amount: gift.amount,
      donationType: 'one-time',
      donationDate: date,
    });
  }
  if (rows.length === 0) return;
  const inserted = await db.insert(donations).values(rows).returning();
  // Each gift's recording, before the corrections below: a gift's history lists its entries in
  // the order they were written.
  await recordPastChanges(
    db,
    inserted.map((gift) => recording(gift)),
  );
  await correctAndVoid(db, users.admin.id, inserted);
}

/** A gift's entry as Add Donation records it (giving/service.ts), dated when it was given. */
const recording = (gift: typeof donations.$inferSelect, at = gift.donationDate): PastChange => ({
  at,
  actorId: gift.userId,
  action: 'donation.created',
  subject: { type: 'donation', id: gift.id },
  after: {
    id: gift.id,
    partnerId: gift.partnerId,
    partnerName: gift.partnerName,
    amount: gift.amount,
    donationType: gift.donationType,
    notes: gift.notes,
    method: gift.method,
    reference: gift.reference,
    donationDate: gift.donationDate,
  },
});

/**
 * A treasurer's trail for the Giving screen (issue 19): the latest walk-in gift was recorded
 * twice (voided, with the reason), and a check's amount was mistyped (corrected). Written as the
 * service writes them, with their activity records, so each gift's history shows the change.
 */
async function correctAndVoid(db: Db, adminId: string, gifts: (typeof donations.$inferSelect)[]) {
  const anHourAfter = (date: Date) => new Date(date.getTime() + 3_600_000);
  const twice = gifts.find((g) => g.partnerName === 'Walk-in visitor');
  // The latest check (last month's): a recent correction, not one from a year and a half ago.
  const check = gifts.findLast((g) => g.method === 'check');
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (twice) {
      const duplicate = { ...twice, id: undefined, version: 1 };
      const [copy] = await tx.insert(donations).values(duplicate).returning();
      // Recorded again half an hour later, which is how the duplicate came about.
      await recordPastChanges(tx, [recording(copy!, new Date(twice.donationDate.getTime() + 1_800_000))]);
      const [after] = await tx
        .update(donations)
        .set({ voidedAt: anHourAfter(twice.donationDate), voidedBy: adminId, voidReason: 'Recorded twice', version: 2 })
        .where(eq(donations.id, copy!.id))
        .returning();
      await recordChange(
        tx,
        { id: adminId },
        {
          action: 'donation.voided',
          subject: { type: 'donation', id: copy!.id },
          before: copy,
          after,
        },
      );
    }
    if (check) {
      const [after] = await tx
        .update(donations)
        .set({ amount: (Number(check.amount) + 50).toFixed(2), notes: 'Amount corrected from the check', version: 2 })
        .where(eq(donations.id, check.id))
        .returning();
      await recordChange(
        tx,
        { id: adminId },
        {
          action: 'donation.updated',
          subject: { type: 'donation', id: check.id },
          before: check,
          after,
        },
      );
    }
  });
}
