import { useQuery } from '@tanstack/react-query';
import { postJson } from '@/lib/api';

/** What the sign-in screen may offer: "Forgot password?" only when the portal can email a link. */
export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: async () => {
      const response = await fetch('/api/auth/options', { credentials: 'same-origin' });
      return response.ok ? ((await response.json()) as { passwordReset: boolean }) : { passwordReset: false };
    },
    staleTime: 5 * 60_000,
  });
}

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export async function requestPasswordReset(email: string): Promise<string> {
  const response = await postJson('/api/auth/request-password-reset', { email });
  return ((await response.json()) as { message: string }).message;
}

/** Sets the new password with the link's token (single use; every session of the account ends). */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await postJson('/api/auth/reset-password', { token, newPassword });
}
