import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { ONBOARDING_KEY } from './get-onboarding';

export async function deleteStep(id: string): Promise<void> {
  await ensureOk(await api.api.onboarding.steps[':id'].$delete({ param: { id } }));
}

export function useDeleteStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStep,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
