import { Badge } from '@/components/ui/badge';
import type { TaskPriority, TaskStatus } from '#shared/schemas/tasks';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '#shared/tasks';

const PRIORITY_VARIANT: Record<TaskPriority, 'destructive' | 'warning' | 'secondary'> = {
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
};
const STATUS_VARIANT: Record<TaskStatus, 'outline' | 'default' | 'success'> = {
  pending: 'outline',
  'in-progress': 'default',
  completed: 'success',
};

/**
 * A task's priority as every screen shows it ("High", not "high": issue 27 item 8), in the same
 * colour on the board, the dashboard and a partner's open tasks.
 */
export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} data-task-priority={priority}>
      <span className="sr-only">Priority: </span>
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** A task's status ("In progress", not "in-progress"). */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-task-status={status}>
      <span className="sr-only">Status: </span>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
