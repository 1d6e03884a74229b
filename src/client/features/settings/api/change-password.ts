import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChangePasswordInput } from '#shared/schemas/settings';
import { sessionsKey } from './sessions';

/** Keeps this session and ends the person's other sessions (the server does both). */
export async function changePassword(input: ChangePasswordInput) {
  await ensureOk(await api.api.settings.password.$post({ json: input }));
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'password'],
    mutationFn: changePassword,
    // The other sessions it ended leave the "Where You Are Signed In" list at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
