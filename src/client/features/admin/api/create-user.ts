import { useMutation } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { CreateUserValues } from '#shared/schemas/admin';

export async function createUser(input: CreateUserValues) {
  const response = await ensureOk(await api.api.admin.users.$post({ json: input }));
  return ((await response.json()) as { user: { id: string; email: string; name: string } }).user;
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
