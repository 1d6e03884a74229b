import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { PartnerUpdate } from '#shared/schemas/partners';
import { partnerKeys, type Partner } from './list-partners';

/** Saves an edit; `values.editedFrom` makes a change by someone else since then a 409, not an overwrite. */
export async function updatePartner({ id, values }: { id: string; values: PartnerUpdate }): Promise<Partner> {
  const response = await ensureOk(await api.api.partners[':id'].$put({ param: { id }, json: values }));
  return ((await response.json()) as { partner: Partner }).partner;
}

/** Saves an edit from the details view; the details and the list refresh. */
export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartner,
    onSuccess: (partner) => {
      queryClient.setQueryData(partnerKeys.detail(partner.id), partner);
      return queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}
