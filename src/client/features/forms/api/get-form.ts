import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { FORMS_KEY, type SavedForm } from './get-forms';

export async function getForm(id: string): Promise<SavedForm> {
  const response = await ensureOk(await api.api.forms[':id'].$get({ param: { id } }));
  return ((await response.json()) as { form: SavedForm }).form;
}

export const formQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...FORMS_KEY, 'one', id], queryFn: () => getForm(id) });

export function useSavedForm(id: string | null) {
  return useQuery({ ...formQueryOptions(id ?? ''), enabled: id !== null });
}
