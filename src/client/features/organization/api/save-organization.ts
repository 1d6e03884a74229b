import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { Organization, OrganizationSettingsInput } from '#shared/schemas/organization';
import { organizationQueryKey } from './get-organization';

export async function saveOrganization(input: OrganizationSettingsInput): Promise<Organization> {
  const response = await ensureOk(await api.api.organization.$put({ json: input }));
  return ((await response.json()) as { organization: Organization }).organization;
}

export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganization,
    onSuccess: (organization) => queryClient.setQueryData(organizationQueryKey, organization),
  });
}
