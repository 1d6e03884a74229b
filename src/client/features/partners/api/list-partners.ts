import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';

export type PartnerListPage = InferResponseType<typeof api.api.partners.$get, 200>;
export type Partner = PartnerListPage['partners'][number];

export interface PartnerFilters {
  q?: string;
  status?: 'active' | 'inactive';
  zone?: string;
  cardholder?: 'true' | 'false';
  /** Tag ids, comma-separated (issue 20). */
  tags?: string;
  match?: 'any' | 'all';
  /** 'true' shows archived partners too. */
  archived?: 'true';
  /** The order (issue 27 item 9); by name when absent. */
  sort?: 'lastContact' | 'newest';
}

export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (filters: PartnerFilters) => [...partnerKeys.lists(), filters] as const,
  detail: (id: string) => [...partnerKeys.all, 'detail', id] as const,
  zones: () => [...partnerKeys.all, 'zones'] as const,
};

/** One page (50) of the directory; the server searches and filters (D9). */
export async function listPartners(filters: PartnerFilters, cursor: string | null): Promise<PartnerListPage> {
  const query = Object.fromEntries(
    Object.entries({ ...filters, cursor: cursor ?? undefined }).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  const response = await ensureOk(await api.api.partners.$get({ query }));
  return (await response.json()) as PartnerListPage;
}

export function partnerListQueryOptions(filters: PartnerFilters) {
  return infiniteQueryOptions({
    queryKey: partnerKeys.list(filters),
    queryFn: ({ pageParam }) => listPartners(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Keep showing the previous results while a new search runs, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** The directory, kept live: a partner added or edited by anyone, in any tab, shows up without a reload. */
export function usePartnerList(filters: PartnerFilters) {
  useRefetchOn(['partners.changed'], partnerKeys.all);
  return useInfiniteQuery(partnerListQueryOptions(filters));
}
