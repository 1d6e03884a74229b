import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@/lib/api';
import type { SignInInput } from '#shared/schemas/auth';
import { getMe, meQueryOptions } from './get-me';

export async function signIn(input: SignInInput) {
  await postJson('/api/auth/sign-in/email', input);
  return getMe();
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions.queryKey, me),
  });
}
