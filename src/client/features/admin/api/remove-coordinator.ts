import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { coordinatorsQueryOptions } from './list-coordinators';

export async function removeCoordinator(userId: string) {
  await ensureOk(await api.api.admin.coordinators[':userId'].$delete({ param: { userId } }));
}

export function useRemoveCoordinator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'remove-coordinator'],
    mutationFn: removeCoordinator,
    onSuccess: (_data, userId) =>
      queryClient.setQueryData(coordinatorsQueryOptions.queryKey, (list) => list?.filter((c) => c.id !== userId)),
  });
}
