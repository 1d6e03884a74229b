import type { Announcement } from '#server/service/changes';

/**
 * Who hears that gifts changed: open dashboards (the totals) and holders of Giving Records
 * (the Giving screen, partners' gift lists). A gift moved from one partner to another
 * refreshes both partners' lists.
 */
export function giftsChanged(...partnerIds: (string | null)[]): Announcement[] {
  return [...new Set(partnerIds)].flatMap((partnerId): Announcement[] => {
    const event = { type: 'donations.changed' as const, partnerId };
    return [
      { audience: { feature: 'dashboard' }, event },
      { audience: { feature: 'giving' }, event },
    ];
  });
}
