import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { OnboardingProgress } from '#shared/onboarding';
import { ONBOARDING_KEY } from './get-onboarding';

/** The player's report of how far the person got; the server keeps the furthest point. */
export async function reportProgress(input: {
  stepId: string;
  watchedSeconds: number;
  durationSeconds: number;
}): Promise<OnboardingProgress> {
  const { stepId, ...json } = input;
  const response = await ensureOk(await api.api.onboarding.steps[':id'].progress.$put({ param: { id: stepId }, json }));
  return ((await response.json()) as { progress: OnboardingProgress }).progress;
}

export function useReportProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProgress,
    // Only a completed step changes what the page shows (the count, the check).
    onSuccess: (progress) => {
      if (progress.done) void queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY });
    },
  });
}
