import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { TASKS_KEY } from './get-tasks';

export async function deleteTask(id: string): Promise<void> {
  await ensureOk(await api.api.tasks[':id'].$delete({ param: { id } }));
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
