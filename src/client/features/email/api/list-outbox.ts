import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import type { EmailStatus } from '#shared/schemas/email';

export type OutboxPage = InferResponseType<typeof api.api.email.outbox.$get, 200>;
export type OutboxEmail = OutboxPage['emails'][number];

export const emailKeys = {
  all: ['email'] as const,
  list: (status: EmailStatus | undefined) => [...emailKeys.all, 'list', status ?? 'all'] as const,
  detail: (id: string) => [...emailKeys.all, 'detail', id] as const,
};

/** One page (50) of the outbox, newest first (admins only; the server checks). */
export async function listOutbox(status: EmailStatus | undefined, cursor: string | null): Promise<OutboxPage> {
  const query: Record<string, string> = {};
  if (status) query.status = status;
  if (cursor) query.cursor = cursor;
  const response = await ensureOk(await api.api.email.outbox.$get({ query }));
  return (await response.json()) as OutboxPage;
}

/**
 * The outbox, refreshed every few seconds while open: the sender changes statuses in the
 * background and announces nothing.
 */
export function useOutbox(status: EmailStatus | undefined) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: emailKeys.list(status),
      queryFn: ({ pageParam }) => listOutbox(status, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
      refetchInterval: 10_000,
    }),
  );
}
