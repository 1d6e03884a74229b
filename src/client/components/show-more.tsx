import { Button } from '@/components/ui/button';

/** The "Show more" of a paged list (an infinite query): shown while there is a next page. */
export function ShowMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
      </Button>
    </div>
  );
}
