import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { UpdateFormValues } from '#shared/schemas/forms';
import { FORMS_KEY, type SavedForm } from './get-forms';

/** Saves the whole form at the version it was loaded at; a 409 means someone else saved first. */
export async function updateForm({ id, values }: { id: string; values: UpdateFormValues }): Promise<SavedForm> {
  const response = await ensureOk(await api.api.forms[':id'].$put({ param: { id }, json: values }));
  return ((await response.json()) as { form: SavedForm }).form;
}

/** "New link": the old public address stops working at once. */
export async function replaceLink(id: string): Promise<SavedForm> {
  const response = await ensureOk(await api.api.forms[':id'].link.$post({ param: { id } }));
  return ((await response.json()) as { form: SavedForm }).form;
}

function useFormChange<T>(change: (input: T) => Promise<SavedForm>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

export const useUpdateForm = () => useFormChange(updateForm);
export const useReplaceLink = () => useFormChange(replaceLink);
