import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { notificationsQueryOptions } from './get-notifications';

/** Marks one notification read (opening it does), then reloads the list and count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      ensureOk(await api.api.notifications[':id'].read.$post({ param: { id: String(id) } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => ensureOk(await api.api.notifications['read-all'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }),
  });
}
