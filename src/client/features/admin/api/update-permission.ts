import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { SetPermissionInput } from '#shared/schemas/admin';
import { coordinatorsQueryOptions, type Coordinator } from './list-coordinators';

export interface UpdatePermissionInput extends SetPermissionInput {
  userId: string;
}

export async function updatePermission({ userId, ...json }: UpdatePermissionInput) {
  const response = await ensureOk(
    await api.api.admin.coordinators[':userId'].permissions.$put({ param: { userId }, json }),
  );
  return ((await response.json()) as { coordinator: Coordinator }).coordinator;
}

/**
 * The switch moves at once; if the server refuses, it returns to its old position (only that
 * switch, so other changes made meanwhile stay).
 */
export function useUpdatePermission() {
  const queryClient = useQueryClient();
  const key = coordinatorsQueryOptions.queryKey;
  const setSwitch = ({ userId, feature, enabled }: UpdatePermissionInput) =>
    queryClient.setQueryData(key, (list) =>
      list?.map((c) => (c.id === userId ? { ...c, permissions: { ...c.permissions, [feature]: enabled } } : c)),
    );

  return useMutation({
    mutationKey: ['admin', 'permission'],
    mutationFn: updatePermission,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      setSwitch(input);
    },
    onError: (_err, input) => setSwitch({ ...input, enabled: !input.enabled }),
    onSuccess: (coordinator: Coordinator) =>
      queryClient.setQueryData(key, (list) => list?.map((c) => (c.id === coordinator.id ? coordinator : c))),
  });
}
