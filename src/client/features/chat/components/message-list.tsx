import { ArrowDown, Crown, MessageSquare } from 'lucide-react';
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ChatMessage } from '#shared/chat';
import { dayLabel, sameDay } from '../lib/day-label';
import { moveBetweenMessages } from '../lib/message-focus';
import { MessageBubble } from './message-bubble';
import { useNow } from './use-now';

const SCROLL_DELAY_MS = 100;
/** Closer than this to the top, the older page loads; to the bottom, the newer one. */
const LOAD_OLDER_PX = 120;
/** How long a message opened by a link stays highlighted. */
const HIGHLIGHT_MS = 4000;

export interface MessageListProps {
  messages: ChatMessage[] | undefined;
  isPending: boolean;
  currentUserId: string | undefined;
  isAdmin: boolean;
  vip: boolean;
  channelKey: string;
  hasOlder: boolean;
  /** The page does not reach the latest message (opened around an older one). */
  hasNewer: boolean;
  loadOlder: () => Promise<void>;
  /** Loads the page after the last message shown (a page opened around an older message). */
  loadNewer: () => Promise<void>;
  jumpToLatest: () => void;
  /** Where the reader had read to when they opened the channel: the "New messages" line goes after it. */
  readUpTo: number | undefined;
  /** A message to scroll to and highlight (a link to it). */
  focusId: number | undefined;
  mentionsMe: (message: ChatMessage) => boolean;
  /** Whether the reader is at the latest message (so it may count as read). */
  onAtLatest: (atLatest: boolean) => void;
}

/**
 * Oldest first, with a separator above each day and a "New messages" line where the reader
 * stopped. Scrolls to the bottom 100 ms after a channel loads, and again when a message
 * arrives or the messages grow while the reader is at the bottom (not when they have scrolled
 * up to read). Near the top the older page loads, and the messages on screen stay where they were.
 */
export function MessageList(props: MessageListProps) {
  const { messages, isPending, currentUserId, isAdmin, vip, channelKey, hasOlder, hasNewer, focusId } = props;
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [highlight, setHighlight] = useState<number | undefined>(undefined);
  // The message in the Tab order (lib/message-focus.ts): the one last focused, else the newest.
  const [focusedId, setFocusedId] = useState<number | undefined>(undefined);
  const keysHint = useId();
  /** The scroll height and position before an older page was added at the top. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const onAtLatest = useRef(props.onAtLatest);
  useEffect(() => {
    onAtLatest.current = props.onAtLatest;
  });

  const scrollToBottomSoon = () =>
    setTimeout(() => {
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    }, SCROLL_DELAY_MS);

  // A newly selected channel starts at the bottom once its messages are in, unless a link
  // asked for a message.
  const shownKey = `${channelKey}:${focusId ?? ''}`;
  const [placedKey, setPlacedKey] = useState(shownKey);
  if (placedKey !== shownKey) {
    setPlacedKey(shownKey);
    setShowJump(false);
  }
  useEffect(() => {
    atBottom.current = focusId === undefined;
  }, [channelKey, focusId]);

  const count = messages?.length ?? 0;
  const firstId = messages?.[0]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (anchor.current && el) {
      // An older page went in above: keep the messages on screen in place.
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    if (!atBottom.current || isPending) return;
    const timer = scrollToBottomSoon();
    return () => clearTimeout(timer);
  }, [count, firstId, isPending, channelKey]);

  // A linked message: scrolled to the middle and highlighted for a moment.
  useEffect(() => {
    if (focusId === undefined || isPending) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${focusId}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    // A search result opened closes its panel, and the focus fell to the page: it goes to the
    // message. Only when nothing else holds it (the person may already be writing).
    if (document.activeElement === document.body || document.activeElement === null) el.focus({ preventScroll: true });
    setHighlight(focusId);
    const timer = setTimeout(() => setHighlight(undefined), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [focusId, isPending, channelKey]);

  useEffect(() => {
    onAtLatest.current(atBottom.current && !hasNewer);
  }, [count, hasNewer, channelKey]);

  // A message grows after it is placed (its picture loads, an edit is longer) and the list's own
  // box changes (the window, a phone's keyboard): a reader at the bottom stays there, so the
  // last message is seen whole.
  const shown = !isPending && count > 0;
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!shown || !el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !anchor.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown, channelKey]);

  if (isPending) {
    return (
      <div className="flex-1 space-y-4 p-4" aria-label="Loading messages">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={cn('h-14 w-2/3', i % 2 && 'ml-auto')} />
        ))}
      </div>
    );
  }

  if (!messages || messages.length === 0) {
    return (
      // No button: the next step, the message box, is right below.
      <div className="flex flex-1 flex-col justify-center p-4">
        <EmptyState
          icon={vip ? Crown : MessageSquare}
          title={vip ? 'Exclusive VIP Cardholder Success Team Chat' : undefined}
          className="border-none bg-transparent"
        >
          No messages yet in this channel. Start the conversation!
        </EmptyState>
      </div>
    );
  }

  const loadOlder = () => {
    const el = scroller.current;
    if (!el || !hasOlder || loadingOlder) return;
    setLoadingOlder(true);
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    props
      .loadOlder()
      .catch(() => {
        anchor.current = null;
      })
      .finally(() => setLoadingOlder(false));
  };

  // Appended below what is on screen, so nothing moves: no anchor needed.
  const loadNewer = () => {
    if (!hasNewer || loadingNewer) return;
    setLoadingNewer(true);
    props
      .loadNewer()
      .catch(() => {})
      .finally(() => setLoadingNewer(false));
  };

  const inTabOrder = messages.some((m) => m.id === focusedId) ? focusedId : messages.at(-1)!.id;
  const newLineAfter = props.readUpTo;
  const firstUnread =
    newLineAfter === undefined
      ? undefined
      : messages.find((m) => m.id > newLineAfter && m.userId !== currentUserId && !m.deletedAt)?.id;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        role="log"
        aria-label="Messages"
        aria-busy={loadingOlder || loadingNewer || undefined}
        aria-describedby={keysHint}
        tabIndex={0}
        onKeyDown={(e) => moveBetweenMessages(e, scroller.current)}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          setShowJump(!atBottom.current || hasNewer);
          onAtLatest.current(atBottom.current && !hasNewer);
          if (el.scrollTop < LOAD_OLDER_PX) loadOlder();
          if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_OLDER_PX) loadNewer();
        }}
        className="flex-1 overflow-y-auto p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <p id={keysHint} className="sr-only">
          The up and down arrows move between messages; Tab reaches a message&apos;s actions.
        </p>
        <div ref={content} className="space-y-3">
          {hasOlder ? (
            <div className="flex justify-center">
              <Button variant="ghost" size="sm" onClick={loadOlder} disabled={loadingOlder}>
                {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
              </Button>
            </div>
          ) : (
            <p className="text-center text-xs text-muted-foreground">The beginning of this channel</p>
          )}
          {messages.map((m, i) => {
            const created = new Date(m.createdAt);
            const previous = messages[i - 1];
            const newDay = !previous || !sameDay(new Date(previous.createdAt), created);
            const own = m.userId !== null && m.userId === currentUserId;
            return (
              <Fragment key={m.id}>
                {newDay && (
                  <div role="separator" aria-label={dayLabel(created, now)} className="flex items-center gap-3 py-1">
                    <span className="h-px flex-1 bg-border" />
                    <span className="text-xs font-medium text-muted-foreground">{dayLabel(created, now)}</span>
                    <span className="h-px flex-1 bg-border" />
                  </div>
                )}
                {m.id === firstUnread && (
                  <div role="separator" aria-label="New messages" className="flex items-center gap-3">
                    <span className="h-px flex-1 bg-red-500" />
                    <span className="text-xs font-semibold text-red-600">New messages</span>
                    <span className="h-px flex-1 bg-red-500" />
                  </div>
                )}
                <MessageBubble
                  message={m}
                  own={own}
                  canDelete={own || isAdmin}
                  mentionsMe={!own && props.mentionsMe(m)}
                  highlighted={highlight === m.id}
                  now={now}
                  inTabOrder={m.id === inTabOrder}
                  onFocused={setFocusedId}
                />
              </Fragment>
            );
          })}
          {hasNewer && (
            <div className="flex justify-center">
              <Button variant="ghost" size="sm" onClick={loadNewer} disabled={loadingNewer}>
                {loadingNewer ? 'Loading newer messages…' : 'Load newer messages'}
              </Button>
            </div>
          )}
        </div>
      </div>
      {(showJump || hasNewer) && (
        <Button
          size="sm"
          variant="secondary"
          className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-md"
          onClick={() => {
            if (hasNewer) return props.jumpToLatest();
            const el = scroller.current;
            atBottom.current = true;
            setShowJump(false);
            if (el) el.scrollTop = el.scrollHeight;
            onAtLatest.current(true);
          }}
        >
          <ArrowDown aria-hidden="true" />
          Jump to latest
        </Button>
      )}
    </div>
  );
}
