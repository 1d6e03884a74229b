import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { givingKeys } from './keys';

export type GiftHistory = InferResponseType<(typeof api.api.giving.gifts)[':id']['history']['$get'], 200>;
export type GiftHistoryEntry = GiftHistory['entries'][number];

/** Who recorded, corrected and voided the gift, with the values before and after each change. */
export function useGiftHistory(id: string) {
  useRefetchOn(['donations.changed'], givingKeys.history(id));
  return useQuery({
    queryKey: givingKeys.history(id),
    queryFn: async () => {
      const response = await ensureOk(await api.api.giving.gifts[':id'].history.$get({ param: { id } }));
      return (await response.json()) as GiftHistory;
    },
  });
}
