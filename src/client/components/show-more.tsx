import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';

/**
 * The "Show more" of a paged list (an infinite query): shown while there is a next page. The
 * focus moves to the first item of the page that arrives, so a keyboard user reads on from
 * there: the button was disabled while loading and, with the last page, gone, and either sent
 * the focus to the top of the page, past the toolbar and every item again. The items are found
 * by `items` next to the button (a table's rows by default); the button stays enabled while
 * loading, busy and deaf to presses, so it keeps the focus until then.
 */
export function ShowMore({
  query,
  items = 'tbody > tr',
  label = 'Show more',
  loadingLabel = 'Loading...',
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  items?: string;
  label?: string;
  loadingLabel?: string;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  if (!query.hasNextPage) return null;

  const more = async () => {
    if (query.isFetchingNextPage) return;
    const scope = wrapper.current?.parentElement;
    const before = scope?.querySelectorAll(items).length ?? 0;
    await query.fetchNextPage();
    await focusWhenDrawn(() => {
      const first = scope?.querySelectorAll<HTMLElement>(items)[before];
      if (first && !first.hasAttribute('tabindex')) first.tabIndex = -1;
      return first;
    });
  };

  return (
    <div ref={wrapper} className="mt-4 flex justify-center">
      <Button variant="outline" aria-busy={query.isFetchingNextPage || undefined} onClick={() => void more()}>
        {query.isFetchingNextPage ? loadingLabel : label}
      </Button>
    </div>
  );
}
