import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import type { TagInput } from '#shared/schemas/partner-tags';
import { partnerKeys, type PartnerFilters } from './list-partners';

export type TagWithCount = InferResponseType<typeof api.api.partners.tags.$get, 200>['tags'][number];

export const tagKeys = { all: [...partnerKeys.all, 'tags'] as const };

export const tagsQueryOptions = queryOptions({
  queryKey: tagKeys.all,
  queryFn: async () => {
    const response = await ensureOk(await api.api.partners.tags.$get());
    return ((await response.json()) as { tags: TagWithCount[] }).tags;
  },
});

/** Every tag with how many partners carry it; refreshed with the directory (partnerKeys.all). */
export function useTags() {
  return useQuery(tagsQueryOptions);
}

/** Tags, the directory and partner details all refresh after a change of tags. */
function useTagMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

export function useCreateTag() {
  return useTagMutation(async (values: TagInput) => {
    const response = await ensureOk(await api.api.partners.tags.$post({ json: values }));
    return ((await response.json()) as { tag: TagWithCount }).tag;
  });
}

export function useUpdateTag() {
  return useTagMutation(async ({ id, values }: { id: string; values: TagInput }) => {
    await ensureOk(await api.api.partners.tags[':tagId'].$put({ param: { tagId: id }, json: values }));
  });
}

export function useDeleteTag() {
  return useTagMutation(async (id: string) => {
    await ensureOk(await api.api.partners.tags[':tagId'].$delete({ param: { tagId: id } }));
  });
}

export function useSetPartnerTags() {
  return useTagMutation(async ({ partnerId, tagIds }: { partnerId: string; tagIds: string[] }) => {
    await ensureOk(await api.api.partners[':id'].tags.$put({ param: { id: partnerId }, json: { tagIds } }));
  });
}

export interface BulkTagResult {
  matched: number;
  changed: number;
  skipped: number;
}

/** "Tag all" / "Untag all" over every partner the filters match. */
export function useBulkTag() {
  return useTagMutation(
    async ({ tagId, action, filters }: { tagId: string; action: 'tag' | 'untag'; filters: PartnerFilters }) => {
      const response = await ensureOk(
        await api.api.partners.tags[':tagId'].bulk.$post({ param: { tagId }, json: { action, filters } }),
      );
      return (await response.json()) as BulkTagResult;
    },
  );
}

/** The query string of the directory's filters, as the list, the count and the export read it. */
export function filterQuery(filters: PartnerFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

/** How many partners the filters match ("Tag all"'s confirmation, the directory's count). */
export function usePartnerCount({ sort: _order, ...filters }: PartnerFilters, enabled = true) {
  return useQuery({
    queryKey: [...partnerKeys.all, 'count', filters],
    queryFn: async () => {
      const response = await ensureOk(await api.api.partners.count.$get({ query: filterQuery(filters) }));
      return ((await response.json()) as { count: number }).count;
    },
    enabled,
  });
}
