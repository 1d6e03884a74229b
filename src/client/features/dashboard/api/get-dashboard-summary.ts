import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { browserTimeZone } from '@/lib/time-zone';

export type DashboardSummary = InferResponseType<typeof api.api.dashboard.summary.$get, 200>;

/** Every figure and list on the dashboard, with months taken in the browser's zone (D10). */
export async function getDashboardSummary(timeZone: string | undefined): Promise<DashboardSummary> {
  const response = await ensureOk(await api.api.dashboard.summary.$get({ query: timeZone ? { tz: timeZone } : {} }));
  return (await response.json()) as DashboardSummary;
}

export const dashboardKeys = { all: ['dashboard'] as const };

export function dashboardSummaryQueryOptions(timeZone = browserTimeZone()) {
  return queryOptions({
    queryKey: [...dashboardKeys.all, 'summary', timeZone ?? 'UTC'],
    queryFn: () => getDashboardSummary(timeZone),
    // Realtime notices refresh it at once; this only catches what they do not cover (tasks, events).
    refetchInterval: 60_000,
  });
}

/**
 * The summary, kept live: "This will update across all accounts", so any gift, partner or task
 * change refreshes the figures (task notices reach only holders of the tasks feature; others
 * refresh on the interval above).
 */
export function useDashboardSummary() {
  useRefetchOn(['donations.changed', 'partners.changed', 'tasks.changed'], dashboardKeys.all);
  return useQuery(dashboardSummaryQueryOptions());
}
