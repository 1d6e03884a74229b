import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { ONBOARDING_KEY } from './get-onboarding';

export async function markDone(stepId: string): Promise<void> {
  await ensureOk(await api.api.onboarding.steps[':id'].done.$post({ param: { id: stepId } }));
}

export function useMarkDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
