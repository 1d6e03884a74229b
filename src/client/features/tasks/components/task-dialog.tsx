import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import {
  createTaskSchema,
  TASK_DESCRIPTION_MAX,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TITLE_MAX,
  type CreateTaskInput,
  type CreateTaskValues,
} from '#shared/schemas/tasks';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '#shared/tasks';
import { isQueued, QUEUED_MESSAGE } from '@/offline/queue';
import { useCreateTask } from '../api/create-task';
import { useAssignees } from '../api/get-assignees';
import type { Task } from '../api/get-tasks';
import { useUpdateTask } from '../api/update-task';

// One action's toasts: a save that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('task-dialog');

const FIELD_ORDER = ['title', 'description', 'priority', 'dueDate', 'assignedTo', 'status'] as const;

/** What a new task starts from, and how the dialog names it: a follow-up on a partner (issue 20). */
export interface NewTaskPreset {
  heading: string;
  description: string;
  values: Partial<CreateTaskInput>;
  /** Where the focus returns when the dialog closes (it is opened from another dialog). */
  returnFocusTo?: HTMLElement | null;
}

/** 'Create Task' (no task) or editing an existing one; the same schema the server checks. */
export function TaskDialog({
  task,
  preset,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  task?: Task;
  preset?: NewTaskPreset;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog without being its trigger: the focus goes back there (issue 27). */
  returnFocusTo?: HTMLElement | null;
}) {
  const opener = returnFocusTo ?? preset?.returnFocusTo;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <FormDialogContent
        onCloseAutoFocus={(event) => {
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{task ? 'Edit Task' : (preset?.heading ?? 'Create Task')}</DialogTitle>
          <DialogDescription>
            {task
              ? 'Change the task for everyone on the board.'
              : (preset?.description ?? 'Add a task to the ministry task board.')}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the task's current values. */}
        {open && (
          <TaskForm key={task?.id ?? 'new'} task={task} preset={preset?.values} onDone={() => onOpenChange(false)} />
        )}
      </FormDialogContent>
    </Dialog>
  );
}

function TaskForm({ task, preset, onDone }: { task?: Task; preset?: Partial<CreateTaskInput>; onDone: () => void }) {
  const id = useId();
  const assignees = useAssignees();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const pending = createTask.isPending || updateTask.isPending;
  // The task was deleted by someone else while this form was open: what was typed can still
  // be kept, as a new task (it was lost with a bare 'Task not found').
  const [gone, setGone] = useState(false);
  const form = useForm<CreateTaskInput, unknown, CreateTaskValues>({
    resolver: zodResolver(createTaskSchema),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      priority: task?.priority ?? 'medium',
      dueDate: task?.dueDate ?? '',
      assignedTo: task?.assignedTo ?? '',
      status: task?.status ?? 'pending',
      ...(task ? {} : preset),
    },
  });

  // Read during render: react-hook-form only tracks what a render subscribed to.
  const { dirtyFields: dirty } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (task && !gone) {
        // Only what this person changed: a stale copy of the rest (say, a status someone else
        // just ticked off) must not be written back.
        const patch = Object.fromEntries(Object.entries(values).filter(([name]) => dirty[name as keyof typeof dirty]));
        if (Object.keys(patch).length === 0) return onDone();
        try {
          const result = await updateTask.mutateAsync({ id: task.id, patch, title: task.title });
          if (isQueued(result)) toast.info(QUEUED_MESSAGE);
          else toast.success('Task updated successfully!');
          onDone();
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) {
            setGone(true);
            // Save gives way to Save as New Task, and the focus fell to the page: it goes to why.
            void focusWhenDrawn(() => document.getElementById(`${id}-gone`));
          } else toast.error('Failed to update task', { description: messageOf(err) });
        }
        return;
      }
      try {
        const result = await createTask.mutateAsync(task ? { ...values, partnerId: task.partnerId } : values);
        if (isQueued(result)) toast.info(QUEUED_MESSAGE);
        else toast.success('Task created successfully!');
        onDone();
      } catch (err) {
        toast.error('Failed to create task', { description: messageOf(err) });
      }
    },
    (errors: FieldErrors<CreateTaskInput>) => {
      const first = FIELD_ORDER.map((name) => errors[name]?.message).find(Boolean);
      if (first) toast.error(first);
    },
  );

  const invalid = (name: (typeof FIELD_ORDER)[number]) => (form.formState.errors[name] ? true : undefined);
  // The picker must hold its options before the form mounts, or an edited task's assignee
  // could not be shown as selected.
  if (assignees.isPending) return <Spinner className="py-10" label="Loading people" />;
  const people = assignees.data ?? [];
  const currentMissing = task?.assignedTo && !people.some((p) => p.id === task.assignedTo);

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          required
          maxLength={TASK_TITLE_MAX}
          aria-invalid={invalid('title')}
          autoFocus
          {...form.register('title')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} maxLength={TASK_DESCRIPTION_MAX} {...form.register('description')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <NativeSelect id={`${id}-priority`} {...form.register('priority')}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TASK_PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-due`}>Due Date</Label>
          <DateInput id={`${id}-due`} aria-invalid={invalid('dueDate')} {...form.register('dueDate')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-assignee`}>Assigned To</Label>
          <NativeSelect id={`${id}-assignee`} {...form.register('assignedTo')}>
            <option value="">Unassigned</option>
            {currentMissing && <option value={task.assignedTo!}>{task.assignedToName ?? 'Current assignee'}</option>}
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name === person.email ? person.email : `${person.name} (${person.email})`}
              </option>
            ))}
          </NativeSelect>
          {assignees.isError && (
            <p className="text-sm text-destructive" role="alert">
              Could not load the list of people: {assignees.error.message}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} {...form.register('status')}>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TASK_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {gone && (
        <p
          id={`${id}-gone`}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm focus-visible:outline-none"
        >
          Someone deleted this task while you were editing it, so your changes could not be saved to it. They are still
          here: save them as a new task, or cancel.
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {task && !gone
            ? pending
              ? 'Saving...'
              : 'Save Changes'
            : pending
              ? 'Creating...'
              : gone
                ? 'Save as New Task'
                : 'Create Task'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function messageOf(err: unknown) {
  return err instanceof Error ? err.message : String(err);
}
