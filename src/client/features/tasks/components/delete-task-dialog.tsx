import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-action';
import { useDeleteTask } from '../api/delete-task';
import type { Task } from '../api/get-tasks';

/** Confirmation before a task disappears for everyone. */
export function DeleteTaskDialog({
  task,
  onClose,
  returnFocusTo,
}: {
  task: Task | null;
  onClose: () => void;
  /** The task's delete button, while it is still there (Cancel); after a delete the browser's default. */
  returnFocusTo: HTMLElement | null;
}) {
  const remove = useDeleteTask();

  const confirm = async () => {
    if (!task) return;
    // Where the focus goes once the task's row has gone with it: the next task in its list, or
    // the one before, else Create Task. It fell to the page with the row's Delete button.
    const row = returnFocusTo?.closest('li');
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null;
    const after =
      neighbour?.querySelector<HTMLElement>('button, a[href], input') ??
      document.querySelector<HTMLElement>('main button[data-create-task]');
    try {
      await remove.mutateAsync(task.id);
      after?.focus();
      toast.success('Task deleted', { description: task.title });
    } catch (err) {
      // Someone else deleted it first: what was asked for is done.
      if (err instanceof ApiError && err.status === 404) {
        after?.focus();
        toast.info('Task already deleted', { description: `${task.title} was deleted by someone else.` });
      } else toast.error('Failed to delete task', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <ConfirmDialog
      open={task !== null}
      onOpenChange={(open) => !open && onClose()}
      returnFocusTo={returnFocusTo}
      title="Delete task?"
      description={`This will permanently delete "${task?.title ?? ''}" for everyone. This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
    />
  );
}
