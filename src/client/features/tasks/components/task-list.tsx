import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import type { ActingPerson } from '#shared/permissions';
import type { Task } from '../api/get-tasks';
import { TaskItem, type TaskItemProps } from './task-item';

export function TaskList({
  title,
  tasks,
  actor,
  today,
  empty,
  emptyIcon,
  emptyAction,
  footer,
  onEdit,
  onDelete,
}: Pick<TaskItemProps, 'onEdit' | 'onDelete'> & {
  title: string;
  tasks: Task[];
  actor: ActingPerson | null;
  today: string;
  empty: string;
  emptyIcon: LucideIcon;
  /** The next step an empty list offers ("Create a task"). */
  emptyAction?: ReactNode;
  footer?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {tasks.length === 0 ? (
        <EmptyState icon={emptyIcon} action={emptyAction}>
          {empty}
        </EmptyState>
      ) : (
        <ul aria-labelledby={headingId} className="space-y-3">
          {tasks.map((task) => (
            <TaskItem key={task.id} task={task} actor={actor} today={today} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      )}
      {footer}
    </section>
  );
}
