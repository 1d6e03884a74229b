import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { partnerKeys } from './list-partners';

export type PartnerTask = InferResponseType<(typeof api.api.partners)[':id']['tasks']['$get'], 200>['tasks'][number];

const openTasksKey = (partnerId: string) => [...partnerKeys.all, 'tasks', partnerId] as const;

/** The partner's tasks still to do (issue 20), kept live as the task board changes. */
export function usePartnerOpenTasks(partnerId: string, enabled: boolean) {
  useRefetchOn(['tasks.changed'], openTasksKey(partnerId));
  return useQuery({
    queryKey: openTasksKey(partnerId),
    enabled,
    queryFn: async () => {
      const response = await ensureOk(await api.api.partners[':id'].tasks.$get({ param: { id: partnerId } }));
      return ((await response.json()) as { tasks: PartnerTask[] }).tasks;
    },
  });
}
