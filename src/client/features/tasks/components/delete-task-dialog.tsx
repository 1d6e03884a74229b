import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteTask } from '../api/delete-task';
import type { Task } from '../api/get-tasks';

/** Confirmation before a task disappears for everyone. */
export function DeleteTaskDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const remove = useDeleteTask();

  const confirm = async () => {
    if (!task) return;
    try {
      await remove.mutateAsync(task.id);
      toast.success('Task deleted', { description: task.title });
    } catch (err) {
      toast.error('Failed to delete task', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <AlertDialog open={task !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete task?</AlertDialogTitle>
          <AlertDialogDescription>
            {`This will permanently delete "${task?.title ?? ''}" for everyone. This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => void confirm()}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
