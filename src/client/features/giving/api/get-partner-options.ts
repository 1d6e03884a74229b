import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { givingKeys } from './keys';

export type PartnerOption = InferResponseType<
  (typeof api.api.giving)['partner-options']['$get'],
  200
>['partners'][number];

/** Existing partners whose name contains the text: the Add Donation type-ahead (admins). */
export async function getPartnerOptions(text: string): Promise<PartnerOption[]> {
  const response = await ensureOk(await api.api.giving['partner-options'].$get({ query: text ? { q: text } : {} }));
  return ((await response.json()) as { partners: PartnerOption[] }).partners;
}

export function partnerOptionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: givingKeys.partnerOptions(text),
    queryFn: () => getPartnerOptions(text),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function usePartnerOptions(text: string, enabled: boolean) {
  return useQuery({ ...partnerOptionsQueryOptions(text), enabled });
}
