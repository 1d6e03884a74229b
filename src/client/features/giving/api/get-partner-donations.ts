import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { givingKeys } from './keys';

export type PartnerDonations = InferResponseType<(typeof api.api.giving.partners)[':id']['donations']['$get'], 200>;

/** The partner's gifts, newest first, and their exact total (D9). */
export async function getPartnerDonations(id: string): Promise<PartnerDonations> {
  const response = await ensureOk(await api.api.giving.partners[':id'].donations.$get({ param: { id } }));
  return (await response.json()) as PartnerDonations;
}

export function partnerDonationsQueryOptions(id: string) {
  return queryOptions({ queryKey: givingKeys.partnerDonations(id), queryFn: () => getPartnerDonations(id) });
}

/** The partner's gifts, refreshed when a gift of theirs is recorded anywhere. */
export function usePartnerDonations(id: string) {
  useRefetchOn(['donations.changed'], givingKeys.partnerDonations(id), (event) => event.partnerId === id);
  return useQuery(partnerDonationsQueryOptions(id));
}
