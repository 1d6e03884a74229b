import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';

export type TaskBoard = InferResponseType<typeof api.api.tasks.$get, 200>;
export type Task = TaskBoard['active'][number];

/** Every tasks query starts with this key; a change anywhere refreshes them all. */
export const TASKS_KEY = ['tasks'] as const;

export async function getTasks(): Promise<TaskBoard> {
  const response = await ensureOk(await api.api.tasks.$get());
  return (await response.json()) as TaskBoard;
}

export const tasksQueryOptions = queryOptions({ queryKey: [...TASKS_KEY, 'board'], queryFn: getTasks });

/** The board, kept current while mounted: other people's changes arrive over the realtime stream. */
export function useTasks() {
  useRefetchOn(['tasks.changed'], TASKS_KEY);
  return useQuery(tasksQueryOptions);
}
