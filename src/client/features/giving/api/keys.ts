/** The giving feature's query keys: the type-ahead, each partner's gift list, the Giving screen. */
export const givingKeys = {
  all: ['giving'] as const,
  partnerOptions: (text: string) => [...givingKeys.all, 'partner-options', text] as const,
  partnerDonations: (partnerId: string) => [...givingKeys.all, 'partner-donations', partnerId] as const,
  gifts: (query: Record<string, string>) => [...givingKeys.all, 'gifts', query] as const,
  history: (giftId: string) => [...givingKeys.all, 'history', giftId] as const,
};
