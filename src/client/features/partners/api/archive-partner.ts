import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { partnerKeys } from './list-partners';

/** Archive or bring back a partner (admins). */
export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) => {
      const route = archived ? api.api.partners[':id'].archive : api.api.partners[':id'].unarchive;
      await ensureOk(await route.$post({ param: { id } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** Deletes a partner for good (admins; the server refuses one with gifts). */
export function useDeletePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (id: string) => {
      await ensureOk(await api.api.partners[':id'].$delete({ param: { id } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
