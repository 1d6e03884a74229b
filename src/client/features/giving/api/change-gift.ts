import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard-summary';
import { api, ensureOk } from '@/lib/api';
import type { GiftCorrection, GiftVoid } from '#shared/schemas/giving-ledger';
import { givingKeys } from './keys';

/**
 * Corrects a gift (Giving Records); a 409 means someone changed it meanwhile. Answers whether
 * anything changed: the server keeps the version of a gift saved as it was.
 */
async function correctGift({ id, values }: { id: string; values: GiftCorrection }): Promise<{ changed: boolean }> {
  const response = await ensureOk(await api.api.giving.gifts[':id'].$patch({ param: { id }, json: values }));
  const { gift } = (await response.json()) as { gift: { version: number } };
  return { changed: gift.version !== values.version };
}

/** Voids a gift with its reason; it stays listed and counts nowhere. */
async function voidGift({ id, values }: { id: string; values: GiftVoid }) {
  await ensureOk(await api.api.giving.gifts[':id'].void.$post({ param: { id }, json: values }));
}

/** The person who changed it sees the change at once; everyone else on the realtime notice. */
function useGiftChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: givingKeys.all }),
      ]),
  });
}

export const useCorrectGift = () => useGiftChange(correctGift);
export const useVoidGift = () => useGiftChange(voidGift);
