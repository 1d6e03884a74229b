import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { TwoFactorPolicy } from '#shared/schemas/two-factor';

/** Who must use two-factor sign-in (decision 0105): read by user management, set by admins. */
export const twoFactorPolicyQuery = queryOptions({
  queryKey: ['accounts', 'two-factor-policy'],
  queryFn: async () =>
    ((await (await ensureOk(await api.api.accounts['two-factor-policy'].$get())).json()) as { policy: TwoFactorPolicy })
      .policy,
});

export const useTwoFactorPolicy = () => useQuery(twoFactorPolicyQuery);

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: TwoFactorPolicy) =>
      (
        (await (await ensureOk(await api.api.accounts['two-factor-policy'].$put({ json: policy }))).json()) as {
          policy: TwoFactorPolicy;
        }
      ).policy,
    onSuccess: (policy) => queryClient.setQueryData(twoFactorPolicyQuery.queryKey, policy),
    // A policy switched on may hold this admin at the setup step too: who-am-I says so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
  });
}
