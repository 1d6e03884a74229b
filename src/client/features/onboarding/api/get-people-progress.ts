import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { PersonOnboarding } from '#shared/onboarding';
import { ONBOARDING_KEY } from './get-onboarding';

export interface PeopleProgress {
  total: number;
  people: PersonOnboarding[];
}

export async function getPeopleProgress(): Promise<PeopleProgress> {
  const response = await ensureOk(await api.api.onboarding.people.$get());
  return (await response.json()) as PeopleProgress;
}

export const peopleProgressQueryOptions = queryOptions({
  queryKey: [...ONBOARDING_KEY, 'people'],
  queryFn: getPeopleProgress,
});

/** Everyone's count of done steps (User Management), live as people complete steps. */
export function usePeopleProgress() {
  useRefetchOn(['onboarding.progress', 'onboarding.changed'], peopleProgressQueryOptions.queryKey);
  return useQuery(peopleProgressQueryOptions);
}
