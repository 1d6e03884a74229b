import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';

export type Coordinator = InferResponseType<typeof api.api.admin.coordinators.$get, 200>['coordinators'][number];

export async function listCoordinators(): Promise<Coordinator[]> {
  const response = await ensureOk(await api.api.admin.coordinators.$get());
  return ((await response.json()) as { coordinators: Coordinator[] }).coordinators;
}

export const coordinatorsQueryOptions = queryOptions({
  queryKey: ['admin', 'coordinators'],
  queryFn: listCoordinators,
});

export function useCoordinators() {
  return useQuery(coordinatorsQueryOptions);
}
