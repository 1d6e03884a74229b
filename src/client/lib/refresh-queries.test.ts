import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from './refresh-queries';

interface Page {
  rows: string[];
  next: number;
}

/** A list served 50 rows at a time; `version` changes what the rows say. */
function pagedList() {
  const source = { version: 1, calls: 0 };
  const queryFn = async ({ pageParam }: { pageParam: number }): Promise<Page> => {
    source.calls += 1;
    const version = source.version;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { rows: Array.from({ length: 50 }, (_, i) => `v${version}-${pageParam + i}`), next: pageParam + 50 };
  };
  return { source, queryFn };
}

describe('refreshAfterChange', () => {
  it('lets a "Load more" that is running finish, then refetches every page so the change is seen', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { source, queryFn } = pagedList();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['partners', 'list'],
      queryFn,
      initialPageParam: 0,
      getNextPageParam: (last: Page) => last.next,
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    expect(observer.getCurrentResult().data?.pages).toHaveLength(1);

    const loadingMore = observer.fetchNextPage();
    source.version = 2; // someone else's change lands while the second page is on its way
    await Promise.all([loadingMore, refreshAfterChange(client, ['partners'])]);

    const pages = observer.getCurrentResult().data?.pages ?? [];
    expect(pages).toHaveLength(2);
    expect(pages.flatMap((page) => page.rows)[0]).toBe('v2-0');
    expect(pages[1]?.rows[0]).toBe('v2-50');
    unsubscribe();
  });

  it('refetches once when nothing is running', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { source, queryFn } = pagedList();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['partners', 'list'],
      queryFn,
      initialPageParam: 0,
      getNextPageParam: (last: Page) => last.next,
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    const before = source.calls;
    source.version = 3;
    await refreshAfterChange(client, ['partners']);
    expect(source.calls - before).toBe(1);
    expect(observer.getCurrentResult().data?.pages[0]?.rows[0]).toBe('v3-0');
    unsubscribe();
  });
});
