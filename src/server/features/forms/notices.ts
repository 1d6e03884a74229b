import type { NotificationRules } from '#server/service/notices';
import type { RecordedResponse } from './public-service';

/**
 * What the forms feature tells people (issue 21 item 6, the last rule of issue 16): a new
 * response tells the form's creator, always in the bell and by email as their email switch
 * says (the notifications feature decides that, decision 0100). Wired in feature-wiring.ts.
 */
export const formNotices: NotificationRules = {
  'form_response.created': (change) => {
    const response = change.after as RecordedResponse;
    if (!response.creatorId) return [];
    return [
      {
        to: { features: ['more'], userIds: [response.creatorId] },
        category: 'always',
        kind: 'form.response',
        title: `New response to ${response.formTitle}`,
        body: response.recipientName ? `From ${response.recipientName}, through their personal link` : null,
        link: '/forms',
      },
    ];
  },
};
