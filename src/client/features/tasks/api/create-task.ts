import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { sendOrQueue, type Queued } from '@/offline/queue';
import type { CreateTaskValues } from '#shared/schemas/tasks';
import { TASKS_KEY, type Task } from './get-tasks';

export async function createTask(input: CreateTaskValues, headers: Record<string, string> = {}): Promise<Task> {
  const response = await ensureOk(await api.api.tasks.$post({ json: input }, { headers }));
  return ((await response.json()) as { task: Task }).task;
}

/** Creates a task, or keeps it on this device while offline and sends it later (issue 24). */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation<Task | Queued, Error, CreateTaskValues>({
    mutationFn: (input) =>
      sendOrQueue(
        {
          kind: 'task.create',
          label: `New task "${input.title}"`,
          method: 'POST',
          path: '/api/tasks',
          body: input,
          refresh: [[...TASKS_KEY]],
        },
        (headers) => createTask(input, headers),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
