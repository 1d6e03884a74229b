import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { PartnerMergeInput } from '#shared/schemas/partner-merge';
import { partnerKeys, type Partner } from './list-partners';

export interface MergeResult {
  partner: Pick<Partner, 'id' | 'name'>;
  /** How many of each thing moved to the survivor: gifts, contacts, tasks, tags, messages. */
  moved: Record<string, number>;
}

export async function mergePartners(input: PartnerMergeInput): Promise<MergeResult> {
  const response = await ensureOk(await api.api.partners.merge.$post({ json: input }));
  return (await response.json()) as MergeResult;
}

/** Merges a partner into another (admins, issue 20): the survivor's details and every list refresh. */
export function useMergePartners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergePartners,
    // The survivor is fetched again (with its tags) rather than set from the answer.
    onSuccess: (_result, input) => {
      queryClient.removeQueries({ queryKey: partnerKeys.detail(input.mergedId) });
      return queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}
