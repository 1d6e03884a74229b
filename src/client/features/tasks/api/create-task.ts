import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { CreateTaskValues } from '#shared/schemas/tasks';
import { TASKS_KEY, type Task } from './get-tasks';

export async function createTask(input: CreateTaskValues): Promise<Task> {
  const response = await ensureOk(await api.api.tasks.$post({ json: input }));
  return ((await response.json()) as { task: Task }).task;
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
