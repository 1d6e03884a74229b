import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { TASKS_KEY } from './get-tasks';

export type Assignee = InferResponseType<typeof api.api.tasks.assignees.$get, 200>['users'][number];

export async function getAssignees(): Promise<Assignee[]> {
  const response = await ensureOk(await api.api.tasks.assignees.$get());
  return ((await response.json()) as { users: Assignee[] }).users;
}

export const assigneesQueryOptions = queryOptions({
  queryKey: [...TASKS_KEY, 'assignees'],
  queryFn: getAssignees,
  staleTime: 60_000,
});

export function useAssignees(enabled = true) {
  return useQuery({ ...assigneesQueryOptions, enabled });
}
