import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useCallback } from 'react';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent } from '@/lib/realtime';

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
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: FORMS_KEY }), [queryClient]);
  useRealtimeEvent('forms.changed', refresh);
  return useQuery(formsQueryOptions);
}
