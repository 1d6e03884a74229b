import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { partnerKeys } from './list-partners';

/** Zones in use: the zone filter and the form's suggestions. */
export async function listZones(): Promise<string[]> {
  const response = await ensureOk(await api.api.partners.zones.$get());
  return ((await response.json()) as { zones: string[] }).zones;
}

export const zonesQueryOptions = queryOptions({ queryKey: partnerKeys.zones(), queryFn: listZones, staleTime: 60_000 });

export function useZones() {
  return useQuery(zonesQueryOptions);
}
