import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent } from '@/lib/realtime';
import { isFinished, type JobView } from '#shared/jobs';
import { EXPORT_JOB } from '#shared/schemas/export';
import { exportKeys } from './keys';

/** The person's latest export, so the admin screen shows it again after a reload. */
export async function getLatestExport(): Promise<JobView | null> {
  const response = await ensureOk(await api.api.export.latest.$get());
  return ((await response.json()) as { job: JobView | null }).job;
}

export const latestExportQueryOptions = () =>
  queryOptions({
    queryKey: exportKeys.latest,
    queryFn: getLatestExport,
    // A slow poll while it runs, in case the realtime stream is down.
    refetchInterval: (query) => (query.state.data && !isFinished(query.state.data.status) ? 5_000 : false),
  });

/** The latest export, kept live by the job's progress events (`jobs.changed`, sent to its owner). */
export function useLatestExport() {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    'jobs.changed',
    useCallback(
      (event) => {
        if (event.job.kind === EXPORT_JOB) queryClient.setQueryData(exportKeys.latest, event.job);
      },
      [queryClient],
    ),
  );
  return useQuery(latestExportQueryOptions());
}
