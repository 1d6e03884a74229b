import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { FORMS_KEY } from './get-forms';
import { browserTimeZone } from '@/lib/time-zone';

const responsesRoute = api.api.forms[':id'].responses;
export type ResponsesPage = InferResponseType<typeof responsesRoute.$get, 200>;
export type FormResponse = ResponsesPage['responses'][number];
export type ResponsesSummary = InferResponseType<typeof responsesRoute.summary.$get, 200>;

export const responsesKey = (formId: string) => [...FORMS_KEY, 'responses', formId] as const;

async function listResponses(formId: string, cursor: string | null): Promise<ResponsesPage> {
  const response = await ensureOk(
    await responsesRoute.$get({ param: { id: formId }, query: cursor ? { cursor } : {} }),
  );
  return (await response.json()) as ResponsesPage;
}

async function getSummary(formId: string): Promise<ResponsesSummary> {
  const response = await ensureOk(await responsesRoute.summary.$get({ param: { id: formId } }));
  return (await response.json()) as ResponsesSummary;
}

/** Refetches a form's responses and summary when one arrives or is deleted, wherever. */
function useLiveResponses(formId: string) {
  useRefetchOn(['forms.responses'], responsesKey(formId), (event) => event.formId === formId);
}

/** A form's responses, 25 at a time, newest first. */
export function useResponses(formId: string) {
  useLiveResponses(formId);
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...responsesKey(formId), 'list'],
      queryFn: ({ pageParam }) => listResponses(formId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}

/** The per-field summary, computed by the server. */
export function useResponsesSummary(formId: string) {
  useLiveResponses(formId);
  return useQuery(queryOptions({ queryKey: [...responsesKey(formId), 'summary'], queryFn: () => getSummary(formId) }));
}

async function deleteResponse({ formId, responseId }: { formId: string; responseId: string }) {
  await ensureOk(await responsesRoute[':responseId'].$delete({ param: { id: formId, responseId } }));
}

export function useDeleteResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResponse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

/** The CSV download's address (a plain link: the browser streams it to a file). */
/** The responses as CSV, named by the reader's own day (`tz`). */
export const responsesCsvHref = (formId: string) =>
  `/api/forms/${formId}/responses.csv?${new URLSearchParams({ tz: browserTimeZone() ?? 'UTC' })}`;
