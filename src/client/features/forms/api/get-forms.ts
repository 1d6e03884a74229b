import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';

export type SavedForm = InferResponseType<typeof api.api.forms.$get, 200>['forms'][number];

/** Every forms query starts with this key. */
export const FORMS_KEY = ['forms'] as const;

export async function getForms(): Promise<SavedForm[]> {
  const response = await ensureOk(await api.api.forms.$get());
  return ((await response.json()) as { forms: SavedForm[] }).forms;
}

export const formsQueryOptions = queryOptions({ queryKey: [...FORMS_KEY, 'mine'], queryFn: getForms });

/** The signed-in person's saved forms; a form saved in another tab shows up here too. */
export function useForms() {
  useRefetchOn(['forms.changed'], FORMS_KEY);
  return useQuery(formsQueryOptions);
}
