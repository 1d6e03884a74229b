import { donations } from '#server/db/schema';
import type { DemoContext } from '../seed';

/** About six months of gifts: monthly supporters every month, one-time gifts scattered. */
export async function seedDemoDonations({ db, users, now }: DemoContext, partners: { id: string; name: string }[]) {
  const rows: (typeof donations.$inferInsert)[] = [];
  for (let monthsAgo = 5; monthsAgo >= 0; monthsAgo--) {
    partners.forEach((partner, i) => {
      const monthly = i % 3 === 0;
      const dayOfMonth = 1 + ((i * 7 + monthsAgo * 3) % 27);
      const date = new Date(now.getFullYear(), now.getMonth() - monthsAgo, dayOfMonth, 10 + (i % 8));
      if (date > now) return;
      if (!monthly && (i + monthsAgo) % 2 === 1) return;
      rows.push({
        userId: users.admin.id,
        partnerId: partner.id,
        partnerName: partner.name,
        amount: (monthly ? 50 + (i % 4) * 25 : 100 + ((i * 53 + monthsAgo * 31) % 900)).toFixed(2),
        donationType: monthly ? 'monthly' : 'one-time',
        donationDate: date,
      });
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
  if (rows.length > 0) await db.insert(donations).values(rows);
}
