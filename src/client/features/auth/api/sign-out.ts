import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { postJson } from '@/lib/api';
import { meQueryOptions } from './get-me';
import { SIGN_OUT_KEY } from '@/lib/sign-out-key';
import { forgetOfflineData } from '@/offline/forget';

export function signOut() {
  return postJson('/api/auth/sign-out');
}

/** Signs out (sidebar and Settings), forgets every cached answer and returns to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: SIGN_OUT_KEY,
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave the page first: were the session forgotten while it is shown, its guard would
      // send the next person who signs in back to this person's page (D3 deep links).
      await navigate('/auth', { replace: true, state: { signedOut: true } });
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      // Nothing of this account stays on the device: saved answers, waiting writes (issue 24).
      await forgetOfflineData();
      toast.success('Signed out', { description: 'You have been signed out successfully.' });
    },
    onError: (err) => toast.error('Sign out failed', { description: err.message }),
  });
}
