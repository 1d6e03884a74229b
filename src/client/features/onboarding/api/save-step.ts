import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { OnboardingStep } from '#shared/onboarding';
import type { OnboardingStepInput } from '#shared/schemas/onboarding';
import { ONBOARDING_KEY } from './get-onboarding';

/** Adds a step (no id) or saves one's title, description and link. */
export async function saveStep({ id, ...input }: OnboardingStepInput & { id?: string }): Promise<OnboardingStep> {
  const response = await ensureOk(
    id
      ? await api.api.onboarding.steps[':id'].$put({ param: { id }, json: input })
      : await api.api.onboarding.steps.$post({ json: input }),
  );
  return ((await response.json()) as { step: OnboardingStep }).step;
}

export function useSaveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStep,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
