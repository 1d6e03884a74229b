import { useId, type ReactNode } from 'react';
import type { ActingPerson } from '#shared/permissions';
import type { Task } from '../api/get-tasks';
import { TaskItem, type TaskItemProps } from './task-item';

export function TaskList({
  title,
  tasks,
  actor,
  today,
  empty,
  footer,
  onEdit,
  onDelete,
}: Pick<TaskItemProps, 'onEdit' | 'onDelete'> & {
  title: string;
  tasks: Task[];
  actor: ActingPerson | null;
  today: string;
  empty: string;
  footer?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {tasks.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{empty}</p>
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
