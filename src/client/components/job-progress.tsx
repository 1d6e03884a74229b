import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent } from '@/lib/realtime';
import { isFinished, type JobView } from '#shared/jobs';
import { jobCountText } from '@/components/job-counts';

const jobKey = (id: string) => ['jobs', id] as const;

async function getJob(id: string): Promise<JobView> {
  const response = await ensureOk(await api.api.jobs[':id'].$get({ param: { id } }));
  return ((await response.json()) as { job: JobView }).job;
}

async function cancelJob(id: string): Promise<JobView> {
  const response = await ensureOk(await api.api.jobs[':id'].cancel.$post({ param: { id } }));
  return ((await response.json()) as { job: JobView }).job;
}

/**
 * Follows a background job (decision 0107) by id: its progress comes over the realtime stream
 * (`jobs.changed`, sent to the job's owner), with a slow poll in case the stream is down. Shows
 * a progress bar, a Cancel button while it runs, and its outcome: `succeeded` renders what the
 * caller offers (a download link), a failure its reason.
 */
export function JobProgress({
  jobId,
  label,
  succeeded,
  cancellable = true,
  onFinished,
}: {
  jobId: string;
  /** What the job does, for the progress bar's accessible name ("Building statements"). */
  label: string;
  succeeded: (job: JobView) => ReactNode;
  /** False for work that must not stop half-way from a click (an import's undo): no Cancel button. */
  cancellable?: boolean;
  /** Called once when the job ends, however it ends (to refresh what it changed). */
  onFinished?: (job: JobView) => void;
}) {
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: jobKey(jobId),
    queryFn: () => getJob(jobId),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : 5_000),
  });
  useRealtimeEvent(
    'jobs.changed',
    useCallback(
      (event) => {
        if (event.job.id === jobId) queryClient.setQueryData(jobKey(jobId), event.job);
      },
      [jobId, queryClient],
    ),
  );
  const finished = job.data && isFinished(job.data.status) ? job.data : null;
  const told = useRef(false);
  useEffect(() => {
    if (!finished || told.current) return;
    told.current = true;
    onFinished?.(finished);
  }, [finished, onFinished]);
  const cancel = useMutation({
    mutationFn: () => cancelJob(jobId),
    onSuccess: (view) => queryClient.setQueryData(jobKey(jobId), view),
    onError: (err) => toast.error('Failed to cancel', { description: err.message }),
  });

  if (job.isPending) return <p className="text-sm text-muted-foreground">Starting...</p>;
  if (job.isError) return <p className="text-sm text-destructive">The progress could not be loaded.</p>;
  const view = job.data;
  const total = view.progressTotal;
  const counted = jobCountText(view.progressDone, total);

  if (view.status === 'succeeded') return <div className="space-y-2">{succeeded(view)}</div>;
  if (view.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive">
        It failed: {view.error ?? 'unknown reason'}
      </p>
    );
  }
  if (view.status === 'cancelled') return <p className="text-sm text-muted-foreground">Cancelled.</p>;
  return (
    <div className="space-y-2">
      <ProgressBar
        label={label}
        value={view.progressDone}
        max={total}
        valueText={total ? counted : 'Waiting to start'}
      />
      <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        <span aria-live="polite">{total === null ? 'Waiting to start...' : `${counted} done`}</span>
        {cancellable && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending || (view.status !== 'running' && view.status !== 'queued')}
          >
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
