/** The giving feature's query keys: the type-ahead and each partner's gift list. */
export const givingKeys = {
  all: ['giving'] as const,
  partnerOptions: (text: string) => [...givingKeys.all, 'partner-options', text] as const,
  partnerDonations: (partnerId: string) => [...givingKeys.all, 'partner-donations', partnerId] as const,
};
