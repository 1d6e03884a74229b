import { useMutation } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChangePasswordInput } from '#shared/schemas/settings';

/** Keeps this session and ends the person's other sessions (the server does both). */
export async function changePassword(input: ChangePasswordInput) {
  await ensureOk(await api.api.settings.password.$post({ json: input }));
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['settings', 'password'], mutationFn: changePassword });
}
