import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { givingKeys } from './keys';

export type GiftsPage = InferResponseType<typeof api.api.giving.gifts.$get, 200>;
export type Gift = GiftsPage['gifts'][number];

/** One page of the ledger; the first page carries the count and the sum of the filtered set. */
export async function listGifts(query: Record<string, string>, cursor: string | null): Promise<GiftsPage> {
  const response = await ensureOk(await api.api.giving.gifts.$get({ query: cursor ? { ...query, cursor } : query }));
  return (await response.json()) as GiftsPage;
}

/**
 * The Giving screen's gifts, 50 at a time, newest first (Giving Records; the server checks),
 * refreshed when any gift changes anywhere.
 */
export function useGifts(query: Record<string, string>) {
  useRefetchOn(['donations.changed'], [...givingKeys.all, 'gifts']);
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: givingKeys.gifts(query),
      queryFn: ({ pageParam }) => listGifts(query, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),
  );
}
