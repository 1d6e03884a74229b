import { format, parseISO } from 'date-fns';
import { CalendarDays, HandHeart, Pencil, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import { DATE_FORMAT } from '#shared/format';
import type { ActingPerson } from '#shared/permissions';
import { isOverdue, toggledStatus, canDeleteTask, canEditTask } from '#shared/tasks';
import type { Task } from '../api/get-tasks';
import { isQueued, QUEUED_MESSAGE } from '@/offline/queue';
import { useUpdateTask } from '../api/update-task';
import { TaskPriorityBadge, TaskStatusBadge } from '../widgets/task-badges';

export interface TaskItemProps {
  task: Task;
  actor: ActingPerson | null;
  today: string;
  /** Dialogs live on the page: an item remounts when the task moves to the other list. */
  onEdit: (task: Task, opener: HTMLElement) => void;
  onDelete: (task: Task, opener: HTMLElement) => void;
}

/**
 * The task whose checkbox should take the focus when it next mounts. A toggled task moves to
 * the other list in a new element once the board refreshes; waiting for that mount (rather
 * than guessing a frame after the save) keeps keyboard users on it however slow the refresh.
 */
let focusOnMount: string | null = null;

export function TaskItem({ task, actor, today, onEdit, onDelete }: TaskItemProps) {
  const titleId = useId();
  const checkbox = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount !== task.id) return;
    focusOnMount = null;
    checkbox.current?.focus();
  }, [task.id]);
  const update = useUpdateTask();
  const completed = task.status === 'completed';
  const target = toggledStatus(task.status);
  const overdue = isOverdue(task, today);

  // mutateAsync, not mutate callbacks: the toast must come even though this item unmounts
  // when the refreshed board moves the task to the other list.
  const toggle = async () => {
    if (document.activeElement === checkbox.current) focusOnMount = task.id;
    try {
      const result = await update.mutateAsync({ id: task.id, patch: { status: target }, title: task.title });
      if (isQueued(result)) toast.info(QUEUED_MESSAGE, { description: task.title });
      else toast.success(target === 'completed' ? 'Task completed' : 'Task reopened', { description: task.title });
    } catch (err) {
      if (focusOnMount === task.id) focusOnMount = null;
      if (err instanceof ApiError && err.status === 404)
        toast.info('Task deleted', { description: `${task.title} was deleted by someone else.` });
      else toast.error('Failed to update task', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <li className="flex gap-3 rounded-lg border bg-card p-4" data-task-id={task.id}>
      <Checkbox
        className="mt-0.5"
        aria-labelledby={titleId}
        // Shows where the click is taking the task while the server confirms it.
        checked={update.isPending ? target === 'completed' : completed}
        disabled={update.isPending}
        onCheckedChange={() => void toggle()}
        ref={checkbox}
        data-task-checkbox={task.id}
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3
            id={titleId}
            className={cn('font-semibold break-words', completed && 'text-muted-foreground line-through')}
          >
            {task.title}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <TaskPriorityBadge priority={task.priority} />
            <TaskStatusBadge status={task.status} />
          </div>
        </div>
        {task.description && (
          <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{task.description}</p>
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className={cn('inline-flex items-center gap-1.5', overdue && 'font-medium text-destructive')}>
            <CalendarDays className="size-4" aria-hidden="true" />
            {task.dueDate
              ? `Due ${format(parseISO(task.dueDate), DATE_FORMAT)}${overdue ? ' (overdue)' : ''}`
              : 'No due date'}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden="true" />
            {task.assignedToName ? `Assigned to ${task.assignedToName}` : 'Unassigned'}
          </span>
          {/* A follow-up names its partner and opens their details (issue 20). */}
          {task.partnerId && task.partnerName && (
            <Link
              to={`/partners?partner=${task.partnerId}`}
              className="inline-flex items-center gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <HandHeart className="size-4" aria-hidden="true" />
              <span className="sr-only">Partner: </span>
              {task.partnerName}
            </Link>
          )}
        </div>
      </div>
      {actor && (canEditTask(task, actor) || canDeleteTask(task, actor)) && (
        <div className="flex shrink-0 items-start gap-1">
          {canEditTask(task, actor) && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit ${task.title}`}
              onClick={(e) => onEdit(task, e.currentTarget)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          )}
          {canDeleteTask(task, actor) && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${task.title}`}
              onClick={(e) => onDelete(task, e.currentTarget)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
