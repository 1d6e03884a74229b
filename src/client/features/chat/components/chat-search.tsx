import { format } from 'date-fns';
import { DATE_TIME_FORMAT } from '#shared/format';
import { Search } from 'lucide-react';
import { useId, useRef, useState, type FocusEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CHAT_TYPE_BADGES } from '#shared/chat';
import { SEARCH_QUERY_MAX, searchWords, type ChatSearchResult } from '#shared/chat-search';
import { useSearchMessages } from '../api/search-messages';
import { highlightSegments } from './highlight';

const SEARCH_DELAY_MS = 300;

/** Where a search result opens: its channel, at the message. */
export function messageLink(result: Pick<ChatSearchResult, 'id' | 'chatType' | 'partner'>): string {
  return `/chat?${new URLSearchParams({ type: result.chatType, channel: result.partner, message: String(result.id) })}`;
}

/**
 * The chat header's search box (issue 23 item 5). Results come from the server, which only
 * searches channels the reader may see; they show in a panel under the box, newest first.
 * Escape closes the panel; a result opens its channel at the message.
 */
export function ChatSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const showPanel = open && q.length > 0;

  const choose = (result: ChatSearchResult) => {
    setOpen(false);
    // The chat page opens the channel at the message the address names, as for any link to it.
    void navigate(messageLink(result));
  };
  // The panel closes when the focus leaves the search (not when it moves into the results).
  const onBlur = (e: FocusEvent) => {
    if (!container.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div
      ref={container}
      role="search"
      className="relative ml-auto w-full sm:w-72"
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          input.current?.focus();
        }
      }}
    >
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        ref={input}
        type="search"
        aria-label="Search messages"
        placeholder="Search messages"
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        aria-controls={showPanel ? panelId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        className="pl-9"
      />
      {showPanel && (
        <div
          id={panelId}
          className="absolute right-0 top-full z-30 mt-2 max-h-[70vh] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border bg-card p-2 shadow-lg"
        >
          <SearchResults q={q} onChoose={choose} />
        </div>
      )}
    </div>
  );
}

function SearchResults({ q, onChoose }: { q: string; onChoose: (result: ChatSearchResult) => void }) {
  const search = useSearchMessages(q);
  const words = searchWords(q);
  if (search.isPending) return <Spinner className="py-6" label="Searching messages" />;
  if (search.isError) {
    return (
      <div role="alert" className="space-y-2 p-3 text-sm">
        <p className="text-destructive">Search failed: {search.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const results = search.data.pages.flatMap((p) => p.results);
  if (results.length === 0) {
    return (
      <p role="status" className="p-3 text-sm text-muted-foreground">
        No messages match
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Search results" className="space-y-1">
        {results.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              onClick={() => onChoose(r)}
              className="w-full rounded-md p-2 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground"># {r.partner}</span>
                <Badge
                  variant={
                    r.chatType === 'cardholder_success'
                      ? 'warning'
                      : r.chatType === 'coordinator'
                        ? 'secondary'
                        : 'default'
                  }
                >
                  {CHAT_TYPE_BADGES[r.chatType]}
                </Badge>
                <span>{r.userName}</span>
                <time dateTime={r.createdAt}>{format(new Date(r.createdAt), DATE_TIME_FORMAT)}</time>
              </span>
              <span className="mt-1 line-clamp-3 whitespace-pre-wrap break-words text-sm">
                {highlightSegments(r.content, words).map((s, i) =>
                  s.match ? (
                    <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-foreground">
                      {s.text}
                    </mark>
                  ) : (
                    s.text
                  ),
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {search.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1 w-full"
          disabled={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          {search.isFetchingNextPage ? 'Loading…' : 'Show older results'}
        </Button>
      )}
    </>
  );
}
