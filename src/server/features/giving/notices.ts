import type { NoticeDraft, NotificationRules, RecordedChange } from '#server/service/notices';
import { formatUsd } from '#shared/format';

/**
 * Donation alerts (issue 16, docs/decisions/0100): a gift's amount and giver are gift-level
 * records, so they go to the holders of Giving Records (admins hold it too; DECISIONS.md D12,
 * issue 19) with the Donation Alerts switch on: a gift recorded, and a gift voided.
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

export const givingNotices: NotificationRules = {
  'donation.created': (change: RecordedChange) => {
    const gift = change.after as RecordedGift;
    return [
      alert(
        `Gift recorded: ${formatUsd(Number(gift.amount))} from ${gift.partnerName}`,
        gift.donationType === 'monthly' ? 'A monthly gift' : 'A one-time gift',
      ),
    ];
  },
  'donation.voided': (change: RecordedChange) => {
    const gift = change.after as RecordedGift;
    return [
      alert(`Gift voided: ${formatUsd(Number(gift.amount))} from ${gift.partnerName}`, `Reason: ${gift.voidReason}`),
    ];
  },
};
