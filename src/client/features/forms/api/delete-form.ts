import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { FORMS_KEY } from './get-forms';

export async function deleteForm(id: string): Promise<void> {
  await ensureOk(await api.api.forms[':id'].$delete({ param: { id } }));
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}
