import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { UpdateTaskValues } from '#shared/schemas/tasks';
import { TASKS_KEY, type Task } from './get-tasks';

/** Edits a task; the checkbox sends the status alone. */
export async function updateTask({ id, patch }: { id: string; patch: UpdateTaskValues }): Promise<Task> {
  const response = await ensureOk(await api.api.tasks[':id'].$patch({ param: { id }, json: patch }));
  return ((await response.json()) as { task: Task }).task;
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
