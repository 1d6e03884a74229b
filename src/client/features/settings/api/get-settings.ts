import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';

export type AccountSettings = InferResponseType<typeof api.api.settings.$get, 200>['settings'];

export async function getSettings(): Promise<AccountSettings> {
  const response = await ensureOk(await api.api.settings.$get());
  return ((await response.json()) as { settings: AccountSettings }).settings;
}

export const settingsQueryOptions = queryOptions({ queryKey: ['settings'], queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
