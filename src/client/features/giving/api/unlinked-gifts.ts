import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard-summary';
import { api, ensureOk } from '@/lib/api';
import type { UnlinkedLinks } from '#shared/schemas/giving-ledger';
import { givingKeys } from './keys';

export type UnlinkedGifts = InferResponseType<typeof api.api.giving.unlinked.$get, 200>;
export type UnlinkedGroup = UnlinkedGifts['groups'][number];

/** Gifts without a partner, by the name typed, with a suggested partner for each name. */
export function useUnlinkedGifts(enabled: boolean) {
  return useQuery({
    queryKey: [...givingKeys.all, 'unlinked'],
    queryFn: async () => {
      const response = await ensureOk(await api.api.giving.unlinked.$get());
      return (await response.json()) as UnlinkedGifts;
    },
    enabled,
  });
}

/** Links the chosen names' gifts to their partners; every gift list and figure refreshes. */
export function useLinkUnlinked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UnlinkedLinks) => {
      const response = await ensureOk(await api.api.giving.unlinked.link.$post({ json: input }));
      return (await response.json()) as { linked: number; partners: number };
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: givingKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
