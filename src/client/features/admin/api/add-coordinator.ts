import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { AddCoordinatorInput } from '#shared/schemas/admin';
import { coordinatorsQueryOptions, type Coordinator } from './list-coordinators';

export async function addCoordinator(input: AddCoordinatorInput) {
  const response = await ensureOk(await api.api.admin.coordinators.$post({ json: input }));
  return ((await response.json()) as { coordinator: Coordinator }).coordinator;
}

export function useAddCoordinator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'add-coordinator'],
    mutationFn: addCoordinator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coordinatorsQueryOptions.queryKey }),
  });
}
