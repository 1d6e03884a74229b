import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { browserTimeZone } from '@/lib/time-zone';
import type { JobView } from '#shared/jobs';
import { exportKeys } from './keys';

/** Starts the job that builds the complete export (admins only, decision 0128). */
export async function startExport(): Promise<JobView> {
  const tz = browserTimeZone();
  const response = await ensureOk(await api.api.export.$post({ query: tz === undefined ? {} : { tz } }));
  return ((await response.json()) as { job: JobView }).job;
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (job) => queryClient.setQueryData(exportKeys.latest, job),
  });
}
