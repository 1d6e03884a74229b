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
