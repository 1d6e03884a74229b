import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard-summary';
import { api, ensureOk } from '@/lib/api';
import type { DonationValues } from '#shared/schemas/giving';
import { givingKeys } from './keys';

export type AddedDonation = InferResponseType<(typeof api.api.giving.donations)['$post'], 201>['donation'];

/** Records a gift (admins only; the server checks). */
export async function addDonation(values: DonationValues): Promise<AddedDonation> {
  const response = await ensureOk(await api.api.giving.donations.$post({ json: values }));
  return ((await response.json()) as { donation: AddedDonation }).donation;
}

/**
 * The figures and gift lists refresh at once for the person who added the gift; everyone else's
 * refresh on the realtime notice (donations.changed).
 */
export function useAddDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDonation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: givingKeys.all }),
      ]),
  });
}
