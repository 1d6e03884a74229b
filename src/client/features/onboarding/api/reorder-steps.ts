import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { ONBOARDING_KEY } from './get-onboarding';

/** Saves the whole order, first to last (the server refuses a list that is out of date). */
export async function reorderSteps(ids: string[]): Promise<void> {
  await ensureOk(await api.api.onboarding.order.$put({ json: { ids } }));
}

export function useReorderSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSteps,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
