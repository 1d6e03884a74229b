import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { browserTimeZone } from '@/lib/time-zone';
import { givingKeys } from './keys';

export type DonorInsights = InferResponseType<typeof api.api.giving.insights.$get, 200>;
export type InsightDonor = DonorInsights['firstTime']['donors'][number];

/**
 * First-time, lapsed and late monthly donors, in the browser's months, each with their open
 * follow-up task; refreshed when gifts or tasks change.
 */
export function useDonorInsights() {
  const timeZone = browserTimeZone() ?? 'UTC';
  useRefetchOn(['donations.changed', 'tasks.changed'], [...givingKeys.all, 'insights']);
  return useQuery({
    queryKey: [...givingKeys.all, 'insights', timeZone],
    queryFn: async () => {
      const response = await ensureOk(await api.api.giving.insights.$get({ query: { tz: timeZone } }));
      return (await response.json()) as DonorInsights;
    },
  });
}
