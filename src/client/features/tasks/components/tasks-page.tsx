import { format } from 'date-fns';
import { CheckCircle2, ListTodo, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { tasksQueryOptions, useTasks, type Task } from '../api/get-tasks';
import { DeleteTaskDialog } from './delete-task-dialog';
import { TaskCounters } from './task-counters';
import { TaskDialog } from './task-dialog';
import { TaskList } from './task-list';

/** /tasks: the shared, stored task board (D9). */
export function TasksPage() {
  const { data: me } = useMe();
  const board = useTasks();
  const [creating, setCreating] = useState(false);
  // Held here, not in the item: the item remounts when someone else completes the task.
  const [editing, setEditing] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  // The button that opened a dialog (none is a dialog's own trigger): the focus goes back there.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const create = (button: HTMLElement) => {
    setOpener(button);
    setCreating(true);
  };
  const onEdit = (task: Task, button: HTMLElement) => {
    setOpener(button);
    setEditing(task);
  };
  const onDelete = (task: Task, button: HTMLElement) => {
    setOpener(button);
    setDeleting(task);
  };
  useTaskFromLink();
  const actor = me ? { id: me.user.id, role: me.role } : null;
  const today = format(new Date(), 'yyyy-MM-dd');

  return (
    <>
      <PageHeader
        title="Task Management"
        description="Organize and track ministry tasks"
        actions={
          <Button data-create-task onClick={(e) => create(e.currentTarget)}>
            <Plus aria-hidden="true" />
            Create Task
          </Button>
        }
      />
      <TaskDialog open={creating} onOpenChange={setCreating} returnFocusTo={opener} />
      <TaskDialog
        task={editing ?? undefined}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        returnFocusTo={opener}
      />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} returnFocusTo={opener} />
      <div className="space-y-8">
        <TaskCounters counts={board.data?.counts} />
        {board.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading tasks">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : board.isError ? (
          <LoadError title="Failed to load tasks" error={board.error} onRetry={() => void board.refetch()} />
        ) : (
          <>
            <TaskList
              title="Active Tasks"
              tasks={board.data.active}
              actor={actor}
              today={today}
              onEdit={onEdit}
              onDelete={onDelete}
              empty='No active tasks. Click "Create Task" to add one.'
              emptyIcon={ListTodo}
              emptyAction={
                <Button data-create-task onClick={(e) => create(e.currentTarget)}>
                  <Plus aria-hidden="true" />
                  Create a task
                </Button>
              }
            />
            <TaskList
              title="Completed Tasks"
              tasks={board.data.completed}
              actor={actor}
              today={today}
              onEdit={onEdit}
              onDelete={onDelete}
              empty="No completed tasks yet."
              emptyIcon={CheckCircle2}
              footer={
                board.data.counts.completed > board.data.completed.length && (
                  <p className="text-sm text-muted-foreground">
                    Showing the {board.data.completed.length} most recently completed of {board.data.counts.completed}{' '}
                    tasks.
                  </p>
                )
              }
            />
          </>
        )}
      </div>
    </>
  );
}

/**
 * /tasks?task=<id>, a notification's link: the board is read afresh (the one on screen may
 * predate a delete that reached the stream a moment after the notice was opened), then the focus
 * goes to that task's checkbox (its row scrolled into view), or a note says it is no longer on
 * the board; the address drops the id at once, so a reload does not say it again.
 */
function useTaskFromLink() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('task');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!wanted) return;
    setParams({}, { replace: true });
    // staleTime 0: a fetch already under way (the page's first) is shared, a cached board is not trusted.
    queryClient.fetchQuery({ ...tasksQueryOptions, staleTime: 0 }).then(
      (board) => {
        if (!mounted.current) return;
        if ([...board.active, ...board.completed].some((task) => task.id === wanted)) {
          void focusWhenDrawn(() => {
            const box = document.querySelector<HTMLElement>(`[data-task-checkbox="${wanted}"]`);
            box?.scrollIntoView({ block: 'center' });
            return box;
          });
        } else {
          toast.info('That task is no longer on the board', {
            description: 'Someone deleted it after you were told of it.',
          });
        }
      },
      // The board's own query shows the load error and its retry.
      () => undefined,
    );
  }, [wanted, queryClient, setParams]);
}
