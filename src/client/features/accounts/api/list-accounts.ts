import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';

export type AccountsPage = InferResponseType<typeof api.api.accounts.$get, 200>;
export type Account = AccountsPage['accounts'][number];
export type AccountStatus = 'active' | 'deactivated' | undefined;

export const accountKeys = {
  all: ['accounts'] as const,
  list: (q: string, status: AccountStatus) => [...accountKeys.all, 'list', q, status ?? 'all'] as const,
};

/** Every account, 50 at a time by email; `q` searches names and emails (the server checks access). */
export function useAccounts(q: string, status: AccountStatus) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: accountKeys.list(q, status),
      queryFn: async ({ pageParam }) => {
        const query: Record<string, string> = {};
        if (q) query.q = q;
        if (status) query.status = status;
        if (pageParam) query.cursor = pageParam;
        return (await (await ensureOk(await api.api.accounts.$get({ query }))).json()) as AccountsPage;
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),
  );
}
