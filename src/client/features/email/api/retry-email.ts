import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { emailKeys } from './list-outbox';

/** Sends a failed email again (admins only; the server checks). */
export async function retryEmail(id: string): Promise<void> {
  await ensureOk(await api.api.email.outbox[':id'].retry.$post({ param: { id } }));
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
