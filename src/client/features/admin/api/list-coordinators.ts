import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';

export type Coordinator = InferResponseType<typeof api.api.admin.coordinators.$get, 200>['coordinators'][number];

export async function listCoordinators(): Promise<Coordinator[]> {
  const response = await ensureOk(await api.api.admin.coordinators.$get());
  return ((await response.json()) as { coordinators: Coordinator[] }).coordinators;
}

export const coordinatorsQueryOptions = queryOptions({
  queryKey: ['admin', 'coordinators'],
  queryFn: listCoordinators,
});

/** The list, reloaded when someone else changes it; not while this tab saves a change itself (its answer is newer). */
export function useCoordinators() {
  const queryClient = useQueryClient();
  useRefetchOn(
    ['coordinators.changed'],
    coordinatorsQueryOptions.queryKey,
    () => queryClient.isMutating({ mutationKey: ['admin'] }) === 0,
  );
  return useQuery(coordinatorsQueryOptions);
}
