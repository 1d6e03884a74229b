import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChatSearchPage } from '#shared/chat-search';

export async function searchMessages(q: string, before?: number): Promise<ChatSearchPage> {
  const query = before === undefined ? { q } : { q, before: String(before) };
  const response = await ensureOk(await api.api.chat.search.$get({ query }));
  return (await response.json()) as ChatSearchPage;
}

export const searchMessagesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'search', q] as const,
    queryFn: ({ pageParam }) => searchMessages(q, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    // Results are a moment's answer; a new search asks again.
    staleTime: 0,
  });

/** Search results 20 at a time (older pages on demand); nothing is asked for an empty query. */
export function useSearchMessages(q: string) {
  return useInfiniteQuery({ ...searchMessagesQueryOptions(q), enabled: q.trim().length > 0 });
}
