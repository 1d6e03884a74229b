import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import type { ImportApi } from './import-api';
import { UndoBatch } from './undo-batch';

/** The target's recent import batches, newest first, each with Undo until it is undone. */
export function RecentBatches({ api, noun, queryKey }: { api: ImportApi; noun: string; queryKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const batches = useQuery({ queryKey, queryFn: api.batches });
  const undo = useMutation({
    mutationFn: api.undo,
    onError: (err) => toast.error(err.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

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
    <div className="overflow-x-auto rounded-lg border">
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
              <td className="p-2 whitespace-nowrap">{new Date(batch.createdAt).toLocaleString()}</td>
              <td className="p-2">{batch.source}</td>
              <td className="max-w-48 truncate p-2">{batch.fileName}</td>
              <td className="p-2 tabular-nums">{batch.rows.toLocaleString('en-US')}</td>
              <td className="p-2">{batch.createdBy ?? '—'}</td>
              <td className="p-2 text-right">
                {batch.undoneAt ? (
                  <span className="text-muted-foreground">Undone</span>
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
