import { format, parseISO } from 'date-fns';
import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FollowUpDialog } from '@/features/tasks/widgets/follow-up-dialog';
import { TaskPriorityBadge } from '@/features/tasks/widgets/task-badges';
import { DATE_FORMAT } from '#shared/format';
import { usePartnerOpenTasks } from '../api/partner-tasks';

/** The partner's open tasks and "Follow up", which adds one (issue 20); for holders of tasks. */
export function PartnerOpenTasks({ partner }: { partner: { id: string; name: string } }) {
  const tasks = usePartnerOpenTasks(partner.id, true);
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <section aria-labelledby={`tasks-${partner.id}`} className="space-y-3 border-t pt-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`tasks-${partner.id}`} className="font-semibold">
          Open tasks
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={(event) => {
            setOpener(event.currentTarget);
            setOpen(true);
          }}
        >
          <ListPlus aria-hidden="true" />
          Follow up
        </Button>
      </div>
      {tasks.isPending && <p className="text-sm text-muted-foreground">Loading tasks...</p>}
      {tasks.isError && <p className="text-sm text-destructive">The tasks could not be loaded.</p>}
      {tasks.data?.length === 0 && <p className="text-sm text-muted-foreground">No open tasks for this partner.</p>}
      {tasks.data && tasks.data.length > 0 && (
        <ul className="divide-y rounded-md border text-sm">
          {tasks.data.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
              {/* At least 12rem for the title: on a phone the due date and priority go under it
                  instead of squeezing it into a column of single words. */}
              <span className="min-w-0 flex-[1_1_12rem] break-words font-medium">{task.title}</span>
              <span className="text-muted-foreground">
                {task.dueDate ? `Due ${format(parseISO(task.dueDate), DATE_FORMAT)}` : 'No due date'}
                {task.assignedToName ? ` · ${task.assignedToName}` : ''}
              </span>
              <TaskPriorityBadge priority={task.priority} />
            </li>
          ))}
        </ul>
      )}
      <FollowUpDialog partner={partner} open={open} onOpenChange={setOpen} returnFocusTo={opener} />
    </section>
  );
}
