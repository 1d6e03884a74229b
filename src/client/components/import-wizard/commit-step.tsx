import { useEffect, useState } from 'react';
import type { ImportCommitResult } from '#shared/imports';
import type { JobView } from '#shared/jobs';
import type { ImportApi } from './import-api';
import { ProgressBar } from '@/components/ui/progress-bar';

const POLL_MS = 700;

/**
 * Step 4: the commit job's progress, read until it ends. It checks the file again, then writes
 * everything in one transaction (the second half of the bar).
 */
export function CommitStep({
  api,
  job: started,
  onDone,
  onFailed,
}: {
  api: ImportApi;
  job: JobView;
  onDone: (result: ImportCommitResult) => void;
  onFailed: (message: string) => void;
}) {
  const [job, setJob] = useState(started);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const next = await api.job(started.id);
        if (stopped) return;
        setJob(next);
        if (next.status === 'succeeded') return onDone(next.result as ImportCommitResult);
        // A failed attempt is retried once by the queue; its message is shown at once, since
        // a refusal (rows with errors) will not change by trying again.
        if (next.status === 'failed' || next.status === 'cancelled' || (next.status === 'queued' && next.error)) {
          return onFailed(next.error ?? 'The import stopped.');
        }
      } catch {
        // A missed poll is retried; the job goes on regardless.
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, started.id, onDone, onFailed]);

  const total = job.progressTotal;
  const writing = total !== null && job.progressDone >= total / 2;
  return (
    <div className="space-y-4" aria-live="polite">
      <ProgressBar
        label={job.status === 'queued' ? 'Waiting to start' : writing ? 'Writing' : 'Checking the file'}
        value={job.progressDone}
        max={total}
        showLabel
      />
      <p className="text-sm text-muted-foreground">
        Everything is written at once, or nothing is. You can leave this page: the import goes on.
      </p>
    </div>
  );
}
