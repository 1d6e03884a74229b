import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refetches the queries under `queryKey` after a change announced by the server, without
 * cancelling a fetch that is already running. The default invalidation cancels it: a "Load
 * more" in flight when someone else's change arrived was dropped, and the list stayed one
 * page short of what the person asked for. A running fetch may have read the data before the
 * change, so once it has finished the queries are refetched again.
 */
export async function refreshAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const busy = queryClient.isFetching({ queryKey }) > 0;
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (busy) await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/**
 * Applies an announced change to the cached data under `queryKey` now, and again to the
 * answer of each of those queries still loading, once it is in: that answer may have been
 * read before the change and would otherwise replace (or be) the data without it, for good.
 * `update` must be idempotent (it runs on data that may already hold the change).
 */
export function updateCachedAndLoading<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
): void {
  queryClient.setQueriesData<T>({ queryKey }, update);
  for (const query of queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    const settled = () => queryClient.setQueryData<T>(query.queryKey, update);
    query.promise?.then(settled, settled);
  }
}
