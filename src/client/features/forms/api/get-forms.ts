import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';

/** A form of the team, with its creator, status, count, link and whether the viewer may change it. */
export type SavedForm = InferResponseType<typeof api.api.forms.$get, 200>['forms'][number];

/** Every forms query starts with this key. */
export const FORMS_KEY = ['forms'] as const;

export async function getForms(): Promise<SavedForm[]> {
  const response = await ensureOk(await api.api.forms.$get());
  return ((await response.json()) as { forms: SavedForm[] }).forms;
}

export const formsQueryOptions = queryOptions({ queryKey: [...FORMS_KEY, 'team'], queryFn: getForms });

/**
 * The team's forms (everyone with 'More (Forms)' sees every one); a form changed anywhere, or a
 * response arriving (its count), shows up here too.
 */
export function useForms() {
  useRefetchOn(['forms.changed', 'forms.responses'], [...FORMS_KEY, 'team']);
  return useQuery(formsQueryOptions);
}
