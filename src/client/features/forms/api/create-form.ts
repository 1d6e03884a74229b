import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { CreateFormValues } from '#shared/schemas/forms';
import { FORMS_KEY, type SavedForm } from './get-forms';

export async function createForm(input: CreateFormValues): Promise<SavedForm> {
  const response = await ensureOk(await api.api.forms.$post({ json: input }));
  return ((await response.json()) as { form: SavedForm }).form;
}

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}
