import type { Db } from '#server/db/client';
import type { NoticeDraft, NotificationRules, RecordedChange } from '#server/service/notices';
import { formatMoney } from '#shared/format';
import type { GiftAlertFacts } from './service';

/**
 * Donation alerts (issue 16, docs/decisions/0100): a gift's amount and giver are gift-level
 * records, so they go to the holders of Giving Records (admins hold it too; DECISIONS.md D12,
 * issue 19) with the Donation Alerts switch on: a gift recorded, and a gift voided. Amounts are
 * written in the organization's display currency: a gift recorded brings it (its insert read
 * it, decision 0143); for a void it is read in the change's transaction (the organization
 * settings, given by the wiring file).
 */

interface RecordedGift {
  amount: string | number;
  partnerName: string;
  donationType: 'one-time' | 'monthly';
  voidReason?: string | null;
}

const alert = (title: string, body: string | null): NoticeDraft => ({
  to: { features: ['giving'] },
  category: 'donation',
  kind: 'donation',
  title,
  body,
  link: '/giving',
});

export function givingNotices(currencyOf: (db: Db) => Promise<string>): NotificationRules {
  const money = async (db: Db, amount: string | number) => formatMoney(String(amount), await currencyOf(db));
  return {
    'donation.created': (change: RecordedChange) => {
      const gift = change.after as RecordedGift;
      const facts = change.unrecorded as GiftAlertFacts | undefined;
      if (!facts) throw new Error('donation.created was recorded without its currency for the alert');
      return [
        alert(
          `Gift recorded: ${formatMoney(String(gift.amount), facts.currency)} from ${gift.partnerName}`,
          gift.donationType === 'monthly' ? 'A monthly gift' : 'A one-time gift',
        ),
      ];
    },
    'donation.voided': async (change: RecordedChange, db) => {
      const gift = change.after as RecordedGift;
      return [
        alert(`Gift voided: ${await money(db, gift.amount)} from ${gift.partnerName}`, `Reason: ${gift.voidReason}`),
      ];
    },
  };
}
