import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { partnerKeys, type Partner } from './list-partners';

export async function getPartner(id: string): Promise<Partner> {
  const response = await ensureOk(await api.api.partners[':id'].$get({ param: { id } }));
  return ((await response.json()) as { partner: Partner }).partner;
}

export function partnerQueryOptions(id: string) {
  return queryOptions({ queryKey: partnerKeys.detail(id), queryFn: () => getPartner(id) });
}

export function usePartner(id: string, initial?: Partner) {
  return useQuery({ ...partnerQueryOptions(id), initialData: initial, staleTime: initial ? 5_000 : 0 });
}
