import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { isQueued, sendOrQueue, type Queued } from '@/offline/queue';
import type { UpdateTaskValues } from '#shared/schemas/tasks';
import { TASKS_KEY, type Task, type TaskBoard } from './get-tasks';

/** Edits a task; the checkbox sends the status alone. */
export async function updateTask(
  { id, patch }: { id: string; patch: UpdateTaskValues },
  headers: Record<string, string> = {},
): Promise<Task> {
  const response = await ensureOk(await api.api.tasks[':id'].$patch({ param: { id }, json: patch }, { headers }));
  return ((await response.json()) as { task: Task }).task;
}

/**
 * Edits a task, or keeps the change on this device while offline (issue 24): the board then
 * shows it at once, and the server's board replaces it once the change is sent.
 */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation<Task | Queued, Error, { id: string; patch: UpdateTaskValues; title?: string }>({
    mutationFn: ({ id, patch, title }) =>
      sendOrQueue(
        {
          kind: 'task.update',
          label: `Change to the task "${title ?? 'task'}"`,
          method: 'PATCH',
          path: `/api/tasks/${id}`,
          body: patch,
          refresh: [[...TASKS_KEY]],
        },
        (headers) => updateTask({ id, patch }, headers),
      ),
    onSuccess: (result, { id, patch }) => {
      if (!isQueued(result)) return;
      const apply = (task: Task): Task => (task.id === id ? ({ ...task, ...patch } as Task) : task);
      queryClient.setQueriesData<TaskBoard>({ queryKey: TASKS_KEY }, (board) =>
        board && 'active' in board
          ? { ...board, active: board.active.map(apply), completed: board.completed.map(apply) }
          : board,
      );
    },
    onSettled: (result) => {
      if (!isQueued(result)) void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    },
  });
}
