import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk, postJson } from '@/lib/api';

/** Settings > Security: whether two-factor sign-in is on, required, and recovery codes left. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['settings', 'two-factor'],
  queryFn: async () => (await ensureOk(await api.api.settings['two-factor'].$get())).json(),
});

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery);

export interface Enrolment {
  /** The otpauth:// address the QR code holds (the secret, the ministry's name, the email). */
  totpURI: string;
  recoveryCodes: string[];
}

/** Step one: the password again; the answer is a new secret and ten recovery codes. */
export async function startEnrolment(password: string): Promise<Enrolment> {
  return (await (await postJson('/api/auth/two-factor/enable', { password })).json()) as Enrolment;
}

/** Step two: the first code from the app turns two-factor sign-in on. */
export async function confirmEnrolment(code: string): Promise<void> {
  await postJson('/api/auth/two-factor/verify-totp', { code });
}

export async function turnOffTwoFactor(password: string): Promise<void> {
  await postJson('/api/auth/two-factor/disable', { password });
}

export async function renewRecoveryCodes(password: string): Promise<string[]> {
  const body = (await (await postJson('/api/auth/two-factor/generate-backup-codes', { password })).json()) as {
    recoveryCodes: string[];
  };
  return body.recoveryCodes;
}

/**
 * A change that refreshes the status once settled, unless `refresh` is false: the enrolment's
 * steps leave it alone, or the card would switch to "On" and close the dialog before the
 * recovery codes are shown; its Done refreshes instead (useTwoFactorRefresh).
 */
export function useTwoFactorChange<T, R>(change: (input: T) => Promise<R>, { refresh = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'two-factor'],
    mutationFn: change,
    onSettled: () => (refresh ? queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }) : undefined),
  });
}

export function useTwoFactorRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
}
