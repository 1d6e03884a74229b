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
    // The account stays listed with no access (to be added again): shown so at once, then read
    // again, because this tab skips the list's own change event while it is saving.
    onSuccess: (_data, userId) => {
      queryClient.setQueryData(coordinatorsQueryOptions.queryKey, (list) =>
        list?.map((c) => (c.id === userId ? { ...c, role: 'none' as const } : c)),
      );
      return queryClient.invalidateQueries({ queryKey: coordinatorsQueryOptions.queryKey });
    },
  });
}
