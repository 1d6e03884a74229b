import { format } from 'date-fns';
import { DATE_TIME_FORMAT } from '#shared/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useCallback, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { JobProgress } from '@/components/job-progress';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import type { JobView } from '#shared/jobs';
import type { ImportApi } from './import-api';
import { UndoBatch } from './undo-batch';

/**
 * The target's recent import batches, newest first, each with Undo until it is undone. An undo
 * runs as a job (decision 0148): its row shows the progress, here or on any screen opened meanwhile.
 */
export function RecentBatches({ api, noun, queryKey }: { api: ImportApi; noun: string; queryKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const batches = useQuery({ queryKey, queryFn: api.batches });
  // Undos started here, by batch, until the list itself says so.
  const [started, setStarted] = useState<Record<string, string>>({});
  const undo = useMutation({
    mutationFn: api.undo,
    onSuccess: (job, batchId) => {
      setStarted((jobs) => ({ ...jobs, [batchId]: job.id }));
      // Undo gives way to the progress, then 'Undone': the focus stays with the row's cell.
      void focusWhenDrawn(() => document.querySelector<HTMLElement>(`td[data-batch-actions="${batchId}"]`));
    },
    onError: (err) => {
      toast.error(err.message);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
  const finished = useCallback(
    (batchId: string, job: JobView) => {
      if (job.status === 'succeeded') toast.success('Import undone');
      else toast.error('The undo did not finish', { description: job.error ?? undefined });
      setStarted(({ [batchId]: _, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, queryKey],
  );

  if (batches.isPending) return <Skeleton className="h-24 w-full" />;
  if (batches.isError)
    return (
      <LoadError
        title="Recent imports could not be loaded"
        error={batches.error}
        onRetry={() => void batches.refetch()}
      />
    );
  if (batches.data.length === 0)
    return (
      <EmptyState icon={History} size="inline">
        No imports yet.
      </EmptyState>
    );
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left">
          <tr>
            {['When', 'Source', 'File', noun[0]!.toUpperCase() + noun.slice(1), 'By', ''].map((h, i) => (
              <th key={i} scope="col" className="p-2">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {batches.data.map((batch) => (
            <tr key={batch.id} className="border-t">
              <td className="p-2 whitespace-nowrap">{format(new Date(batch.createdAt), DATE_TIME_FORMAT)}</td>
              <td className="p-2">{batch.source}</td>
              <td className="max-w-48 truncate p-2">{batch.fileName}</td>
              <td className="p-2 tabular-nums">{batch.rows.toLocaleString('en-US')}</td>
              <td className="p-2">{batch.createdBy ?? '—'}</td>
              <td className="p-2 text-right focus-visible:outline-none" tabIndex={-1} data-batch-actions={batch.id}>
                {batch.undoneAt ? (
                  <span className="text-muted-foreground">Undone</span>
                ) : started[batch.id] || batch.undoJobId ? (
                  <div className="ml-auto w-56 text-left">
                    <JobProgress
                      jobId={(started[batch.id] ?? batch.undoJobId)!}
                      label="Undoing the import"
                      cancellable={false}
                      succeeded={() => <span className="text-sm text-muted-foreground">Undone</span>}
                      onFinished={(job) => finished(batch.id, job)}
                    />
                  </div>
                ) : (
                  <UndoBatch
                    noun={noun}
                    rows={batch.rows}
                    changedSince={batch.changedSince}
                    note={batch.undoNote}
                    busy={undo.isPending && undo.variables === batch.id}
                    onUndo={() => undo.mutate(batch.id)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
