import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { PartnerValues } from '#shared/schemas/partners';
import { partnerKeys, type Partner } from './list-partners';

export async function createPartner(values: PartnerValues): Promise<Partner> {
  const response = await ensureOk(await api.api.partners.$post({ json: values }));
  return ((await response.json()) as { partner: Partner }).partner;
}

/** Adds a partner; the list, zones and details refresh without a reload. */
export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
