import type { NoticeDraft, NotificationRules, RecordedChange } from '#server/service/notices';
import { formatUsd } from '#shared/format';

/**
 * Donation alerts (issue 16, docs/decisions/0100): for everyone who sees the giving figures
 * (the dashboard; admins hold it too) with the Donation Alerts switch on. Corrections and
 * voids (issue 19) add their rules here.
 */

interface RecordedGift {
  amount: string | number;
  partnerName: string;
  donationType: 'one-time' | 'monthly';
}

const alert = (title: string, body: string | null): NoticeDraft => ({
  to: { features: ['dashboard'] },
  category: 'donation',
  kind: 'donation',
  title,
  body,
  link: '/dashboard',
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
};
