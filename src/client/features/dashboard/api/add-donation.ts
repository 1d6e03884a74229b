import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import type { DonationValues } from '../../../../shared/schemas/dashboard';
import { dashboardKeys } from './get-dashboard-summary';

export type AddedDonation = InferResponseType<(typeof api.api.dashboard.donations)['$post'], 201>['donation'];

/** Records a gift (admins only; the server checks). */
export async function addDonation(values: DonationValues): Promise<AddedDonation> {
  const response = await ensureOk(await api.api.dashboard.donations.$post({ json: values }));
  return ((await response.json()) as { donation: AddedDonation }).donation;
}

export function useAddDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDonation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
