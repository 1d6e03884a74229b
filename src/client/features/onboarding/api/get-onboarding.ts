import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { OnboardingView } from '#shared/onboarding';

/** Every onboarding query starts with this key. */
export const ONBOARDING_KEY = ['onboarding'] as const;

export async function getOnboarding(): Promise<OnboardingView> {
  const response = await ensureOk(await api.api.onboarding.$get());
  return (await response.json()) as OnboardingView;
}

export const onboardingQueryOptions = queryOptions({ queryKey: [...ONBOARDING_KEY, 'view'], queryFn: getOnboarding });

/** The steps with the reader's progress; an admin's change, or a step done in another tab, reloads it. */
export function useOnboarding(options: { enabled?: boolean } = {}) {
  useRefetchOn(['onboarding.changed', 'onboarding.progress'], onboardingQueryOptions.queryKey);
  return useQuery({ ...onboardingQueryOptions, enabled: options.enabled ?? true });
}
