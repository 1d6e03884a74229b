import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { ONBOARDING_KEY } from './get-onboarding';

export async function removeVideo(stepId: string): Promise<void> {
  await ensureOk(await api.api.onboarding.steps[':id'].video.$delete({ param: { id: stepId } }));
}

export function useRemoveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
