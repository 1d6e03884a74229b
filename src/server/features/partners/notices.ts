import type { NoticeDraft, NotificationRules } from '#server/service/notices';

/**
 * Partner updates (issue 16, docs/decisions/0100): a partner added, or a partner's status
 * changed, for holders of the partners feature with the Partner Updates switch on.
 */

interface RecordedPartner {
  name: string;
  status: 'active' | 'inactive';
}

const update = (kind: string, title: string): NoticeDraft => ({
  to: { features: ['partners'] },
  category: 'partner',
  kind,
  title,
  link: '/partners',
});

export const partnerNotices: NotificationRules = {
  'partner.created': (change) => [update('partner.created', `New partner: ${(change.after as RecordedPartner).name}`)],
  'partner.updated': (change) => {
    const before = change.before as RecordedPartner;
    const after = change.after as RecordedPartner;
    return before.status === after.status ? [] : [update('partner.status', `${after.name} is now ${after.status}`)];
  },
};
