import { TaskDialog } from '../components/task-dialog';

/**
 * "Follow up" on a partner (issue 20): the task board's Create Task dialog, titled for the
 * partner and creating a task linked to them.
 */
export function FollowUpDialog({
  partner,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  partner: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: HTMLElement | null;
}) {
  return (
    <TaskDialog
      open={open}
      onOpenChange={onOpenChange}
      preset={{
        heading: 'Follow up',
        description: `A task about ${partner.name} on the ministry task board.`,
        values: { title: `Follow up with ${partner.name}`, partnerId: partner.id },
        returnFocusTo,
      }}
    />
  );
}
