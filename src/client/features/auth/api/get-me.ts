import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ApiError, ensureOk } from '@/lib/api';

export type Me = InferResponseType<typeof api.api.me.$get, 200>;

/** The signed-in person with role and permissions, or null when signed out. */
export async function getMe(): Promise<Me | null> {
  try {
    const response = await ensureOk(await api.api.me.$get());
    return (await response.json()) as Me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryOptions = queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}
