import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@/lib/api';
import type { SignInInput } from '#shared/schemas/auth';
import { getMe, meQueryOptions, type Me } from './get-me';

/** A right password signs in, or, with two-factor sign-in on, asks for the second factor next. */
export type SignInResult = { me: Me | null } | { secondFactor: true };

export async function signIn(input: SignInInput): Promise<SignInResult> {
  const response = await postJson('/api/auth/sign-in/email', input);
  const body = (await response.json().catch(() => ({}))) as { secondFactor?: string };
  if (body.secondFactor) return { secondFactor: true };
  return { me: await getMe() };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if ('me' in result) queryClient.setQueryData(meQueryOptions.queryKey, result.me);
    },
  });
}

export type SecondFactor = 'authenticator' | 'recovery-code';

/** The code completes the sign-in (the challenge cookie of the password step says whose). */
export async function verifySecondFactor({ kind, code }: { kind: SecondFactor; code: string }) {
  const path =
    kind === 'authenticator' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  await postJson(path, { code });
  return getMe();
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions.queryKey, me),
  });
}
