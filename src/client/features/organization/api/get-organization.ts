import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { Organization } from '#shared/schemas/organization';

export const organizationQueryKey = ['organization'] as const;

/** The ministry's name, address, statement text, currency and logo (every signed-in person reads them). */
export async function getOrganization(): Promise<Organization> {
  const response = await ensureOk(await api.api.organization.$get());
  return ((await response.json()) as { organization: Organization }).organization;
}

export const organizationQueryOptions = queryOptions({ queryKey: organizationQueryKey, queryFn: getOrganization });

/** The organization's details, reloaded when an admin changes them anywhere. */
export function useOrganization() {
  useRefetchOn(['organization.changed'], organizationQueryKey);
  return useQuery(organizationQueryOptions);
}
