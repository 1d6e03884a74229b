import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { sendMultipart } from '@/lib/upload';
import type { Organization } from '#shared/schemas/organization';
import { organizationQueryKey } from './get-organization';

/** Uploads a new logo (PNG or JPEG, at most 1 MB; the server checks its content). */
export async function uploadLogo(file: File): Promise<Organization> {
  const form = new FormData();
  form.set('logo', file);
  return (await sendMultipart<{ organization: Organization }>('/api/organization/logo', 'POST', form)).organization;
}

export async function removeLogo(): Promise<Organization> {
  const response = await ensureOk(await api.api.organization.logo.$delete());
  return ((await response.json()) as { organization: Organization }).organization;
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (organization) => queryClient.setQueryData(organizationQueryKey, organization),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (organization) => queryClient.setQueryData(organizationQueryKey, organization),
  });
}
